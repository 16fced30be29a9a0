import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the winback operations, from the seeded demo data. */
export const winbackExamples: ExamplesByOperation = {
  'GET /winback/:userId': {
    params: { userId: '5eed0000-0000-4000-8000-000000000003' },
    responses: { 200: { Standing: 'active', Audience: null, CancellationDays: null } },
  },
};
