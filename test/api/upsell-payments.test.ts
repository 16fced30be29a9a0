import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';

describe.each(targets)('one-click add-ons after a plan (%s)', (target) => {
  let api: TestApi;
  let cookie: string;
  let otherCookie: string;
  const uid = PERSONA_UID['new-us'];
  const FULL_TRIAL_US = 102;
  const REVIEW_US = 120;
  const SOCIAL_CARD_US = 122;
  const REVIEW_UK = 220;
  let orderId: number;

  const addOn = (body: Record<string, unknown>, as = cookie) =>
    api.post('/api/payments/addon', { user_uid: uid, order_id: orderId, session_guid: randomUUID(), ...body }, as);
  const sales = async () =>
    (await api.get(`/api/payments/${uid}/transactions?transactionTypes=SALE`, cookie)).body.items as {
      sub_type: string | null;
      sku_detail: { product_id: string };
      price: number;
    }[];

  beforeAll(async () => {
    api = await startTestApi(target);
    cookie = await api.signIn('new-us');
    otherCookie = await api.signIn('active-us');
    const plan = await api.post(
      '/api/payments',
      {
        user_uid: uid,
        sku_id: FULL_TRIAL_US,
        session_guid: randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
      },
      cookie,
    );
    expect(plan.status).toBe(201);
    orderId = plan.body.TransactionID;
  });
  afterAll(() => api?.close());

  it('charges the plan’s card once per key: its own SALE with its upsell code; a replay answers the first result', async () => {
    const key = randomUUID();
    const [first, second] = await Promise.all([
      addOn({ sku_id: SOCIAL_CARD_US, session_guid: key }),
      addOn({ sku_id: SOCIAL_CARD_US, session_guid: key }),
    ]);
    const results = [first, second].sort((a, b) => Number(a.body.Replayed) - Number(b.body.Replayed));
    expect(results[0]!.status).toBe(201);
    expect(results[0]!.body).toMatchObject({
      PaymentStatus: 'SUCC',
      UpsellCD: 'SCF',
      Amount: 4.95,
      PaymentMethodCD: 'CRCD',
      CardType: 'VISA',
      Replayed: false,
    });
    expect(results[1]!.status).toBe(200);
    expect(results[1]!.body).toMatchObject({ Replayed: true, TransactionID: results[0]!.body.TransactionID });
    const again = await addOn({ sku_id: SOCIAL_CARD_US, session_guid: key });
    expect(again.body).toMatchObject({ Replayed: true, TransactionID: results[0]!.body.TransactionID });

    const history = await sales();
    expect(history).toHaveLength(2);
    expect(history.find((t) => t.sku_detail.product_id === 'SOCCARD')).toMatchObject({ sub_type: 'SCF', price: 4.95 });
    // Owned now: another key for the same add-on is refused, not charged.
    const owned = await addOn({ sku_id: SOCIAL_CARD_US });
    expect(owned.status).toBe(409);
    expect(owned.body.error.code).toBe('ALREADY_OWNED');
    expect(await sales()).toHaveLength(2);
  });

  it('a decline charges nothing and the same key may try again', async () => {
    const key = randomUUID();
    const declined = await addOn({ sku_id: REVIEW_US, session_guid: key, fail_payment: true });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ PaymentStatus: 'FAIL', TransactionID: null, FailureCode: 'card_declined' });
    expect(await sales()).toHaveLength(2);
    const paid = await addOn({ sku_id: REVIEW_US, session_guid: key });
    expect(paid.status).toBe(201);
    expect(paid.body.UpsellCD).toBe('DRR');
    expect(await sales()).toHaveLength(3);
  });

  it('bad input gets a 4xx and charges nothing', async () => {
    const before = (await sales()).length;
    // An unknown SKU, a plan instead of an add-on, another market's add-on.
    expect((await addOn({ sku_id: 999999 })).status).toBe(404);
    expect((await addOn({ sku_id: FULL_TRIAL_US })).status).toBe(409);
    expect((await addOn({ sku_id: 123, order_id: 999999999 })).status).toBe(404);
    expect((await addOn({ sku_id: REVIEW_UK })).status).toBe(409);
    // An upsell for a product not bought: the order is the social card, not a plan.
    const card = (await sales()).length;
    expect(card).toBe(before);
    const history = (await api.get(`/api/payments/${uid}/transactions?transactionTypes=SALE`, cookie)).body.items as {
      transaction_id: number;
      sku_detail: { product_id: string };
    }[];
    const socialCardOrder = history.find((t) => t.sku_detail.product_id === 'SOCCARD')!.transaction_id;
    const notAPlan = await addOn({ sku_id: 123, order_id: socialCardOrder });
    expect(notAPlan.status).toBe(409);
    expect(notAPlan.body.error.code).toBe('NOT_AN_ADD_ON_ORDER');
    // Another user's order, and another user's body.
    const theirs = await api.post(
      '/api/payments/addon',
      { user_uid: PERSONA_UID['active-us'], order_id: orderId, sku_id: 123, session_guid: randomUUID() },
      otherCookie,
    );
    expect(theirs.status).toBe(403);
    expect((await addOn({ sku_id: 123 }, otherCookie)).status).toBe(403);
    // The plan's key cannot be replayed as an add-on.
    expect((await sales()).length).toBe(before);
  });
});
