import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the services operations, from the seeded demo data. */
export const servicesExamples: ExamplesByOperation = {
  'GET /services/:userId/intake': {
    params: { userId: '5eed0000-0000-4000-8000-000000000003' },
    query: { service: 'RSMRVW' },
    responses: {
      200: {
        Service: 'RSMRVW',
        Status: 'answered',
        OrderID: null,
        ReviewOrderID: 9001,
        Answers: null,
        AnsweredAt: null,
        SkuID: 120,
        FormattedPrice: '$19.95',
      },
    },
  },
  'POST /services/:userId/intake': {
    params: { userId: '5eed0000-0000-4000-8000-000000000001' },
    body: {
      service: 'RSMRVW',
      answers: {
        targetJobTitle: 'Senior Product Manager',
        yearsExperience: 8,
        industry: 'Software',
        companyName: 'Northwind Traders',
        comments: 'Please focus on leadership experience.',
      },
      order_id: 700037,
    },
    responses: {
      200: {
        Service: 'RSMRVW',
        Status: 'answered',
        OrderID: 700037,
        ReviewOrderID: 9035,
        Answers: {
          comments: 'Please focus on leadership experience.',
          industry: '',
          companyName: '',
          targetJobTitle: 'Senior Product Manager',
          yearsExperience: null,
        },
        AnsweredAt: '2026-12-07T23:25:59.282Z',
        SkuID: 120,
        FormattedPrice: '$19.95',
      },
      201: {
        Service: 'RSMRVW',
        Status: 'answered',
        OrderID: 700037,
        ReviewOrderID: 9035,
        Answers: {
          comments: 'Please focus on leadership experience.',
          industry: '',
          companyName: '',
          targetJobTitle: 'Senior Product Manager',
          yearsExperience: null,
        },
        AnsweredAt: '2026-12-07T23:25:59.282Z',
        SkuID: 120,
        FormattedPrice: '$19.95',
      },
    },
  },
};
