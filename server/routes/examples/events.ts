import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the events operations, from the seeded demo data. */
export const eventsExamples: ExamplesByOperation = {
  'POST /events': {
    body: {
      user_id: '5eed0000-0000-4000-8000-000000000003',
      event_name: 'screen viewed',
      props: { page_code: 'PricingPage', path: '/payment/pricing' },
    },
    responses: { 202: { id: 1 } },
  },
  'POST /events/subscription/cancelled': {
    body: {
      user_id: '5eed0000-0000-4000-8000-000000000003',
      subscription_id: 50002,
      props: { cancellation_strategy: 'Default' },
    },
    responses: { 202: { id: 2 } },
  },
};
