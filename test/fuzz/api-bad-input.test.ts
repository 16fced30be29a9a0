import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '../../src/api/schemas/common';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { snapshot } from '../support/snapshot';

/** Every table a request could write to (rate-limit counters count attempts by design). */
const DATA_TABLES = [
  'users', 'user_preferences', 'user_stages', 'billing_users', 'subscriptions', 'transactions', 'payment_attempts', 'survey_answers',
  'cancellation_requests', 'documents', 'review_orders', 'free_reviews', 'events', 'error_logs', 'idempotency_keys', 'outbox_emails',
];

const uid = PERSONA_UID['active-us'];
const POSTS = [
  '/api/users/userstage',
  `/api/users/${uid}/savepreference`,
  '/api/payments',
  '/api/payments/billinguser',
  '/api/v2/payments/' + uid + '/transactions/700002/complete',
  '/api/subscriptions/cancelv2',
  '/api/subscriptions/survey',
  '/api/v2/subscriptions/cancel',
  '/api/events',
  '/api/events/subscription/cancelled',
  '/api/log',
];

const GETS = [
  '/api/skus',
  '/api/users/geolocation',
  `/api/payments/${uid}/transactions`,
  '/api/subscriptions',
  '/api/documents/list',
  '/api/documents/metadata',
  '/api/documents/download',
  '/api/pages',
  '/api/pages/features',
  '/api/config/features',
  '/api/config/csdetails',
];

const hugeString = fc.string({ minLength: 20_000, maxLength: 60_000 });
const weirdValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', '00000000-0000-0000-0000-000000000000', '<script>', "' or 1=1 --", '\u0000', '🙂'.repeat(10)),
);
/** Bodies built from the endpoints' own field names, with wrong types, missing fields and junk. */
const FIELD_NAMES = ['user_uid', 'sku_id', 'session_guid', 'payment_method', 'card_type', 'last_four_digits', 'fail_payment', 'subscription_id', 'reason_cd',
  'email_address', 'account_id', 'portal_id', 'is_extraordinary_cancellation', 'cancellation_request_time', 'user_id', 'event_name', 'props', 'code', 'value',
  'UserUID', 'ProductCD', 'PortalID', 'UserStageID', 'SessionID', 'CurrentURL', 'ErrorType', 'MethodName', 'ErrorMessage', 'first_name', 'last_name', 'country_cd'];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), weirdValue, { maxKeys: 8 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), hugeString, { minKeys: 1, maxKeys: 2 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }).map((s) => ({ __raw: s })),
);
const query = fc.dictionary(
  fc.constantFrom('userUID', 'countryCD', 'zipCode', 'skip', 'top', 'startDate', 'endDate', 'transactionTypes', 'documentId', 'visitorPortalID', 'moduleName', 'isCurrentOnly', 'userId', 'portalId', 'preview'),
  fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.integer().map(String), fc.constantFrom('', '-5', '1000000000', 'RFND,XXX', '2026-13-45', uid)),
  { maxKeys: 6 },
);

describe('generated bad input never breaks the API', () => {
  let api: TestApi;
  let cookie: string;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    cookie = await api.signIn('active-us');
  });
  afterAll(() => api?.close());

  it.each(POSTS)('POST %s: no 5xx, the documented error body, and no write when rejected', async (path) => {
    await fc.assert(
      fc.asyncProperty(body, async (generated) => {
        const payload = typeof generated === 'object' && generated && '__raw' in generated ? String((generated as { __raw: string }).__raw) : JSON.stringify(generated);
        const before = await snapshot(api.db, DATA_TABLES);
        const response = await api.post(path, payload, cookie);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(apiErrorBody.safeParse(response.body).success).toBe(true);
          expect(await snapshot(api.db, DATA_TABLES)).toEqual(before);
        }
      }),
      { numRuns: 40, seed: 20261122 },
    );
  });

  it.each(GETS)('GET %s with generated queries: no 5xx and the documented error body', async (path) => {
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const response = await api.get(`${path}?${new URLSearchParams(params)}`, cookie);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(apiErrorBody.safeParse(response.body).success).toBe(true);
      }),
      { numRuns: 40, seed: 20261122 },
    );
  });
});
