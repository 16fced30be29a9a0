import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type ApiResponse, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { apiRoutes, routeKey, snapshotAll } from './support';

/**
 * Every API call, as the router lists it, is sorted here into: calls that take a user id (in
 * the path, the query or the body), calls that take the id of a user's record, and calls that
 * take neither. A signed-in person naming someone else gets 403 with the documented error body
 * `{ error: { code, message } }` and nothing is written. A call added to the router without
 * being sorted here fails the last test, so it cannot slip through unchecked.
 */

const SELF = PERSONA_UID['new-us'];
const OTHER = PERSONA_UID['active-us'];

/** Records of OTHER. */
interface Ids {
  subscription: number;
  transaction: number;
  document: string;
  reviewOrder: number;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface OwnedCase {
  /** The router's `METHOD /path/:param`. */
  route: string;
  /** The call naming `uid` (and, where it takes one, a record of OTHER). */
  call: (uid: string, ids: Ids) => Call;
  /** With the caller's own id the same call is let through (it may still find nothing: 404). */
  selfPasses: boolean;
}

const USER_ID_CASES: OwnedCase[] = [
  {
    route: 'POST /api/users/userstage',
    call: (uid) => ({
      method: 'POST',
      path: '/api/users/userstage',
      body: { UserUID: uid, ProductCD: 'RSMBLD', PortalID: 1, UserStageID: 3, SessionID: 's' },
    }),
    selfPasses: true,
  },
  {
    route: 'GET /api/users/:userId/preferences',
    call: (uid) => ({ method: 'GET', path: `/api/users/${uid}/preferences` }),
    selfPasses: true,
  },
  {
    route: 'POST /api/users/:userId/savepreference',
    call: (uid) => ({
      method: 'POST',
      path: `/api/users/${uid}/savepreference`,
      body: { code: 'CANCELLATION_REMINDER', value: 'true' },
    }),
    selfPasses: true,
  },
  {
    route: 'POST /api/payments',
    call: (uid) => ({
      method: 'POST',
      path: '/api/payments',
      body: {
        user_uid: uid,
        sku_id: 120,
        session_guid: randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '0002',
        fail_payment: true,
      },
    }),
    selfPasses: true,
  },
  {
    // With the caller's own id the order named is still another user's: refused as well (test/api/upsell-payments.test.ts).
    route: 'POST /api/payments/addon',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/payments/addon',
      body: { user_uid: uid, order_id: ids.transaction, sku_id: 122, session_guid: randomUUID(), fail_payment: true },
    }),
    selfPasses: false,
  },
  {
    route: 'POST /api/payments/billinguser',
    call: (uid) => ({
      method: 'POST',
      path: '/api/payments/billinguser',
      body: { user_uid: uid, first_name: 'Mallory', last_name: 'Evans', country_cd: 'US' },
    }),
    selfPasses: true,
  },
  {
    route: 'POST /api/payments/free-resumereview',
    call: (uid) => ({
      method: 'POST',
      path: `/api/payments/free-resumereview?userUID=${uid}&isNonCancellationFlow=false&deviceType=Desktop&productCD=RSMRVW&skuPortalID=1`,
      body: {},
    }),
    selfPasses: true,
  },
  {
    route: 'GET /api/payments/:userId/paymentmethod',
    call: (uid) => ({ method: 'GET', path: `/api/payments/${uid}/paymentmethod` }),
    selfPasses: true,
  },
  {
    // Declined, so that the caller's own call keeps their card too.
    route: 'POST /api/payments/paymentmethod',
    call: (uid) => ({
      method: 'POST',
      path: '/api/payments/paymentmethod',
      body: {
        user_uid: uid,
        session_guid: randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '0002',
        fail_payment: true,
      },
    }),
    selfPasses: true,
  },
  {
    route: 'GET /api/payments/:userId/transactions',
    call: (uid) => ({ method: 'GET', path: `/api/payments/${uid}/transactions` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/payments/:userId/freefeatureprovided',
    call: (uid) => ({ method: 'GET', path: `/api/payments/${uid}/freefeatureprovided` }),
    selfPasses: true,
  },
  // With the caller's own id the transaction named is still another user's: refused as well (test/api/billing-history.test.ts).
  {
    route: 'GET /api/payments/:userId/payment/:id',
    call: (uid, ids) => ({ method: 'GET', path: `/api/payments/${uid}/payment/${ids.transaction}` }),
    selfPasses: false,
  },
  {
    route: 'GET /api/payments/:userId/:id/detail',
    call: (uid, ids) => ({ method: 'GET', path: `/api/payments/${uid}/${ids.transaction}/detail` }),
    selfPasses: false,
  },
  {
    route: 'GET /api/payments/:userId/transactions/:id/receipt',
    call: (uid, ids) => ({ method: 'GET', path: `/api/payments/${uid}/transactions/${ids.transaction}/receipt` }),
    selfPasses: false,
  },
  {
    route: 'POST /api/v2/payments/:userId/transactions/:id/complete',
    call: (uid, ids) => ({
      method: 'POST',
      path: `/api/v2/payments/${uid}/transactions/${ids.transaction}/complete`,
      body: {},
    }),
    selfPasses: true,
  },
  {
    route: 'POST /api/v2/payments/:userId/transactions/:id/cancel',
    call: (uid, ids) => ({
      method: 'POST',
      path: `/api/v2/payments/${uid}/transactions/${ids.transaction}/cancel`,
      body: {},
    }),
    selfPasses: true,
  },
  {
    route: 'GET /api/subscriptions',
    call: (uid) => ({ method: 'GET', path: `/api/subscriptions?userUID=${uid}&isCurrentOnly=true` }),
    selfPasses: true,
  },
  {
    route: 'POST /api/subscriptions/cancelv2',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/subscriptions/cancelv2',
      body: { user_uid: uid, subscription_id: ids.subscription },
    }),
    selfPasses: false,
  },
  {
    route: 'POST /api/subscriptions/saveoffer',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/subscriptions/saveoffer',
      body: { user_uid: uid, subscription_id: ids.subscription, offer_id: 'freeMonth' },
    }),
    selfPasses: false,
  },
  {
    route: 'POST /api/subscriptions/pause',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/subscriptions/pause',
      body: { user_uid: uid, subscription_id: ids.subscription, months: 1 },
    }),
    selfPasses: false,
  },
  {
    route: 'POST /api/subscriptions/resume',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/subscriptions/resume',
      body: { user_uid: uid, subscription_id: ids.subscription },
    }),
    selfPasses: false,
  },
  {
    route: 'POST /api/subscriptions/survey',
    call: (uid) => ({ method: 'POST', path: '/api/subscriptions/survey', body: { user_uid: uid, reason_cd: 4 } }),
    selfPasses: true,
  },
  {
    route: 'GET /api/documents/lastestdocid',
    call: (uid) => ({ method: 'GET', path: `/api/documents/lastestdocid?userUID=${uid}` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/documents/list',
    call: (uid) => ({ method: 'GET', path: `/api/documents/list?userUID=${uid}` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/documents/doccount',
    call: (uid) => ({ method: 'GET', path: `/api/documents/doccount?userUID=${uid}` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/documents/rexorders',
    call: (uid) => ({ method: 'GET', path: `/api/documents/rexorders?userUID=${uid}` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/documents/download',
    call: (uid, ids) => ({
      method: 'GET',
      path: `/api/documents/download?userId=${uid}&documentId=${ids.document}&portalId=1`,
    }),
    selfPasses: false,
  },
  {
    route: 'POST /api/documents/email',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/documents/email',
      body: { RequestID: 'e3a11000-0000-4000-8000-000000000001', UserGuid: uid, DocumentId: ids.document },
    }),
    selfPasses: false,
  },
  {
    route: 'GET /api/documents/:uid/latest',
    call: (uid) => ({ method: 'GET', path: `/api/documents/${uid}/latest` }),
    selfPasses: true,
  },
  { route: 'GET /api/pages', call: (uid) => ({ method: 'GET', path: `/api/pages?userUID=${uid}` }), selfPasses: true },
  {
    route: 'GET /api/v2/pages',
    call: (uid) => ({ method: 'GET', path: `/api/v2/pages?userUID=${uid}` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/pages/features',
    call: (uid) => ({ method: 'GET', path: `/api/pages/features?userUID=${uid}&visitorPortalID=1` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/pages/cancel',
    call: (uid) => ({ method: 'GET', path: `/api/pages/cancel?userUID=${uid}&visitorPortalID=1` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/pages/payment',
    call: (uid) => ({
      method: 'GET',
      path: `/api/pages/payment?userUID=${uid}&visitorPortalID=1&email=ava.martinez%40example.com`,
    }),
    selfPasses: true,
  },
  {
    route: 'GET /api/pages/userstagesession',
    call: (uid) => ({ method: 'GET', path: `/api/pages/userstagesession?pageId=sell&userUid=${uid}` }),
    selfPasses: true,
  },
  {
    route: 'POST /api/events',
    call: (uid) => ({
      method: 'POST',
      path: '/api/events',
      body: { user_id: uid, event_name: 'identify', identify: true },
    }),
    selfPasses: true,
  },
  {
    route: 'POST /api/events/subscription/cancelled',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/events/subscription/cancelled',
      body: { user_id: uid, subscription_id: ids.subscription },
    }),
    selfPasses: false,
  },
  {
    route: 'GET /api/services/:userId/intake',
    call: (uid) => ({ method: 'GET', path: `/api/services/${uid}/intake?service=RSMRVW` }),
    selfPasses: true,
  },
  {
    route: 'GET /api/winback/:userId',
    call: (uid) => ({ method: 'GET', path: `/api/winback/${uid}` }),
    selfPasses: true,
  },
  {
    route: 'POST /api/services/:userId/intake',
    call: (uid, ids) => ({
      method: 'POST',
      path: `/api/services/${uid}/intake`,
      body: {
        service: 'RSMRVW',
        order_id: ids.transaction,
        answers: { targetJobTitle: 'Designer', yearsExperience: null, industry: '', companyName: '', comments: '' },
      },
    }),
    selfPasses: true,
  },
  {
    route: 'GET /api/upsell/survey/:userId',
    call: (uid) => ({ method: 'GET', path: `/api/upsell/survey/${uid}` }),
    selfPasses: true,
  },
  {
    // With the caller's own id the order named is still another user's: refused as well (test/api/upsell-survey.test.ts).
    route: 'POST /api/upsell/survey',
    call: (uid, ids) => ({
      method: 'POST',
      path: '/api/upsell/survey',
      body: { user_uid: uid, order_id: ids.transaction, reason: 'other', answer_key: randomUUID() },
    }),
    selfPasses: false,
  },
  {
    route: 'POST /api/log',
    call: (uid) => ({
      method: 'POST',
      path: '/api/log',
      body: {
        CurrentURL: 'http://localhost/payment/checkout',
        UserUID: uid,
        ErrorType: 'api',
        MethodName: 'x',
        ErrorMessage: 'y',
      },
    }),
    selfPasses: true,
  },
];

/** Calls that take the id of a record (a subscription, a document, a review order) rather than a user id. */
const RECORD_CASES: { route: string; call: (ids: Ids) => Call }[] = [
  {
    route: 'GET /api/v2/subscriptions/:id/details',
    call: (ids) => ({ method: 'GET', path: `/api/v2/subscriptions/${ids.subscription}/details` }),
  },
  {
    route: 'GET /api/documents/metadata',
    call: (ids) => ({ method: 'GET', path: `/api/documents/metadata?documentId=${ids.document}` }),
  },
  {
    route: 'GET /api/documents/resumescore',
    call: (ids) => ({ method: 'GET', path: `/api/documents/resumescore?documentId=${ids.document}` }),
  },
  {
    route: 'GET /api/documents/rexordersdetails',
    call: (ids) => ({ method: 'GET', path: `/api/documents/rexordersdetails?orderId=${ids.reviewOrder}` }),
  },
];

/** Calls that name no user and no user's record, and why that is safe. */
const NO_USER_INPUT: Record<string, string> = {
  'GET /api/users/claims': "the caller's own session",
  'GET /api/users/geolocation': 'a postal-code lookup',
  'GET /api/demo/session': 'demo sign-in (off in production; see demo-login.test.ts)',
  'DELETE /api/demo/session': "ends the caller's own session",
  'GET /api/demo/personas': 'demo only',
  'GET /api/demo/outbox': 'demo only',
  'GET /api/flows/simulate/options': "the seeded demo personas and the experiments, for the flow simulator's form",
  'POST /api/flows/simulate':
    "simulates a seeded demo persona (never another account): behind the flow explorer's access",
  'POST /api/flows/simulate/open': 'signs in a fresh copy of a demo persona (off where demo sign-in is off)',
  'GET /api/skus': 'the catalogue; a userUID in the query is ignored (tested below)',
  'GET /api/skus/:id': 'the catalogue',
  'GET /api/skus/:id/upsell': 'the catalogue',
  'GET /api/payments/alreadysubscribeduser': "the caller's own session",
  'POST /api/v2/subscriptions/cancel':
    'the logged-out form: its answer never tells whether the e-mail and account id matched',
  'GET /api/config/features': 'remote configuration',
  'GET /api/config/csdetails': 'support contact details',
  'GET /api/config/experiments': 'remote configuration: the experiments, their names and variations',
  'GET /api/config/client': 'where things are',
  'GET /api/captcha/challenge': 'a captcha challenge',
  'GET /api/jobs/:jobId': "a job posting, judged for the caller's own country",
  'GET /api/health': 'liveness',
  'POST /api/flows/transitions': 'flow transitions name no person: a machine, its states and a coarse segment',
  'GET /api/flows/machines': 'flow counts of every visitor together (access: server/http/flows-access.ts)',
  'GET /api/flows/machines/:machine/counts':
    'flow counts of every visitor together (access: server/http/flows-access.ts)',
  'GET /api/flows/segments': 'the segment values seen, of every visitor together (access: server/http/flows-access.ts)',
  'GET /api/flows/experiments': 'the configured experiments; no person in them (access: server/http/flows-access.ts)',
  'GET /api/flows/experiments/:guid/results':
    'experiment results of every visitor together (access: server/http/flows-access.ts)',
  'GET /api/openapi.json': 'the API contract',
  'GET /api/docs': 'the API reference page',
  'GET /api/docs/:asset': "the reference page's scripts and style sheet",
};

const FORBIDDEN_BODY = { error: { code: 'FORBIDDEN', message: expect.any(String) } };

describe.each(targets)("a signed-in person naming someone else's id (%s)", (target) => {
  let api: TestApi;
  let cookie: string;
  const ids = {} as Ids;

  const send = (call: Call): Promise<ApiResponse> =>
    call.method === 'GET' ? api.get(call.path, cookie) : api.post(call.path, call.body ?? {}, cookie);

  beforeAll(async () => {
    api = await startTestApi(target);
    cookie = await api.signIn('new-us');
    const one = async <T>(sql: string) => (await api.db.query<Record<string, T>>(sql, [OTHER]))[0]!;
    ids.subscription = Number(
      (await one<string>(`select subscription_id as v from subscriptions where user_uid = $1 and status_cd = 'ACTV'`))
        .v,
    );
    ids.transaction = Number(
      (
        await one<string>(
          `select transaction_id as v from transactions where user_uid = $1 order by created_at desc limit 1`,
        )
      ).v,
    );
    ids.document = (
      await one<string>(`select document_id as v from documents where user_uid = $1 and doc_type_cd = 'RSME'`)
    ).v!;
    ids.reviewOrder = Number((await one<string>('select order_id as v from review_orders where user_uid = $1')).v);
  });
  afterAll(() => api?.close());

  it.each(USER_ID_CASES)(
    "$route with another user's id: 403 { error: { code, message } }, nothing written",
    async (c) => {
      const before = await snapshotAll(api.db);
      const response = await send(c.call(OTHER, ids));
      expect(response.status, JSON.stringify(response.body)).toBe(403);
      expect(response.body).toEqual(FORBIDDEN_BODY);
      expect(await snapshotAll(api.db)).toEqual(before);
    },
  );

  it.each(USER_ID_CASES.filter((c) => c.selfPasses))("$route with the caller's own id is let through", async (c) => {
    const response = await send(c.call(SELF, ids));
    expect(response.status, JSON.stringify(response.body)).not.toBe(403);
    expect(response.status).not.toBe(400);
    expect(response.status).toBeLessThan(500);
  });

  it.each(RECORD_CASES)("$route with another user's record: 403 { error: { code, message } }", async (c) => {
    const before = await snapshotAll(api.db);
    const response = await send(c.call(ids));
    expect(response.status).toBe(403);
    expect(response.body).toEqual(FORBIDDEN_BODY);
    expect(await snapshotAll(api.db)).toEqual(before);
  });

  it("GET skus with another user's id answers the caller's own catalogue, nothing of the other user", async () => {
    const germanOther = PERSONA_UID['active-de'];
    const plain = await api.get('/api/skus?sellPageOnly=true', cookie);
    const naming = await api.get(`/api/skus?sellPageOnly=true&userUID=${germanOther}`, cookie);
    expect(naming.status).toBe(200);
    expect(naming.body).toEqual(plain.body);
  });

  it('every API call of the router is sorted into one of the lists above', () => {
    const sorted = [
      ...USER_ID_CASES.map((c) => c.route),
      ...RECORD_CASES.map((c) => c.route),
      ...Object.keys(NO_USER_INPUT),
    ];
    expect(new Set(sorted).size, 'no call is listed twice').toBe(sorted.length);
    expect(apiRoutes(api.db, api.config).map(routeKey).sort()).toEqual(sorted.sort());
  });
});
