import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';

describe.each(targets)('paying for a plan (%s)', (target) => {
  let api: TestApi;
  let cookie: string;
  const uid = PERSONA_UID['new-us'];
  const ANNUAL_US = 103;

  beforeAll(async () => {
    api = await startTestApi(target);
    cookie = await api.signIn('new-us');
  });
  afterAll(() => api?.close());

  it('makes the subscription Active, adds one SALE, and charges once when replayed', async () => {
    const before = await api.get(`/api/payments/${uid}/transactions`, cookie);
    expect(before.body.total).toBe(0);

    const payment = {
      user_uid: uid,
      sku_id: ANNUAL_US,
      session_guid: randomUUID(),
      payment_method: 'CRCD',
      card_type: 'VISA',
      last_four_digits: '4242',
    };
    const first = await api.post('/api/payments', payment, cookie);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ PaymentStatus: 'SUCC', Replayed: false, Amount: 59.4, CurrencyCD: 'USD' });

    const replay = await api.post('/api/payments', payment, cookie);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({
      PaymentStatus: 'SUCC',
      Replayed: true,
      TransactionID: first.body.TransactionID,
    });

    const subs = await api.get(`/api/subscriptions?userUID=${uid}&isCurrentOnly=true`, cookie);
    expect(subs.body.Subscriptions).toHaveLength(1);
    expect(subs.body.Subscriptions[0]).toMatchObject({
      SkuID: ANNUAL_US,
      StatusCD: 'ACTV',
      SubscriptionID: first.body.SubscriptionID,
    });

    const history = await api.get(`/api/payments/${uid}/transactions`, cookie);
    expect(history.body.total).toBe(1);
    expect(history.body.items[0]).toMatchObject({
      transaction_type: 'SALE',
      price: 59.4,
      card_type: 'VISA',
      last_four_digits: '4242',
    });

    const claims = await api.get('/api/users/claims', cookie);
    expect(claims.body.UserType).toBe('ACTV');
  });
});
