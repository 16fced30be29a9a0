import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type ApiResponse, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { snapshot } from '../support/snapshot';

/**
 * Every call that names a user (in the path, the body or the query) or a user's record:
 * a signed-in user naming someone else gets 403, a guest 401, and nothing is written.
 */

const SELF = PERSONA_UID['new-us'];
const OTHER = PERSONA_UID['active-us'];

interface Ids {
  subscription: number;
  transaction: number;
  document: string;
  reviewOrder: number;
  /** A pending payment of trial-us, ready to be completed. */
  pendingTransaction: number;
}

interface AccessCase {
  label: string;
  method: 'GET' | 'POST';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** Tables the call would write to if it were let through. */
  tables?: string[];
  /** What new-us gets. */
  signedIn: 403 | 404;
  /** What a visitor without a cookie gets. */
  guest: 401 | 403;
}

const PAYMENT_TABLES = [
  'transactions',
  'subscriptions',
  'payment_attempts',
  'idempotency_keys',
  'users',
  'review_orders',
];

const CASES: AccessCase[] = [
  // Users
  {
    label: 'GET users/{other}/preferences',
    method: 'GET',
    path: () => `/api/users/${OTHER}/preferences`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'POST users/{other}/savepreference',
    method: 'POST',
    path: () => `/api/users/${OTHER}/savepreference`,
    body: () => ({ code: 'CANCELLATION_REMINDER', value: 'true' }),
    tables: ['user_preferences'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'POST users/userstage for the other user',
    method: 'POST',
    path: () => '/api/users/userstage',
    body: () => ({ UserUID: OTHER, ProductCD: 'RSMBLD', PortalID: 1, UserStageID: 3, SessionID: 'x' }),
    tables: ['user_stages'],
    signedIn: 403,
    guest: 401,
  },
  // Payments
  {
    label: 'POST payments for the other user',
    method: 'POST',
    path: () => '/api/payments',
    body: () => ({ user_uid: OTHER, sku_id: 120, session_guid: randomUUID(), payment_method: 'PYPL' }),
    tables: PAYMENT_TABLES,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'POST payments/billinguser for the other user',
    method: 'POST',
    path: () => '/api/payments/billinguser',
    body: () => ({ user_uid: OTHER, first_name: 'Mallory', last_name: 'Evans', country_cd: 'US' }),
    tables: ['billing_users'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'POST payments/free-resumereview for another user with a free review left',
    method: 'POST',
    path: () =>
      `/api/payments/free-resumereview?userUID=${PERSONA_UID['expired-us']}&isNonCancellationFlow=false&deviceType=Desktop&productCD=RSMRVW&skuPortalID=1`,
    body: () => ({}),
    tables: ['review_orders', 'free_reviews'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: "POST v2/payments/{other}/transactions/{other's pending}/complete",
    method: 'POST',
    path: (ids) => `/api/v2/payments/${PERSONA_UID['trial-us']}/transactions/${ids.pendingTransaction}/complete`,
    body: () => ({}),
    tables: ['transactions', 'subscriptions', 'users'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: "POST v2/payments/{self}/transactions/{other's pending}/complete",
    method: 'POST',
    path: (ids) => `/api/v2/payments/${SELF}/transactions/${ids.pendingTransaction}/complete`,
    body: () => ({}),
    tables: ['transactions', 'subscriptions', 'users'],
    signedIn: 404,
    guest: 401,
  },
  {
    label: 'GET payments/{other}/transactions',
    method: 'GET',
    path: () => `/api/payments/${OTHER}/transactions`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET payments/{other}/{id}/detail',
    method: 'GET',
    path: (ids) => `/api/payments/${OTHER}/${ids.transaction}/detail`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET payments/{self}/{other's id}/detail",
    method: 'GET',
    path: (ids) => `/api/payments/${SELF}/${ids.transaction}/detail`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET payments/{other}/payment/{id}',
    method: 'GET',
    path: (ids) => `/api/payments/${OTHER}/payment/${ids.transaction}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET payments/{self}/payment/{other's id}",
    method: 'GET',
    path: (ids) => `/api/payments/${SELF}/payment/${ids.transaction}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET payments/{other}/transactions/{id}/receipt',
    method: 'GET',
    path: (ids) => `/api/payments/${OTHER}/transactions/${ids.transaction}/receipt`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET payments/{self}/transactions/{other's id}/receipt",
    method: 'GET',
    path: (ids) => `/api/payments/${SELF}/transactions/${ids.transaction}/receipt`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET payments/{other}/freefeatureprovided',
    method: 'GET',
    path: () => `/api/payments/${OTHER}/freefeatureprovided`,
    signedIn: 403,
    guest: 401,
  },
  // Subscriptions
  {
    label: 'GET subscriptions?userUID={other}',
    method: 'GET',
    path: () => `/api/subscriptions?userUID=${OTHER}&isCurrentOnly=true`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET v2/subscriptions/{other's}/details",
    method: 'GET',
    path: (ids) => `/api/v2/subscriptions/${ids.subscription}/details`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'POST subscriptions/cancelv2 as the other user',
    method: 'POST',
    path: () => '/api/subscriptions/cancelv2',
    body: (ids) => ({ user_uid: OTHER, subscription_id: ids.subscription }),
    tables: ['subscriptions', 'users'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: "POST subscriptions/cancelv2 as self on the other user's subscription",
    method: 'POST',
    path: () => '/api/subscriptions/cancelv2',
    body: (ids) => ({ user_uid: SELF, subscription_id: ids.subscription }),
    tables: ['subscriptions', 'users'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'POST subscriptions/survey as the other user',
    method: 'POST',
    path: () => '/api/subscriptions/survey',
    body: () => ({ user_uid: OTHER, reason_cd: 4 }),
    tables: ['survey_answers'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: "POST subscriptions/survey as self about the other user's subscription",
    method: 'POST',
    path: () => '/api/subscriptions/survey',
    body: (ids) => ({ user_uid: SELF, subscription_id: ids.subscription, reason_cd: 4 }),
    tables: ['survey_answers'],
    signedIn: 403,
    guest: 401,
  },
  // Pages
  {
    label: 'GET pages?userUID={other}',
    method: 'GET',
    path: () => `/api/pages?userUID=${OTHER}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET v2/pages?userUID={other}',
    method: 'GET',
    path: () => `/api/v2/pages?userUID=${OTHER}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET pages/features?userUID={other}',
    method: 'GET',
    path: () => `/api/pages/features?userUID=${OTHER}&visitorPortalID=1`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET pages/cancel?userUID={other}',
    method: 'GET',
    path: () => `/api/pages/cancel?userUID=${OTHER}&visitorPortalID=1`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET pages/payment?userUID={other}',
    method: 'GET',
    path: () => `/api/pages/payment?userUID=${OTHER}&visitorPortalID=1`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET pages/userstagesession?userUid={other}',
    method: 'GET',
    path: () => `/api/pages/userstagesession?pageId=sell&userUid=${OTHER}`,
    signedIn: 403,
    guest: 401,
  },
  // Documents
  {
    label: 'GET documents/lastestdocid?userUID={other}',
    method: 'GET',
    path: () => `/api/documents/lastestdocid?userUID=${OTHER}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET documents/list?userUID={other}',
    method: 'GET',
    path: () => `/api/documents/list?userUID=${OTHER}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET documents/doccount?userUID={other}',
    method: 'GET',
    path: () => `/api/documents/doccount?userUID=${OTHER}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET documents/rexorders?userUID={other}',
    method: 'GET',
    path: () => `/api/documents/rexorders?userUID=${OTHER}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET documents/rexordersdetails?orderId={other's}",
    method: 'GET',
    path: (ids) => `/api/documents/rexordersdetails?orderId=${ids.reviewOrder}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET documents/metadata?documentId={other's}",
    method: 'GET',
    path: (ids) => `/api/documents/metadata?documentId=${ids.document}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET documents/resumescore?documentId={other's}",
    method: 'GET',
    path: (ids) => `/api/documents/resumescore?documentId=${ids.document}`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET documents/{other}/latest',
    method: 'GET',
    path: () => `/api/documents/${OTHER}/latest`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'GET documents/download?userId={other}',
    method: 'GET',
    path: (ids) => `/api/documents/download?userId=${OTHER}&documentId=${ids.document}&portalId=1`,
    signedIn: 403,
    guest: 401,
  },
  {
    label: "GET documents/download?userId={self}&documentId={other's}",
    method: 'GET',
    path: (ids) => `/api/documents/download?userId=${SELF}&documentId=${ids.document}&portalId=1`,
    signedIn: 403,
    guest: 401,
  },
  // Telemetry: guests may report anonymously, but nobody may report as someone else.
  {
    label: 'POST events as the other user',
    method: 'POST',
    path: () => '/api/events',
    body: () => ({ user_id: OTHER, event_name: 'identify', identify: true }),
    tables: ['events'],
    signedIn: 403,
    guest: 403,
  },
  {
    label: 'POST events/subscription/cancelled as the other user',
    method: 'POST',
    path: () => '/api/events/subscription/cancelled',
    body: (ids) => ({ user_id: OTHER, subscription_id: ids.subscription }),
    tables: ['events'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: "POST events/subscription/cancelled as self about the other user's subscription",
    method: 'POST',
    path: () => '/api/events/subscription/cancelled',
    body: (ids) => ({ user_id: SELF, subscription_id: ids.subscription }),
    tables: ['events'],
    signedIn: 403,
    guest: 401,
  },
  {
    label: 'POST log naming the other user',
    method: 'POST',
    path: () => '/api/log',
    body: () => ({
      CurrentURL: 'http://localhost/payment/checkout',
      UserUID: OTHER,
      ErrorType: 'api',
      MethodName: 'x',
      ErrorMessage: 'y',
    }),
    tables: ['error_logs'],
    signedIn: 403,
    guest: 403,
  },
];

const CODES: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

describe.each(targets)("calls naming another user's records (%s)", (target) => {
  let api: TestApi;
  let cookie: string;
  const ids = {} as Ids;

  beforeAll(async () => {
    api = await startTestApi(target);
    cookie = await api.signIn('new-us');
    const [sub] = await api.db.query<{ subscription_id: string }>(
      `select subscription_id from subscriptions where user_uid = $1 and status_cd = 'ACTV'`,
      [OTHER],
    );
    const [tx] = await api.db.query<{ transaction_id: string }>(
      `select transaction_id from transactions where user_uid = $1 order by created_at desc limit 1`,
      [OTHER],
    );
    const [doc] = await api.db.query<{ document_id: string }>(
      `select document_id from documents where user_uid = $1 and doc_type_cd = 'RSME'`,
      [OTHER],
    );
    const [order] = await api.db.query<{ order_id: string }>('select order_id from review_orders where user_uid = $1', [
      OTHER,
    ]);
    ids.subscription = Number(sub!.subscription_id);
    ids.transaction = Number(tx!.transaction_id);
    ids.document = doc!.document_id;
    ids.reviewOrder = Number(order!.order_id);
    const trialUser = await api.signIn('trial-us');
    const pending = await api.post(
      '/api/payments',
      {
        user_uid: PERSONA_UID['trial-us'],
        sku_id: 120,
        session_guid: randomUUID(),
        payment_method: 'PYPL',
        defer_completion: true,
      },
      trialUser,
    );
    expect(pending.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'PEND' });
    ids.pendingTransaction = pending.body.TransactionID;
  });
  afterAll(() => api?.close());

  const send = (c: AccessCase, withCookie: string | undefined): Promise<ApiResponse> =>
    c.method === 'GET' ? api.get(c.path(ids), withCookie) : api.post(c.path(ids), c.body?.(ids) ?? {}, withCookie);

  it.each(CASES)('$label: new-us gets $signedIn and nothing is written', async (c) => {
    const before = c.tables ? await snapshot(api.db, c.tables) : undefined;
    const response = await send(c, cookie);
    expect(response.status).toBe(c.signedIn);
    expect(response.body).toEqual({ error: { code: CODES[c.signedIn], message: expect.any(String) } });
    if (before) expect(await snapshot(api.db, c.tables!)).toEqual(before);
  });

  it.each(CASES)('$label: a guest gets $guest and nothing is written', async (c) => {
    const before = c.tables ? await snapshot(api.db, c.tables) : undefined;
    const response = await send(c, undefined);
    expect(response.status).toBe(c.guest);
    expect(response.body).toEqual({ error: { code: CODES[c.guest], message: expect.any(String) } });
    if (before) expect(await snapshot(api.db, c.tables!)).toEqual(before);
  });

  it('a guest gets 401 on alreadysubscribeduser, a signed-in user an answer', async () => {
    expect((await api.get('/api/payments/alreadysubscribeduser')).status).toBe(401);
    const mine = await api.get('/api/payments/alreadysubscribeduser', cookie);
    expect(mine.body).toEqual({ IsAlreadySubscribed: false, SubscriptionID: null, SubscriptionStatusCD: null });
    const active = await api.get('/api/payments/alreadysubscribeduser', await api.signIn('active-us'));
    expect(active.body).toMatchObject({
      IsAlreadySubscribed: true,
      SubscriptionID: ids.subscription,
      SubscriptionStatusCD: 'ACTV',
    });
  });

  it('the same calls about their own records succeed for the owner', async () => {
    const owner = await api.signIn('active-us');
    for (const c of CASES.filter((x) => x.signedIn === 403 && !x.label.includes('self'))) {
      const path = c.path(ids);
      if (path.includes(PERSONA_UID['trial-us']) || path.includes(PERSONA_UID['expired-us'])) continue;
      const response =
        c.method === 'GET' ? await api.get(path, owner) : await api.post(path, c.body?.(ids) ?? {}, owner);
      expect(response.status, `${c.label}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    }
    // The owner's own cancellation (refused to new-us above) did go through.
    const claims = await api.get('/api/users/claims', owner);
    expect(claims.body.UserType).toBe('EXPR');
  });
});
