import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the demo operations, from the seeded demo data. */
export const demoExamples: ExamplesByOperation = {
  'GET /demo/personas': {
    responses: {
      200: {
        Personas: [
          { id: 'active-de', name: 'Lena Schneider', country: 'DE', culture: 'de-DE', userType: 'ACTV', subRole: null },
          { id: 'active-uk', name: 'Oliver Hughes', country: 'GB', culture: 'en-GB', userType: 'ACTV', subRole: null },
        ],
      },
    },
  },
  'GET /demo/outbox': { query: { to: 'lena.schneider@example.de', limit: '5' }, responses: { 200: { Emails: [] } } },
  'DELETE /demo/session': {},
  'GET /demo/session': { query: { persona: 'active-us', next: '/payment/mysettings', fresh: '1' } },
};
