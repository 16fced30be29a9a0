import { describe, expect, it } from 'vitest';
import { redactPersonalData } from '../../server/http/log-redaction';

describe('redactPersonalData', () => {
  it.each([
    [
      'GET /api/users/5eed0000-0000-4000-8000-000000000009/preferences 200 1.2ms',
      'GET /api/users/:uuid/preferences 200 1.2ms',
    ],
    [
      'GET /api/payments/5EED0000-0000-4000-8000-00000000000A/transactions 403 0.8ms',
      'GET /api/payments/:uuid/transactions 403 0.8ms',
    ],
    ['GET /api/users/oliver.hughes@example.co.uk/preferences 400 1.0ms', 'GET /api/users/:email/preferences 400 1.0ms'],
    [
      'GET /api/users/oliver.hughes%40example.co.uk/preferences 400 1.0ms',
      'GET /api/users/:email/preferences 400 1.0ms',
    ],
    ['GET /api/lookup/100000007 404 0.3ms', 'GET /api/lookup/:number 404 0.3ms'],
    ['GET /api/s/Xq3v_9kLmN0pQrStUvWxYz-12345678abcd 404 0.3ms', 'GET /api/s/:token 404 0.3ms'],
    [
      'error GET /api/x: invalid input syntax for type uuid: "jane@example.org"',
      'error GET /api/x: invalid input syntax for type uuid: ":email"',
    ],
  ])('%s', (line, expected) => {
    expect(redactPersonalData(line)).toBe(expected);
  });

  it.each([
    'POST /api/v2/subscriptions/cancel 201 12.4ms',
    'GET /api/payments/alreadysubscribeduser 401 0.4ms',
    'GET /payment/assets/index-3f9a1c.js 200 0.2ms',
    'GET /api/skus/120/upsell 200 2.0ms',
    'POST /api/payments/free-resumereview 403 1.1ms',
  ])('leaves a line without personal data as it is: %s', (line) => {
    expect(redactPersonalData(line)).toBe(line);
  });
});
