import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';

describe.each(targets)('the upsell pages on the server (%s)', (target) => {
  let api: TestApi;
  let cookie: string;
  let otherCookie: string;
  const uid = PERSONA_UID['new-us'];
  const otherUid = PERSONA_UID['active-us'];
  const LIMITED_TRIAL_US = 101;
  const CALM_US = 126;
  const FEEDBACK_TOOL_US = 127;
  const AI_TOOL_US = 128;
  let orderId: number;

  const answer = (body: Record<string, unknown>, as = cookie) =>
    api.post(
      '/api/upsell/survey',
      { user_uid: uid, order_id: orderId, reason: 'tooExpensive', answer_key: randomUUID(), ...body },
      as,
    );
  const addOn = (body: Record<string, unknown>) =>
    api.post('/api/payments/addon', { user_uid: uid, order_id: orderId, session_guid: randomUUID(), ...body }, cookie);
  const sales = async () =>
    (await api.get(`/api/payments/${uid}/transactions?transactionTypes=SALE`, cookie)).body.items as {
      sub_type: string | null;
      sku_detail: { product_id: string };
      last_four_digits: string | null;
    }[];

  beforeAll(async () => {
    api = await startTestApi(target);
    cookie = await api.signIn('new-us');
    otherCookie = await api.signIn('active-us');
    const plan = await api.post(
      '/api/payments',
      {
        user_uid: uid,
        sku_id: LIMITED_TRIAL_US,
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

  it('sells calm, the feedback tool and the AI tool one click each, with their upsell codes', async () => {
    for (const sku of [CALM_US, FEEDBACK_TOOL_US]) expect((await addOn({ sku_id: sku })).status).toBe(201);
    const codes = (await sales()).map((t) => [t.sku_detail.product_id, t.sub_type]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['CALM', 'CUF'],
        ['FDBKTL', 'FTF'],
      ]),
    );
  });

  it('after a decline, another card pays the add-on under the same key, once', async () => {
    const key = randomUUID();
    const declined = await addOn({ sku_id: AI_TOOL_US, session_guid: key, fail_payment: true });
    expect(declined.body).toMatchObject({ PaymentStatus: 'FAIL', TransactionID: null });
    const card = { card_type: 'MASTERCARD', last_four_digits: '4444' };
    const paid = await addOn({ sku_id: AI_TOOL_US, session_guid: key, card });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      PaymentStatus: 'SUCC',
      UpsellCD: 'ATF',
      PaymentMethodCD: 'CRCD',
      CardType: 'MASTERCARD',
    });
    const again = await addOn({
      sku_id: AI_TOOL_US,
      session_guid: key,
      card: { card_type: 'VISA', last_four_digits: '1111' },
    });
    expect(again.body).toMatchObject({ Replayed: true, TransactionID: paid.body.TransactionID });
    const tools = (await sales()).filter((t) => t.sku_detail.product_id === 'AIWRIT');
    expect(tools).toEqual([expect.objectContaining({ sub_type: 'ATF', last_four_digits: '4444' })]);
    const bad = await addOn({ sku_id: AI_TOOL_US, card: { card_type: 'VISA', last_four_digits: '12' } });
    expect(bad.status).toBe(400);
  });

  it('stores the survey answer once per key; a repeat answers the first; the person reads their own answers', async () => {
    const key = randomUUID();
    const [first, second] = await Promise.all([
      answer({ answer_key: key }),
      answer({ answer_key: key, reason: 'other' }),
    ]);
    const sorted = [first, second].sort((a, b) => Number(a.body.Replayed) - Number(b.body.Replayed));
    expect(sorted[0]!.status).toBe(201);
    expect(sorted[1]!.status).toBe(200);
    expect(sorted[1]!.body.AnswerID).toBe(sorted[0]!.body.AnswerID);
    expect(sorted[1]!.body.Reason).toBe(sorted[0]!.body.Reason);
    const mine = await api.get(`/api/upsell/survey/${uid}`, cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.Items).toHaveLength(1);
    expect(mine.body.Items[0]).toMatchObject({ AnswerID: sorted[0]!.body.AnswerID, OrderID: orderId });
    const noOrder = await answer({ order_id: null, reason: 'decideLater' });
    expect(noOrder.status).toBe(201);
    expect(noOrder.body.OrderID).toBeNull();
  });

  it('refuses bad input, another user, their order and their key, writing nothing', async () => {
    const before = (await api.get(`/api/upsell/survey/${uid}`, cookie)).body.Items.length;
    expect((await answer({ reason: 'nonsense' })).status).toBe(400);
    expect((await answer({ answer_key: 'not-a-uuid' })).status).toBe(400);
    expect((await answer({ order_id: 999_999_999 })).status).toBe(404);
    expect((await answer({ user_uid: otherUid })).status).toBe(403);
    expect((await api.get(`/api/upsell/survey/${otherUid}`, cookie)).status).toBe(403);
    const theirOrder = (await api.get(`/api/payments/${otherUid}/transactions?transactionTypes=SALE`, otherCookie)).body
      .items[0].transaction_id as number;
    expect((await answer({ order_id: theirOrder })).status).toBe(403);
    const key = randomUUID();
    expect((await answer({ answer_key: key })).status).toBe(201);
    const taken = await api.post(
      '/api/upsell/survey',
      { user_uid: otherUid, order_id: null, reason: 'other', answer_key: key },
      otherCookie,
    );
    expect(taken.status).toBe(409);
    expect((await api.get(`/api/upsell/survey/${uid}`, cookie)).body.Items.length).toBe(before + 1);
    expect(
      (await api.post('/api/upsell/survey', { user_uid: uid, reason: 'other', answer_key: randomUUID() })).status,
    ).toBe(401);
  });
});
