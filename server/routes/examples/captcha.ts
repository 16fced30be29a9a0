import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the captcha operations, from the seeded demo data. */
export const captchaExamples: ExamplesByOperation = {
  'GET /captcha/challenge': {
    responses: {
      200: {
        parameters: {
          algorithm: 'PBKDF2/SHA-256',
          cost: 1000,
          expiresAt: 1796686557,
          keyLength: 32,
          keyPrefix: 'a6f1683d65db82b868c668d379c3e0b8',
          keySignature: '3586a92b53622df83cbd431974906366a0402ad5c4eea3294009154f37339a73',
          nonce: 'f6fa9e1d442c97bb5bb7dc065c94f773',
          salt: 'f55816070f4344d8f5703b24ccefe282',
        },
        signature: '70d5ed6edc4eb58bf48fca70aa06cba1fb1eaaf9403ba0410738e00292704654',
      },
    },
  },
};
