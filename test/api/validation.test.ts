import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type ApiResponse, type TestApi } from '../support/api-client';
import { encodeCaptcha, solveCaptcha } from '../support/captcha';
import { targets } from '../support/databases';
import { snapshot } from '../support/snapshot';

/**
 * Every POST call, given a bad body (or bad query or path), answers 400 with
 * { error: { code, message, fields } } naming each bad field, and writes nothing.
 */

const N = PERSONA_UID['new-us'];
const INVALID_JSON = '{"oops": ';

interface Endpoint {
  name: string;
  /** The tables a good request of this kind writes to. */
  tables: string[];
  /** A body given as a function is made on the spot (for one that needs a solved captcha). */
  bad: {
    label: string;
    path: string;
    body?: unknown | ((ctx: Ctx) => Promise<unknown>);
    fields: string[];
    code?: string;
  }[];
  /** A good request (prepared on the spot) that does write: proves the tables are the right ones. */
  good(ctx: Ctx): Promise<{ path: string; body?: unknown; persona: Persona; status: number }>;
}

type Persona = 'new-us' | 'trial-us' | 'new-in';
interface Ctx {
  api: TestApi;
  cookies: Record<Persona, string>;
}

const subscriptionOf = async (api: TestApi, uid: string) => {
  const [row] = await api.db.query<{ subscription_id: string }>(
    'select subscription_id from subscriptions where user_uid = $1 order by start_date desc limit 1',
    [uid],
  );
  return Number(row!.subscription_id);
};

/** A logged-out cancellation request that is right in every field, with a freshly solved captcha. */
const cancellationRequest = async (api: TestApi, overrides: Record<string, unknown> = {}) => ({
  email_address: 'lena.schneider@example.de',
  portal_id: 3,
  account_id: '100000008',
  is_extraordinary_cancellation: false,
  cancellation_request_time: '2026-11-22T10:00',
  captcha: await solveCaptcha(api),
  ...overrides,
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'users/userstage',
    tables: ['user_stages'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/users/userstage',
        body: { UserUID: 'not-a-guid', ProductCD: 42, PortalID: 'one', UserStageID: -1, SessionID: '' },
        fields: ['UserUID', 'ProductCD', 'PortalID', 'UserStageID', 'SessionID'],
      },
      {
        label: 'missing fields',
        path: '/api/users/userstage',
        body: { UserUID: N },
        fields: ['ProductCD', 'PortalID', 'UserStageID', 'SessionID'],
      },
      { label: 'a JSON array', path: '/api/users/userstage', body: [], fields: ['body'] },
      {
        label: 'invalid JSON',
        path: '/api/users/userstage',
        body: INVALID_JSON,
        fields: ['body'],
        code: 'INVALID_JSON',
      },
    ],
    good: async () => ({
      path: '/api/users/userstage',
      body: { UserUID: N, ProductCD: 'RSMBLD', PortalID: 1, UserStageID: 2, SessionID: 'sess-1' },
      persona: 'new-us',
      status: 201,
    }),
  },
  {
    name: 'users/{id}/savepreference',
    tables: ['user_preferences'],
    bad: [
      {
        label: 'wrong types',
        path: `/api/users/${N}/savepreference`,
        body: { code: 'has spaces', value: 7 },
        fields: ['code', 'value'],
      },
      { label: 'missing fields', path: `/api/users/${N}/savepreference`, body: {}, fields: ['code', 'value'] },
      {
        label: 'value too long',
        path: `/api/users/${N}/savepreference`,
        body: { code: 'LOW_INTENT_USER', value: 'x'.repeat(2001) },
        fields: ['value'],
      },
      {
        label: 'invalid JSON',
        path: `/api/users/${N}/savepreference`,
        body: INVALID_JSON,
        fields: ['body'],
        code: 'INVALID_JSON',
      },
      {
        label: 'a user id that is not a GUID',
        path: '/api/users/not-a-guid/savepreference',
        body: { code: 'A', value: 'b' },
        fields: ['userId'],
      },
    ],
    good: async () => ({
      path: `/api/users/${N}/savepreference`,
      body: { code: 'LOW_INTENT_USER', value: 'true' },
      persona: 'new-us',
      status: 200,
    }),
  },
  {
    name: 'payments',
    tables: ['transactions', 'subscriptions', 'payment_attempts', 'idempotency_keys', 'users', 'review_orders'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/payments',
        body: {
          user_uid: 123,
          sku_id: 'annual',
          session_guid: 'x',
          fail_payment: 'no',
          payment_method: 'CASH',
          defer_completion: 1,
        },
        fields: ['user_uid', 'sku_id', 'session_guid', 'fail_payment', 'payment_method', 'defer_completion'],
      },
      {
        label: 'missing fields',
        path: '/api/payments',
        body: {},
        fields: ['user_uid', 'sku_id', 'session_guid', 'payment_method'],
      },
      {
        label: 'a card payment without card details',
        path: '/api/payments',
        body: { user_uid: N, sku_id: 103, session_guid: randomUUID(), payment_method: 'CRCD' },
        fields: ['card_type', 'last_four_digits'],
      },
      {
        label: 'a bad card type and last four digits',
        path: '/api/payments',
        body: {
          user_uid: N,
          sku_id: 103,
          session_guid: randomUUID(),
          payment_method: 'CRCD',
          card_type: 'DINERS',
          last_four_digits: '42a',
        },
        fields: ['card_type', 'last_four_digits'],
      },
      { label: 'invalid JSON', path: '/api/payments', body: INVALID_JSON, fields: ['body'], code: 'INVALID_JSON' },
    ],
    good: async () => ({
      path: '/api/payments',
      body: {
        user_uid: N,
        sku_id: 120,
        session_guid: randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
      },
      persona: 'new-us',
      status: 201,
    }),
  },
  {
    name: 'payments/billinguser',
    tables: ['billing_users'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/payments/billinguser',
        body: { user_uid: N, first_name: '   ', last_name: 5, zip_code: '1234567890123', country_cd: 'USA' },
        fields: ['first_name', 'last_name', 'zip_code', 'country_cd'],
      },
      {
        label: 'missing fields',
        path: '/api/payments/billinguser',
        body: {},
        fields: ['user_uid', 'first_name', 'last_name', 'country_cd'],
      },
      {
        label: 'invalid JSON',
        path: '/api/payments/billinguser',
        body: INVALID_JSON,
        fields: ['body'],
        code: 'INVALID_JSON',
      },
    ],
    good: async () => ({
      path: '/api/payments/billinguser',
      body: { user_uid: N, first_name: 'Nora', last_name: 'Newman', zip_code: '78701', country_cd: 'us' },
      persona: 'new-us',
      status: 200,
    }),
  },
  {
    name: 'payments/free-resumereview',
    tables: ['review_orders', 'free_reviews'],
    bad: [
      {
        label: 'no query at all',
        path: '/api/payments/free-resumereview',
        fields: ['userUID', 'isNonCancellationFlow', 'deviceType', 'productCD', 'skuPortalID'],
      },
      {
        label: 'bad query values',
        path: `/api/payments/free-resumereview?userUID=${PERSONA_UID['trial-us']}&isNonCancellationFlow=maybe&deviceType=Watch&productCD=RSMRVW&skuPortalID=zero`,
        fields: ['isNonCancellationFlow', 'deviceType', 'skuPortalID'],
      },
      {
        label: 'a user id that is not a GUID',
        path: '/api/payments/free-resumereview?userUID=42&isNonCancellationFlow=false&deviceType=Desktop&productCD=RSMRVW&skuPortalID=1',
        fields: ['userUID'],
      },
    ],
    good: async () => ({
      path: `/api/payments/free-resumereview?userUID=${PERSONA_UID['trial-us']}&isNonCancellationFlow=false&deviceType=Desktop&productCD=RSMRVW&skuPortalID=1`,
      body: {},
      persona: 'trial-us',
      status: 201,
    }),
  },
  {
    name: 'v2/payments/{userId}/transactions/{id}/complete',
    tables: ['transactions', 'subscriptions', 'users'],
    bad: [
      {
        label: 'bad user id and transaction id',
        path: '/api/v2/payments/not-a-guid/transactions/abc/complete',
        body: {},
        fields: ['userId', 'id'],
      },
      {
        label: 'a negative transaction id',
        path: `/api/v2/payments/${N}/transactions/-5/complete`,
        body: {},
        fields: ['id'],
      },
    ],
    good: async ({ api, cookies }) => {
      const uid = PERSONA_UID['new-in'];
      const pending = await api.post(
        '/api/payments',
        { user_uid: uid, sku_id: 402, session_guid: randomUUID(), payment_method: 'DUPI', defer_completion: true },
        cookies['new-in'],
      );
      expect(pending.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'PEND' });
      return {
        path: `/api/v2/payments/${uid}/transactions/${pending.body.TransactionID}/complete`,
        body: {},
        persona: 'new-in',
        status: 200,
      };
    },
  },
  {
    name: 'subscriptions/cancelv2',
    tables: ['subscriptions', 'users'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/subscriptions/cancelv2',
        body: { user_uid: 'x', subscription_id: 'one', cancellation_strategy: 'Now' },
        fields: ['user_uid', 'subscription_id', 'cancellation_strategy'],
      },
      {
        label: 'missing fields',
        path: '/api/subscriptions/cancelv2',
        body: {},
        fields: ['user_uid', 'subscription_id'],
      },
      {
        label: 'invalid JSON',
        path: '/api/subscriptions/cancelv2',
        body: INVALID_JSON,
        fields: ['body'],
        code: 'INVALID_JSON',
      },
    ],
    good: async ({ api }) => ({
      path: '/api/subscriptions/cancelv2',
      body: { user_uid: PERSONA_UID['trial-us'], subscription_id: await subscriptionOf(api, PERSONA_UID['trial-us']) },
      persona: 'trial-us',
      status: 200,
    }),
  },
  {
    name: 'subscriptions/survey',
    tables: ['survey_answers'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/subscriptions/survey',
        body: { user_uid: N, reason_cd: 99, flow_type: 'Quick', reason_text: 5, subscription_id: 0 },
        fields: ['reason_cd', 'flow_type', 'reason_text', 'subscription_id'],
      },
      { label: 'missing fields', path: '/api/subscriptions/survey', body: {}, fields: ['user_uid', 'reason_cd'] },
      {
        label: 'invalid JSON',
        path: '/api/subscriptions/survey',
        body: INVALID_JSON,
        fields: ['body'],
        code: 'INVALID_JSON',
      },
    ],
    good: async () => ({
      path: '/api/subscriptions/survey',
      body: { user_uid: N, reason_cd: 3, reason_text: 'Too pricey' },
      persona: 'new-us',
      status: 201,
    }),
  },
  {
    name: 'v2/subscriptions/cancel',
    tables: ['cancellation_requests', 'subscriptions', 'users', 'outbox_emails', 'captcha_solutions'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/v2/subscriptions/cancel',
        body: {
          email_address: 'nope',
          portal_id: '3',
          account_id: '12ab',
          is_extraordinary_cancellation: 'yes',
          cancellation_request_time: 'yesterday',
          cancellation_date: 'soon',
          captcha: 42,
        },
        fields: [
          'email_address',
          'portal_id',
          'account_id',
          'is_extraordinary_cancellation',
          'cancellation_request_time',
          'cancellation_date',
          'captcha',
        ],
      },
      {
        label: 'missing fields',
        path: '/api/v2/subscriptions/cancel',
        body: {},
        fields: [
          'email_address',
          'portal_id',
          'account_id',
          'is_extraordinary_cancellation',
          'cancellation_request_time',
          'captcha',
        ],
      },
      // A solved captcha does not let a bad field through, and is not used up by the refusal.
      {
        label: 'a reason on an ordinary cancellation',
        path: '/api/v2/subscriptions/cancel',
        body: ({ api }: Ctx) => cancellationRequest(api, { cancellation_reason: 'Umzug' }),
        fields: ['cancellation_reason'],
      },
      {
        label: 'an account id of 129 digits',
        path: '/api/v2/subscriptions/cancel',
        body: ({ api }: Ctx) => cancellationRequest(api, { account_id: '1'.repeat(129) }),
        fields: ['account_id'],
      },
      {
        label: 'no captcha',
        path: '/api/v2/subscriptions/cancel',
        body: async ({ api }: Ctx) => ({ ...(await cancellationRequest(api)), captcha: undefined }),
        fields: ['captcha'],
      },
      {
        label: 'a captcha that is not a payload',
        path: '/api/v2/subscriptions/cancel',
        body: ({ api }: Ctx) => cancellationRequest(api, { captcha: 'not a captcha!' }),
        fields: ['captcha'],
      },
      {
        label: 'a captcha nobody solved',
        path: '/api/v2/subscriptions/cancel',
        body: async ({ api }: Ctx) => {
          const challenge = (await api.get('/api/captcha/challenge')).body;
          return cancellationRequest(api, {
            captcha: encodeCaptcha(challenge, { counter: 1, derivedKey: '00'.repeat(32) }),
          });
        },
        fields: ['captcha'],
        code: 'CAPTCHA_INVALID',
      },
      {
        label: 'invalid JSON',
        path: '/api/v2/subscriptions/cancel',
        body: INVALID_JSON,
        fields: ['body'],
        code: 'INVALID_JSON',
      },
    ],
    good: async ({ api }) => ({
      path: '/api/v2/subscriptions/cancel',
      body: await cancellationRequest(api, {
        email_address: 'someone@example.org',
        portal_id: 1,
        account_id: '424242',
        cancellation_request_time: '2026-11-22T10:00:00',
      }),
      persona: 'new-us',
      status: 201,
    }),
  },
  {
    name: 'events',
    tables: ['events'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/events',
        body: { user_id: '', event_name: 5, identify: 'yes', props: [] },
        fields: ['user_id', 'event_name', 'identify', 'props'],
      },
      { label: 'missing fields', path: '/api/events', body: {}, fields: ['user_id', 'event_name'] },
      {
        label: 'props that are too large',
        path: '/api/events',
        body: { user_id: N, event_name: 'x', props: { blob: 'x'.repeat(16_001) } },
        fields: ['props'],
      },
      { label: 'invalid JSON', path: '/api/events', body: INVALID_JSON, fields: ['body'], code: 'INVALID_JSON' },
    ],
    good: async () => ({
      path: '/api/events',
      body: { user_id: N, event_name: 'payment screen viewed', props: { step: 2 } },
      persona: 'new-us',
      status: 202,
    }),
  },
  {
    name: 'events/subscription/cancelled',
    tables: ['events'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/events/subscription/cancelled',
        body: { user_id: N, subscription_id: 'x', props: 'p' },
        fields: ['subscription_id', 'props'],
      },
      {
        label: 'missing fields',
        path: '/api/events/subscription/cancelled',
        body: {},
        fields: ['user_id', 'subscription_id'],
      },
      {
        label: 'invalid JSON',
        path: '/api/events/subscription/cancelled',
        body: INVALID_JSON,
        fields: ['body'],
        code: 'INVALID_JSON',
      },
    ],
    good: async ({ api }) => ({
      path: '/api/events/subscription/cancelled',
      body: {
        user_id: PERSONA_UID['trial-us'],
        subscription_id: await subscriptionOf(api, PERSONA_UID['trial-us']),
        props: { reason: 3 },
      },
      persona: 'trial-us',
      status: 202,
    }),
  },
  {
    name: 'log',
    tables: ['error_logs'],
    bad: [
      {
        label: 'wrong types',
        path: '/api/log',
        body: { CurrentURL: '', ErrorType: 1, MethodName: '', ErrorMessage: null, PortalID: -1 },
        fields: ['CurrentURL', 'ErrorType', 'MethodName', 'ErrorMessage', 'PortalID'],
      },
      {
        label: 'missing fields',
        path: '/api/log',
        body: {},
        fields: ['CurrentURL', 'ErrorType', 'MethodName', 'ErrorMessage'],
      },
      { label: 'invalid JSON', path: '/api/log', body: INVALID_JSON, fields: ['body'], code: 'INVALID_JSON' },
    ],
    good: async () => ({
      path: '/api/log',
      body: {
        CurrentURL: 'http://localhost/payment/checkout',
        ErrorType: 'api',
        MethodName: 'createPayment',
        ErrorMessage: 'timeout',
        Device: 'Desktop',
        PortalID: 1,
      },
      persona: 'new-us',
      status: 202,
    }),
  },
];

const BAD_CASES = ENDPOINTS.flatMap((e) => e.bad.map((b) => ({ ...b, endpoint: e.name, tables: e.tables })));

describe.each(targets)('bad input to every POST call (%s)', (target) => {
  const ctx = {} as Ctx;

  beforeAll(async () => {
    ctx.api = await startTestApi(target);
    ctx.cookies = {
      'new-us': await ctx.api.signIn('new-us'),
      'trial-us': await ctx.api.signIn('trial-us'),
      'new-in': await ctx.api.signIn('new-in'),
    };
  });
  afterAll(() => ctx.api?.close());

  it.each(BAD_CASES)(
    '$endpoint, $label: 400 naming the bad fields, nothing written',
    async ({ path, body, fields, code, tables }) => {
      const { api, cookies } = ctx;
      const payload = typeof body === 'function' ? await (body as (ctx: Ctx) => Promise<unknown>)(ctx) : body;
      const before = await snapshot(api.db, tables);
      const response = await api.post(path, payload === undefined ? '' : payload, cookies['new-us']);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { code: code ?? 'VALIDATION_FAILED', message: expect.any(String), fields: expect.any(Object) },
      });
      const reported = response.body.error.fields as Record<string, string>;
      expect(Object.keys(reported).sort()).toEqual([...fields].sort());
      for (const message of Object.values(reported)) expect(message).toMatch(/\S/);
      expect(await snapshot(api.db, tables)).toEqual(before);
    },
  );

  it.each(ENDPOINTS)('$name: a good request is accepted and does write to the watched tables', async (endpoint) => {
    const { api, cookies } = ctx;
    const request = await endpoint.good(ctx);
    const before = await snapshot(api.db, endpoint.tables);
    const response: ApiResponse = await api.post(request.path, request.body ?? {}, cookies[request.persona]);
    expect(response.status, JSON.stringify(response.body)).toBe(request.status);
    expect(await snapshot(api.db, endpoint.tables)).not.toEqual(before);
  });
});
