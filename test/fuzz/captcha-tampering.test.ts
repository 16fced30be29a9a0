import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '../../src/api/schemas/common';
import { startTestApi, type TestApi } from '../support/api-client';
import { decodeCaptcha, solveCaptcha } from '../support/captcha';
import { snapshot } from '../support/snapshot';

/** Every table a request could write to (rate-limit counters count attempts by design). */
const DATA_TABLES = [
  'users',
  'user_preferences',
  'user_stages',
  'billing_users',
  'subscriptions',
  'transactions',
  'payment_attempts',
  'survey_answers',
  'cancellation_requests',
  'documents',
  'review_orders',
  'free_reviews',
  'events',
  'error_logs',
  'idempotency_keys',
  'outbox_emails',
  'captcha_solutions',
  'server_secrets',
];

/** Real solved captchas (filled in once the server is up), so generated bodies can carry one. */
const solvedCaptchas: string[] = [];

const weirdValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '00000000-0000-0000-0000-000000000000',
    '<script>',
    "' or 1=1 --",
    '\u0000',
    '🙂'.repeat(10),
  ),
  fc.integer({ min: 0, max: 2 }).map((i) => solvedCaptchas[i] ?? ''),
);

describe('a tampered captcha on the logged-out cancellation form', () => {
  let api: TestApi;

  beforeAll(async () => {
    // The limit on the logged-out form would otherwise answer 429 before the body is even read.
    api = await startTestApi('pglite', { RATE_LIMIT_CANCELLATION: '100000' });
    for (let i = 0; i < 3; i += 1) solvedCaptchas.push(await solveCaptcha(api));
  });
  afterAll(() => api?.close());

  it('POST /api/v2/subscriptions/cancel, right in every field but a generated or tampered captcha: 400 naming captcha, no write', async () => {
    const real = await solveCaptcha(api);
    const decoded = decodeCaptcha(real);
    const PATHS = [
      'challenge',
      'solution',
      'challenge.signature',
      'challenge.parameters',
      'challenge.parameters.algorithm',
      'challenge.parameters.nonce',
      'challenge.parameters.salt',
      'challenge.parameters.cost',
      'challenge.parameters.keyLength',
      'challenge.parameters.keyPrefix',
      'challenge.parameters.keySignature',
      'challenge.parameters.expiresAt',
      'challenge.parameters.data',
      'solution.counter',
      'solution.derivedKey',
    ];
    /** The real payload with one part replaced (or removed) by a generated value. */
    const tampered = fc
      .record({
        path: fc.constantFrom(...PATHS),
        value: fc.oneof(weirdValue, fc.constant(undefined), fc.jsonValue({ maxDepth: 2 })),
      })
      .map(({ path, value }) => {
        const copy = JSON.parse(JSON.stringify(decoded));
        const keys = path.split('.');
        const parent = keys.slice(0, -1).reduce((node, key) => node[key], copy);
        parent[keys.at(-1)!] = value;
        return Buffer.from(JSON.stringify(copy)).toString('base64');
      });
    const captcha = fc.oneof(
      tampered,
      fc.base64String({ maxLength: 800 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v)).toString('base64')),
      fc.string({ unit: 'binary', maxLength: 300 }).map((v) => Buffer.from(v).toString('base64')),
      weirdValue,
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(captcha, async (value) => {
        fc.pre(value !== real && !solvedCaptchas.includes(value as string));
        n += 1;
        const body = {
          email_address: `fuzz${n}@example.org`,
          portal_id: 1,
          account_id: String(880000 + n),
          is_extraordinary_cancellation: false,
          cancellation_request_time: '2026-11-22T10:00',
          captcha: value,
        };
        const before = await snapshot(api.db, DATA_TABLES);
        const response = await api.post('/api/v2/subscriptions/cancel', body);
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(apiErrorBody.safeParse(response.body).success).toBe(true);
        expect(Object.keys(response.body.error.fields)).toEqual(['captcha']);
        expect(['VALIDATION_FAILED', 'CAPTCHA_INVALID', 'CAPTCHA_EXPIRED']).toContain(response.body.error.code);
        expect(await snapshot(api.db, DATA_TABLES)).toEqual(before);
      }),
      { numRuns: 150, seed: 20261122 },
    );
    // The untouched payload still goes through: the refusals were about the captcha alone.
    expect(
      (
        await api.post('/api/v2/subscriptions/cancel', {
          email_address: 'fuzz@example.org',
          portal_id: 1,
          account_id: '889999',
          is_extraordinary_cancellation: false,
          cancellation_request_time: '2026-11-22T10:00',
          captcha: real,
        })
      ).status,
    ).toBe(201);
  });
});
