import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { countRows, snapshot } from '../support/snapshot';

/** One checkout charges at most once; declines, existing plans and delayed methods are handled. */
describe.each(targets)('payment rules (%s)', (target) => {
  let api: TestApi;
  const cookies: Record<string, string> = {};
  const PAYMENT_TABLES = [
    'transactions',
    'subscriptions',
    'payment_attempts',
    'idempotency_keys',
    'users',
    'review_orders',
  ];

  const card = (uid: string, skuId: number, extra: Record<string, unknown> = {}) => ({
    user_uid: uid,
    sku_id: skuId,
    session_guid: randomUUID(),
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
    ...extra,
  });
  const sales = (sessionGuid: string) =>
    countRows(api.db, 'transactions', `session_guid = $1 and transaction_type = 'SALE'`, [sessionGuid]);
  const current = async (persona: string) =>
    (
      await api.get(
        `/api/subscriptions?userUID=${PERSONA_UID[persona as keyof typeof PERSONA_UID]}&isCurrentOnly=true`,
        cookies[persona],
      )
    ).body.Subscriptions;
  const userType = async (persona: string) => (await api.get('/api/users/claims', cookies[persona])).body.UserType;

  beforeAll(async () => {
    api = await startTestApi(target);
    for (const persona of [
      'new-us',
      'employer',
      'active-us',
      'new-in',
      'expired-us',
      'suspended-us',
      'active-uk',
      'expiring-us',
    ]) {
      cookies[persona] = await api.signIn(persona);
    }
  });
  afterAll(() => api?.close());

  it('a replayed session_guid answers Replayed with the same TransactionID and charges once', async () => {
    const uid = PERSONA_UID.employer;
    const payment = card(uid, 102);
    const first = await api.post('/api/payments', payment, cookies.employer);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      PaymentStatus: 'SUCC',
      TransactionStatus: 'SUCC',
      Replayed: false,
      SkuID: 102,
      Amount: 2.95,
      CurrencyCD: 'USD',
      FailureCode: null,
    });
    expect(first.body.TransactionID).toEqual(expect.any(Number));

    const before = await snapshot(api.db, PAYMENT_TABLES);
    for (let i = 0; i < 2; i += 1) {
      const replay = await api.post('/api/payments', payment, cookies.employer);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({ ...first.body, Replayed: true });
    }
    // A replay changes nothing at all, not even the attempt log.
    expect(await snapshot(api.db, PAYMENT_TABLES)).toEqual(before);
    expect(await sales(payment.session_guid)).toBe(1);
    expect(await current('employer')).toEqual([
      expect.objectContaining({ SkuID: 102, StatusCD: 'ACTV', SubscriptionID: first.body.SubscriptionID }),
    ]);
  });

  it("another user's session_guid is refused with 409 and writes nothing", async () => {
    const payment = card(PERSONA_UID.employer, 120);
    expect((await api.post('/api/payments', payment, cookies.employer)).status).toBe(201);
    const before = await snapshot(api.db, PAYMENT_TABLES);
    const stolen = await api.post('/api/payments', { ...payment, user_uid: PERSONA_UID['new-us'] }, cookies['new-us']);
    expect(stolen.status).toBe(409);
    expect(stolen.body.error.code).toBe('SESSION_GUID_IN_USE');
    expect(await snapshot(api.db, PAYMENT_TABLES)).toEqual(before);
  });

  it('a declined payment adds no SALE, and the same checkout can then succeed', async () => {
    const uid = PERSONA_UID['new-us'];
    const payment = card(uid, 103);
    const declined = await api.post('/api/payments', { ...payment, fail_payment: true }, cookies['new-us']);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      PaymentStatus: 'FAIL',
      TransactionStatus: 'FAIL',
      TransactionID: null,
      SubscriptionID: null,
      FailureCode: 'card_declined',
      Replayed: false,
    });
    expect(await sales(payment.session_guid)).toBe(0);
    expect(
      await countRows(api.db, 'payment_attempts', `session_guid = $1 and outcome = 'FAIL'`, [payment.session_guid]),
    ).toBe(1);
    expect(await current('new-us')).toEqual([]);
    expect(await userType('new-us')).toBe('NEW');
    expect((await api.get(`/api/payments/${uid}/transactions`, cookies['new-us'])).body.total).toBe(0);

    const retry = await api.post('/api/payments', payment, cookies['new-us']);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ PaymentStatus: 'SUCC', Replayed: false, Amount: 59.4 });
    expect(await sales(payment.session_guid)).toBe(1);
    expect(await userType('new-us')).toBe('ACTV');
    const history = await api.get(`/api/payments/${uid}/transactions`, cookies['new-us']);
    expect(history.body.items).toEqual([
      expect.objectContaining({
        transaction_id: retry.body.TransactionID,
        transaction_type: 'SALE',
        status_cd: 'SUCC',
        price: 59.4,
      }),
    ]);
  });

  it('paying for a plan while already Active answers EXIST and charges nothing', async () => {
    const uid = PERSONA_UID['active-us'];
    const subsBefore = await current('active-us');
    const before = await countRows(api.db, 'transactions', 'user_uid = $1', [uid]);
    const payment = card(uid, 103);
    const again = await api.post('/api/payments', payment, cookies['active-us']);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      PaymentStatus: 'EXIST',
      TransactionStatus: 'FAIL',
      TransactionID: null,
      SubscriptionID: null,
      FailureCode: 'already_subscribed',
    });
    expect(await countRows(api.db, 'transactions', 'user_uid = $1', [uid])).toBe(before);
    expect(await current('active-us')).toEqual(subsBefore);
    // An add-on is not a plan: it is sold to an active subscriber and opens a review order.
    const ordersBefore = await countRows(api.db, 'review_orders', 'user_uid = $1', [uid]);
    const addOn = await api.post('/api/payments', card(uid, 120), cookies['active-us']);
    expect(addOn.status).toBe(201);
    expect(addOn.body).toMatchObject({ PaymentStatus: 'SUCC', Amount: 19.95, SubscriptionID: null });
    expect(await countRows(api.db, 'review_orders', 'user_uid = $1', [uid])).toBe(ordersBefore + 1);
    expect(await current('active-us')).toEqual(subsBefore);
  });

  it('a deferred payment stays pending until completed, then the plan is Active', async () => {
    const uid = PERSONA_UID['new-in'];
    const cookie = cookies['new-in'];
    const pending = await api.post(
      '/api/payments',
      { user_uid: uid, sku_id: 402, session_guid: randomUUID(), payment_method: 'DUPI', defer_completion: true },
      cookie,
    );
    expect(pending.status).toBe(201);
    expect(pending.body).toMatchObject({
      PaymentStatus: 'SUCC',
      TransactionStatus: 'PEND',
      Amount: 199,
      CurrencyCD: 'INR',
    });
    const id = pending.body.TransactionID;
    expect(await current('new-in')).toEqual([
      expect.objectContaining({ SkuID: 402, StatusCD: 'PEND', SubscriptionTypeCD: 'PEND' }),
    ]);
    expect(await userType('new-in')).toBe('NEW');
    expect((await api.get(`/api/payments/${uid}/${id}/detail`, cookie)).body).toMatchObject({
      status_cd: 'PEND',
      payment_method_cd: 'DUPI',
    });
    expect((await api.get(`/api/v2/pages?userUID=${uid}`, cookie)).body).toEqual({
      user_type: 'NEW',
      current_subscription_statuscd: 'PEND',
    });

    const done = await api.post(`/api/v2/payments/${uid}/transactions/${id}/complete`, {}, cookie);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      TransactionID: id,
      TransactionStatus: 'SUCC',
      SubscriptionID: pending.body.SubscriptionID,
    });
    expect(await current('new-in')).toEqual([
      expect.objectContaining({ SkuID: 402, StatusCD: 'ACTV', SubscriptionTypeCD: 'AUTO' }),
    ]);
    expect(await userType('new-in')).toBe('ACTV');
    expect((await api.get(`/api/payments/${uid}/${id}/detail`, cookie)).body.status_cd).toBe('SUCC');
    expect((await api.get(`/api/payments/${uid}/payment/${id}`, cookie)).body).toMatchObject({
      PaymentID: id,
      Status: 'SUCC',
      Amount: 199,
      CurrencyCD: 'INR',
      PaymentMethodCD: 'DUPI',
    });

    // Completing twice changes nothing more.
    const before = await snapshot(api.db, PAYMENT_TABLES);
    expect((await api.post(`/api/v2/payments/${uid}/transactions/${id}/complete`, {}, cookie)).body).toEqual(done.body);
    expect(await snapshot(api.db, PAYMENT_TABLES)).toEqual(before);
    // An unknown transaction is 404.
    expect((await api.post(`/api/v2/payments/${uid}/transactions/999999/complete`, {}, cookie)).status).toBe(404);
  });

  it('a pending plan replaced by another purchase stays ended when its payment completes later', async () => {
    const uid = PERSONA_UID['expiring-us'];
    const cookie = cookies['expiring-us'];
    const pending = await api.post(
      '/api/payments',
      { user_uid: uid, sku_id: 104, session_guid: randomUUID(), payment_method: 'PYPL', defer_completion: true },
      cookie,
    );
    expect(pending.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'PEND' });
    const annual = await api.post('/api/payments', card(uid, 103), cookie);
    expect(annual.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'SUCC' });
    const done = await api.post(
      `/api/v2/payments/${uid}/transactions/${pending.body.TransactionID}/complete`,
      {},
      cookie,
    );
    expect(done.status).toBe(200);
    const active = await api.db.query<{ subscription_id: number }>(
      `select subscription_id::int as subscription_id from subscriptions where user_uid = $1 and status_cd = 'ACTV'`,
      [uid],
    );
    expect(active).toEqual([{ subscription_id: annual.body.SubscriptionID }]);
    expect(await current('expiring-us')).toEqual([expect.objectContaining({ SkuID: 103, StatusCD: 'ACTV' })]);
    expect(await userType('expiring-us')).toBe('ACTV');
  });

  it('concurrent POSTs of one checkout produce exactly one SALE', async () => {
    const uid = PERSONA_UID['expired-us'];
    const payment = card(uid, 103);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.post('/api/payments', payment, cookies['expired-us'])),
    );
    expect(answers.map((a) => a.body.PaymentStatus)).toEqual(['SUCC', 'SUCC', 'SUCC', 'SUCC']);
    expect(answers.filter((a) => !a.body.Replayed)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.TransactionID)).size).toBe(1);
    expect(await sales(payment.session_guid)).toBe(1);
    expect(await countRows(api.db, 'subscriptions', `user_uid = $1 and status_cd = 'ACTV'`, [uid])).toBe(1);
  });

  it('two concurrent checkouts for plans by one user give one plan and one EXIST', async () => {
    const uid = PERSONA_UID['suspended-us'];
    const answers = await Promise.all([
      api.post('/api/payments', card(uid, 103), cookies['suspended-us']),
      api.post('/api/payments', card(uid, 104), cookies['suspended-us']),
    ]);
    expect(answers.map((a) => a.body.PaymentStatus).sort()).toEqual(['EXIST', 'SUCC']);
    expect(await countRows(api.db, 'subscriptions', `user_uid = $1 and status_cd = 'ACTV'`, [uid])).toBe(1);
    // The plan bought replaces the suspended one, which has ended.
    expect(await countRows(api.db, 'subscriptions', `user_uid = $1 and status_cd = 'SUSP'`, [uid])).toBe(0);
    expect(await userType('suspended-us')).toBe('ACTV');
  });

  it("charges each market in its own currency and refuses another market's SKU", async () => {
    const uk = await api.post('/api/payments', card(PERSONA_UID['active-uk'], 220), cookies['active-uk']);
    expect(uk.body).toMatchObject({ PaymentStatus: 'SUCC', Amount: 19.95, CurrencyCD: 'GBP' });
    const wrong = await api.post('/api/payments', card(PERSONA_UID['active-uk'], 120), cookies['active-uk']);
    // A valid request for a SKU this person cannot buy here: a conflict, not a malformed request.
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toMatchObject({ code: 'SKU_NOT_SOLD', fields: { sku_id: expect.any(String) } });
  });
});
