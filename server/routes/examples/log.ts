import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the log operations, from the seeded demo data. */
export const logExamples: ExamplesByOperation = {
  'POST /log': {
    body: {
      CurrentURL: 'https://www.example.com/payment/checkout',
      ReferrerURL: 'https://www.example.com/payment/pricing',
      UserUID: '5eed0000-0000-4000-8000-000000000003',
      PortalID: 1,
      ErrorType: 'TypeError',
      MethodName: 'checkout.pay',
      ErrorMessage: "Cannot read properties of undefined (reading 'SkuID')",
      Device: 'Desktop',
    },
    responses: { 202: { id: 1 } },
  },
};
