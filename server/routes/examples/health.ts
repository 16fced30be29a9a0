import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the health operations, from the seeded demo data. */
export const healthExamples: ExamplesByOperation = {
  'GET /health': { responses: { 200: { ok: true, database: 'up', kind: 'pglite' } } },
};
