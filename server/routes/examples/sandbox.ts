import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the sandbox operations, from the seeded demo data. */
export const sandboxExamples: ExamplesByOperation = {
  'GET /sandbox/card-frame': {
    query: {
      skuId: '102',
      sessionGuid: '4a7e9c21-3b5d-4f68-9a0b-c1d2e3f4a5b6',
      lang: 'en-US',
      method: 'CRCD',
      mode: 'pay',
    },
  },
  'GET /sandbox/apm': { query: { transactionId: '700038', skuId: '102', method: 'PYPL', lang: 'en-US' } },
  'GET /sandbox/:asset': { params: { asset: 'card-frame.js' } },
};
