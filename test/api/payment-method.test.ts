import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { signInFresh } from '../support/fresh-person';

describe.each(targets)('change payment method (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const card = (uid: string, extra: Record<string, unknown> = {}) => ({
    user_uid: uid,
    session_guid: randomUUID(),
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
    ...extra,
  });
  const sales = async (uid: string) =>
    api.db.query<{ status_cd: string; last_four_digits: string | null }>(
      `select status_cd, last_four_digits from transactions where user_uid = $1 and transaction_type = 'SALE' order by transaction_id`,
      [uid],
    );

  it('stores a new card without charging anything; a repeat replays it', async () => {
    const me = await signInFresh(api, 'active-us');
    const before = (await api.get(`/api/payments/${me.uid}/paymentmethod`, me.cookie)).body;
    expect(before.PaymentMethod.LastFourDigits).toMatch(/^\d{4}$/);
    const salesBefore = await sales(me.uid);
    const body = card(me.uid, { last_four_digits: '4242' });
    const saved = await api.post('/api/payments/paymentmethod', body, me.cookie);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      Outcome: 'SAVED',
      PaymentMethod: { PaymentMethodCD: 'CRCD', CardType: 'VISA', LastFourDigits: '4242' },
      Renewal: null,
      Replayed: false,
    });
    const again = await api.post('/api/payments/paymentmethod', { ...body, last_four_digits: '1881' }, me.cookie);
    expect(again.body).toMatchObject({ Outcome: 'SAVED', PaymentMethod: { LastFourDigits: '4242' }, Replayed: true });
    expect((await api.get(`/api/payments/${me.uid}/paymentmethod`, me.cookie)).body.PaymentMethod.LastFourDigits).toBe(
      '4242',
    );
    expect(await sales(me.uid)).toEqual(salesBefore);
  });

  it('a declined card keeps the old one', async () => {
    const me = await signInFresh(api, 'active-us');
    const old = (await api.get(`/api/payments/${me.uid}/paymentmethod`, me.cookie)).body.PaymentMethod;
    const declined = await api.post(
      '/api/payments/paymentmethod',
      card(me.uid, { last_four_digits: '0002', fail_payment: true }),
      me.cookie,
    );
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ Outcome: 'DECLINED', PaymentMethod: old, Renewal: null });
    expect((await api.get(`/api/payments/${me.uid}/paymentmethod`, me.cookie)).body.PaymentMethod).toEqual(old);
  });

  it('for a suspended plan retries the missed renewal once: active again with one new SALE, however often it is sent', async () => {
    const me = await signInFresh(api, 'suspended-us');
    const before = await sales(me.uid);
    const body = card(me.uid);
    const [first, second] = await Promise.all([
      api.post('/api/payments/paymentmethod', body, me.cookie),
      api.post('/api/payments/paymentmethod', body, me.cookie),
    ]);
    const results = [first!.body, second!.body].sort((a, b) => Number(a.Replayed) - Number(b.Replayed));
    expect(results[0]).toMatchObject({
      Outcome: 'SAVED',
      Replayed: false,
      Renewal: { Status: 'SUCC', SubscriptionStatusCD: 'ACTV' },
    });
    expect(results[1]).toMatchObject({ Replayed: true, Renewal: { TransactionID: results[0].Renewal.TransactionID } });
    // Another key (a second change) charges nothing more: the plan is active now.
    const later = await api.post(
      '/api/payments/paymentmethod',
      card(me.uid, { last_four_digits: '4444', card_type: 'MASTERCARD' }),
      me.cookie,
    );
    expect(later.body).toMatchObject({ Outcome: 'SAVED', Renewal: null });
    const after = await sales(me.uid);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ status_cd: 'SUCC', last_four_digits: '4242' });
    const [sub] = await api.db.query<{ status_cd: string; subscription_type_cd: string }>(
      'select status_cd, subscription_type_cd from subscriptions where subscription_id = $1',
      [me.subscriptionId],
    );
    expect(sub).toMatchObject({ status_cd: 'ACTV', subscription_type_cd: 'AUTO' });
    expect((await api.get('/api/users/claims', me.cookie)).body.UserType).toBe('ACTV');
  });

  it("refuses another user's card update with 403 and writes nothing; bad input gets 400", async () => {
    const me = await signInFresh(api, 'active-us');
    const other = await signInFresh(api, 'suspended-us');
    const before = (await api.get(`/api/payments/${other.uid}/paymentmethod`, other.cookie)).body;
    const body = card(other.uid);
    const refused = await api.post('/api/payments/paymentmethod', body, me.cookie);
    expect(refused.status).toBe(403);
    expect((await api.get(`/api/payments/${other.uid}/paymentmethod`, me.cookie)).status).toBe(403);
    expect((await api.get(`/api/payments/${other.uid}/paymentmethod`, other.cookie)).body).toEqual(before);
    expect(await api.db.query('select 1 from card_updates where session_guid = $1', [body.session_guid])).toHaveLength(
      0,
    );
    expect(
      (await api.post('/api/payments/paymentmethod', card(me.uid, { last_four_digits: '42' }), me.cookie)).status,
    ).toBe(400);
    expect(
      (await api.post('/api/payments/paymentmethod', card(me.uid, { payment_method: 'PYPL' }), me.cookie)).status,
    ).toBe(400);
    expect((await api.post('/api/payments/paymentmethod', card(me.uid), '')).status).toBe(401);
  });

  it('the next renewal charges the card on file', async () => {
    const me = await signInFresh(api, 'active-us');
    await api.post('/api/payments/paymentmethod', card(me.uid, { last_four_digits: '0002' }), me.cookie);
    const { renewDueSubscriptions } = await import('../../server/services/renewals');
    await api.db.query(
      `update subscriptions set next_billing_date = now() - interval '1 minute', subscription_type_cd = 'AUTO', status_cd = 'ACTV' where subscription_id = $1`,
      [me.subscriptionId],
    );
    const outcomes = (await renewDueSubscriptions(api.db, new Date())).filter(
      (o) => o.subscriptionId === me.subscriptionId,
    );
    // The stored card ends like the sandbox's declining card, so the renewal on it is declined.
    expect(outcomes).toEqual([expect.objectContaining({ outcome: 'declined' })]);
  });

  it('the current subscription names the save offer it took, for my settings', async () => {
    const me = await signInFresh(api, 'active-us');
    const before = (await api.get(`/api/subscriptions?userUID=${me.uid}&isCurrentOnly=true`, me.cookie)).body
      .Subscriptions[0];
    expect(before.SaveOffer).toBeNull();
    const taken = await api.post(
      '/api/subscriptions/saveoffer',
      { user_uid: me.uid, subscription_id: before.SubscriptionID, offer_id: 'freeMonth' },
      me.cookie,
    );
    expect(taken.status).toBe(200);
    const after = (await api.get(`/api/subscriptions?userUID=${me.uid}&isCurrentOnly=true`, me.cookie)).body
      .Subscriptions[0];
    expect(after.SaveOffer).toEqual({ OfferID: 'freeMonth', RedeemedAt: taken.body.RedeemedAt });
  });
});
