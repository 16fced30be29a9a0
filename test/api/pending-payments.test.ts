import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure, createApi } from '../../src/api';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { appFetch } from '../support/app-fetch';
import { targets } from '../support/databases';
import { countRows, snapshot } from '../support/snapshot';
import { sessionCookieFrom } from '../support/session-cookie';

/**
 * Pending payments of alternative methods (PayPal, UPI): created with defer_completion, then
 * approved (v2 …/complete) or cancelled (v2 …/cancel) once the person comes back from the
 * payment method. Each test uses fresh copies of personas, so none depends on another.
 */
describe.each(targets)('pending payments: approve or cancel (%s)', (target) => {
  let api: TestApi;
  const PAYMENT_TABLES = ['transactions', 'subscriptions', 'payment_attempts', 'idempotency_keys', 'users'];
  const ANNUAL_US = 103;
  const MONTHLY_US = 104;

  interface Person {
    uid: string;
    cookie: string;
  }
  const freshCopyOf = async (persona: string): Promise<Person> => {
    const response = await api.raw(`/api/demo/session?persona=${persona}&fresh=1`);
    const cookie = sessionCookieFrom(response)!;
    return { uid: (await api.get('/api/users/claims', cookie)).body.UserUID, cookie };
  };
  const pending = (person: Person, skuId = ANNUAL_US, extra: Record<string, unknown> = {}) => ({
    user_uid: person.uid,
    sku_id: skuId,
    session_guid: randomUUID(),
    payment_method: 'PYPL',
    defer_completion: true,
    ...extra,
  });
  const card = (person: Person, skuId: number, sessionGuid = randomUUID()) => ({
    user_uid: person.uid,
    sku_id: skuId,
    session_guid: sessionGuid,
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
  });
  const complete = (person: Person, id: number, cookie = person.cookie) =>
    api.post(`/api/v2/payments/${person.uid}/transactions/${id}/complete`, {}, cookie);
  const cancel = (person: Person, id: number, cookie = person.cookie) =>
    api.post(`/api/v2/payments/${person.uid}/transactions/${id}/cancel`, {}, cookie);
  const current = async (person: Person) =>
    (await api.get(`/api/subscriptions?userUID=${person.uid}&isCurrentOnly=true`, person.cookie)).body.Subscriptions;
  const claims = async (person: Person) => (await api.get('/api/users/claims', person.cookie)).body;
  const alreadySubscribed = async (person: Person) =>
    (await api.get('/api/payments/alreadysubscribeduser', person.cookie)).body.IsAlreadySubscribed;
  const statusOf = async (person: Person, id: number) =>
    (await api.get(`/api/payments/${person.uid}/${id}/detail`, person.cookie)).body.status_cd;
  const sales = (sessionGuid: string, status = 'SUCC') =>
    countRows(api.db, 'transactions', `session_guid = $1 and transaction_type = 'SALE' and status_cd = $2`, [
      sessionGuid,
      status,
    ]);

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  it('a pending plan is no active plan: the person stays New, is not "already subscribed", and may still pay by card', async () => {
    const nora = await freshCopyOf('new-us');
    const created = await api.post('/api/payments', pending(nora), nora.cookie);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      PaymentStatus: 'SUCC',
      TransactionStatus: 'PEND',
      Replayed: false,
      SkuID: ANNUAL_US,
      TransactionID: expect.any(Number),
      SubscriptionID: expect.any(Number),
    });
    expect(await current(nora)).toEqual([
      expect.objectContaining({ StatusCD: 'PEND', SubscriptionID: created.body.SubscriptionID }),
    ]);
    expect((await claims(nora)).UserType).toBe('NEW');
    expect(await alreadySubscribed(nora)).toBe(false);

    // Paying for a plan by card is not refused as "already subscribed": the card plan starts and the waiting one is replaced.
    const byCard = await api.post('/api/payments', card(nora, MONTHLY_US), nora.cookie);
    expect(byCard.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'SUCC' });
    expect(await current(nora)).toEqual([expect.objectContaining({ SkuID: MONTHLY_US, StatusCD: 'ACTV' })]);
  });

  it('someone whose plan is running out keeps that access while a new plan waits, and loses it only when the new one starts', async () => {
    const eli = await freshCopyOf('expiring-us');
    expect(await current(eli)).toEqual([expect.objectContaining({ StatusCD: 'EXPR' })]);
    const created = await api.post('/api/payments', pending(eli), eli.cookie);
    const statuses = async () =>
      (await api.get(`/api/subscriptions?userUID=${eli.uid}&isCurrentOnly=false`, eli.cookie)).body.Subscriptions.map(
        (s: { StatusCD: string }) => s.StatusCD,
      );
    expect(await statuses()).toEqual(['PEND', 'EXPR']);
    expect((await claims(eli)).UserType).toBe('EXPR');

    const done = await complete(eli, created.body.TransactionID);
    expect(done.status).toBe(200);
    expect(await current(eli)).toEqual([
      expect.objectContaining({ SubscriptionID: created.body.SubscriptionID, SkuID: ANNUAL_US, StatusCD: 'ACTV' }),
    ]);
    expect(await statuses()).toEqual(['ACTV', 'EXPD']);
    expect((await claims(eli)).UserType).toBe('ACTV');
  });

  it('replaying the checkout while it waits answers the pending payment again; once approved, replaying answers that it went through; nothing is charged twice', async () => {
    const nora = await freshCopyOf('new-us');
    const payment = pending(nora);
    const created = await api.post('/api/payments', payment, nora.cookie);
    const replay = await api.post('/api/payments', payment, nora.cookie);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ ...created.body, Replayed: true });
    expect(await sales(payment.session_guid, 'PEND')).toBe(1);

    const done = await complete(nora, created.body.TransactionID);
    expect(done.body).toEqual({
      TransactionID: created.body.TransactionID,
      TransactionStatus: 'SUCC',
      SubscriptionID: created.body.SubscriptionID,
    });
    const before = await snapshot(api.db, PAYMENT_TABLES);
    expect(await complete(nora, created.body.TransactionID)).toMatchObject({ status: 200, body: done.body });
    const afterApproval = await api.post('/api/payments', payment, nora.cookie);
    expect(afterApproval.body).toEqual({ ...created.body, TransactionStatus: 'SUCC', Replayed: true });
    expect(await snapshot(api.db, PAYMENT_TABLES)).toEqual(before);
    expect(await sales(payment.session_guid)).toBe(1);
    expect(await statusOf(nora, created.body.TransactionID)).toBe('SUCC');
  });

  it('cancelling voids the payment, starts no plan, can be repeated, and frees the checkout to be paid again', async () => {
    const nora = await freshCopyOf('new-us');
    const payment = pending(nora);
    const created = await api.post('/api/payments', payment, nora.cookie);
    const id = created.body.TransactionID;

    const cancelled = await cancel(nora, id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({
      TransactionID: id,
      TransactionStatus: 'FAIL',
      SubscriptionID: created.body.SubscriptionID,
    });
    expect(await statusOf(nora, id)).toBe('FAIL');
    expect(await current(nora)).toEqual([]);
    const all = (await api.get(`/api/subscriptions?userUID=${nora.uid}&isCurrentOnly=false`, nora.cookie)).body
      .Subscriptions;
    expect(all).toEqual([
      expect.objectContaining({ SubscriptionID: created.body.SubscriptionID, StatusCD: 'EXPD', NextBillingDate: null }),
    ]);
    expect((await claims(nora)).UserType).toBe('NEW');
    expect(await alreadySubscribed(nora)).toBe(false);
    expect(
      await countRows(api.db, 'payment_attempts', `session_guid = $1 and failure_code = 'apm_cancelled'`, [
        payment.session_guid,
      ]),
    ).toBe(1);

    // Again: the same answer, nothing written. Approving it now is refused.
    const before = await snapshot(api.db, PAYMENT_TABLES);
    expect(await cancel(nora, id)).toMatchObject({ status: 200, body: cancelled.body });
    const approveLate = await complete(nora, id);
    expect(approveLate.status).toBe(409);
    expect(approveLate.body).toEqual({ error: { code: 'PAYMENT_CANCELLED', message: expect.any(String) } });
    expect(await snapshot(api.db, PAYMENT_TABLES)).toEqual(before);

    // The same checkout, paid by card now: a new sale, charged once, replayed after.
    const retry = await api.post('/api/payments', card(nora, ANNUAL_US, payment.session_guid), nora.cookie);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'SUCC', Replayed: false });
    expect(retry.body.TransactionID).not.toBe(id);
    const again = await api.post('/api/payments', card(nora, ANNUAL_US, payment.session_guid), nora.cookie);
    expect(again.body).toEqual({ ...retry.body, Replayed: true });
    expect(await sales(payment.session_guid)).toBe(1);
    expect(await sales(payment.session_guid, 'FAIL')).toBe(1);
    expect(await current(nora)).toEqual([
      expect.objectContaining({ StatusCD: 'ACTV', SubscriptionID: retry.body.SubscriptionID }),
    ]);
  });

  it('a payment that went through cannot be cancelled: 409, nothing written', async () => {
    const nora = await freshCopyOf('new-us');
    const created = await api.post('/api/payments', pending(nora), nora.cookie);
    await complete(nora, created.body.TransactionID);
    const paidByCard = await api.post('/api/payments', card(nora, 120), nora.cookie);
    for (const id of [created.body.TransactionID, paidByCard.body.TransactionID]) {
      const before = await snapshot(api.db, PAYMENT_TABLES);
      const refused = await cancel(nora, id);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: { code: 'PAYMENT_COMPLETED', message: expect.any(String) } });
      expect(await snapshot(api.db, PAYMENT_TABLES)).toEqual(before);
    }
    expect(await current(nora)).toEqual([expect.objectContaining({ StatusCD: 'ACTV' })]);
  });

  it("another user's payment: 403 with their id, 404 with one's own id, 401 for a guest; nothing written", async () => {
    const owner = await freshCopyOf('new-us');
    const other = await freshCopyOf('new-us');
    const created = await api.post('/api/payments', pending(owner), owner.cookie);
    const id = created.body.TransactionID;
    const before = await snapshot(api.db, PAYMENT_TABLES);

    const foreign = await cancel(owner, id, other.cookie);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect((await api.post(`/api/v2/payments/${other.uid}/transactions/${id}/cancel`, {}, other.cookie)).status).toBe(
      404,
    );
    expect((await api.post(`/api/v2/payments/${owner.uid}/transactions/${id}/cancel`, {})).status).toBe(401);
    expect((await api.post(`/api/v2/payments/${owner.uid}/transactions/999999/cancel`, {}, owner.cookie)).status).toBe(
      404,
    );
    // A refund is no pending sale to cancel.
    const ava = { uid: PERSONA_UID['active-us'], cookie: await api.signIn('active-us') };
    const [refund] = await api.db.query<{ id: number }>(
      `select transaction_id::int as id from transactions where user_uid = $1 and transaction_type = 'RFND'`,
      [ava.uid],
    );
    expect((await cancel(ava, refund!.id)).status).toBe(404);
    const bad = await api.post('/api/v2/payments/not-a-guid/transactions/-1/cancel', {}, owner.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ userId: expect.any(String), id: expect.any(String) });
    expect(await snapshot(api.db, PAYMENT_TABLES)).toEqual(before);
    expect(await statusOf(owner, id)).toBe('PEND');
  });

  it('approving and cancelling the same payment at once: exactly one wins, the other is 409', async () => {
    const nora = await freshCopyOf('new-us');
    const created = await api.post('/api/payments', pending(nora), nora.cookie);
    const id = created.body.TransactionID;
    const [approved, cancelled] = await Promise.all([complete(nora, id), cancel(nora, id)]);
    expect([approved.status, cancelled.status].sort()).toEqual([200, 409]);
    const expected = approved.status === 200 ? { status: 'SUCC', plans: 1 } : { status: 'FAIL', plans: 0 };
    expect(await statusOf(nora, id)).toBe(expected.status);
    expect(await countRows(api.db, 'subscriptions', `user_uid = $1 and status_cd = 'ACTV'`, [nora.uid])).toBe(
      expected.plans,
    );
  });

  it('a second checkout waiting replaces the first, so approving both starts one plan', async () => {
    const nora = await freshCopyOf('new-us');
    const first = await api.post('/api/payments', pending(nora, ANNUAL_US), nora.cookie);
    const second = await api.post('/api/payments', pending(nora, MONTHLY_US, { payment_method: 'DUPI' }), nora.cookie);
    expect(second.body).toMatchObject({ PaymentStatus: 'SUCC', TransactionStatus: 'PEND' });
    await complete(nora, second.body.TransactionID);
    await complete(nora, first.body.TransactionID);
    expect(await current(nora)).toEqual([
      expect.objectContaining({ SubscriptionID: second.body.SubscriptionID, SkuID: MONTHLY_US, StatusCD: 'ACTV' }),
    ]);
    expect(await countRows(api.db, 'subscriptions', `user_uid = $1 and status_cd = 'ACTV'`, [nora.uid])).toBe(1);
  });

  it("the app's client settles pending payments through its schemas and types a refusal", async () => {
    const nora = await freshCopyOf('new-us');
    const client = createApi({ apiBase: '/api', fetch: appFetch(api, nora.cookie) });
    const created = await client.payments.create(pending(nora) as Parameters<typeof client.payments.create>[0]);
    expect(await client.payments.cancel(nora.uid, created.TransactionID!)).toEqual({
      TransactionID: created.TransactionID,
      TransactionStatus: 'FAIL',
      SubscriptionID: created.SubscriptionID,
    });
    const refused = await client.payments.complete(nora.uid, created.TransactionID!).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(refused).toMatchObject({ kind: 'conflict', status: 409, code: 'PAYMENT_CANCELLED' });

    const next = await client.payments.create(pending(nora) as Parameters<typeof client.payments.create>[0]);
    expect(await client.payments.complete(nora.uid, next.TransactionID!)).toEqual({
      TransactionID: next.TransactionID,
      TransactionStatus: 'SUCC',
      SubscriptionID: next.SubscriptionID,
    });
  });
});
