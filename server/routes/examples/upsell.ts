import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the upsell operations, from the seeded demo data. */
export const upsellExamples: ExamplesByOperation = {
  'POST /upsell/survey': {
    body: {
      user_uid: '5eed0000-0000-4000-8000-000000000003',
      order_id: 700002,
      reason: 'tooExpensive',
      answer_key: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
    },
    responses: {
      200: {
        AnswerID: 1,
        OrderID: 700002,
        Reason: 'tooExpensive',
        CreatedAt: '2026-12-07T23:25:58.296Z',
        Replayed: true,
      },
      201: {
        AnswerID: 1,
        OrderID: 700002,
        Reason: 'tooExpensive',
        CreatedAt: '2026-12-07T23:25:58.296Z',
        Replayed: false,
      },
    },
  },
  'GET /upsell/survey/:userId': {
    params: { userId: '5eed0000-0000-4000-8000-000000000003' },
    responses: {
      200: {
        Items: [
          {
            AnswerID: 1,
            OrderID: 700002,
            Reason: 'tooExpensive',
            CreatedAt: '2026-12-07T23:25:58.296Z',
            Replayed: false,
          },
        ],
      },
    },
  },
};
