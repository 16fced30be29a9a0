import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { signInFresh, type FreshPerson } from '../support/fresh-person';
import { snapshot } from '../support/snapshot';

const TABLES = ['service_intakes', 'review_orders', 'free_reviews'];
/** US market SKUs (portal 1): resume review, cover-letter writing, resume writing, tune-up. */
const SKU = { review: 120, coverLetterWriting: 123, resumeWriting: 124, tuneUp: 125, monthly: 104 } as const;

const answers = (overrides: Record<string, unknown> = {}) => ({
  targetJobTitle: 'Product designer',
  yearsExperience: 6,
  industry: 'Software',
  companyName: '',
  comments: 'Please keep it to one page.',
  ...overrides,
});

describe.each(targets)('service intakes (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const buy = async (person: FreshPerson, skuId: number): Promise<number> => {
    const paid = await api.post<{ TransactionID: number }>(
      '/api/payments',
      {
        user_uid: person.uid,
        sku_id: skuId,
        session_guid: randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
      },
      person.cookie,
    );
    expect(paid.status).toBe(201);
    return paid.body.TransactionID;
  };
  const read = (person: FreshPerson, query: string) =>
    api.get(`/api/services/${person.uid}/intake?${query}`, person.cookie);
  const send = (person: FreshPerson, body: Record<string, unknown>) =>
    api.post(`/api/services/${person.uid}/intake`, body, person.cookie);

  it('a bought tune-up waits for its answers, stores them once, and a repeat answers the first answers', async () => {
    const person = await signInFresh(api, 'new-us');
    expect((await read(person, 'service=RSTUNE')).body).toMatchObject({
      Status: 'notPurchased',
      OrderID: null,
      SkuID: SKU.tuneUp,
      FormattedPrice: '$49.00',
    });
    const orderId = await buy(person, SKU.tuneUp);
    expect((await read(person, `service=RSTUNE&orderid=${orderId}`)).body).toMatchObject({
      Status: 'awaitingAnswers',
      OrderID: orderId,
      Answers: null,
    });

    const first = await send(person, {
      service: 'RSTUNE',
      order_id: orderId,
      answers: answers({ targetJobTitle: '  Product designer ' }),
    });
    expect(first.status).toBe(201);
    // Only the fields a tune-up asks for are kept, trimmed.
    expect(first.body).toMatchObject({
      Status: 'answered',
      OrderID: orderId,
      Answers: {
        targetJobTitle: 'Product designer',
        yearsExperience: 6,
        industry: '',
        companyName: '',
        comments: 'Please keep it to one page.',
      },
    });

    const before = await snapshot(api.db, TABLES);
    const repeat = await send(person, {
      service: 'RSTUNE',
      order_id: orderId,
      answers: answers({ targetJobTitle: 'Something else' }),
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await snapshot(api.db, TABLES)).toEqual(before);
    // Without an order id the latest order of the service is found.
    expect((await read(person, 'service=RSTUNE')).body).toEqual(first.body);
  });

  it('a paid resume review: the intake puts the review in progress and the free-review record in review', async () => {
    const person = await signInFresh(api, 'new-us');
    const orderId = await buy(person, SKU.review);
    const state = (await read(person, `service=RSMRVW&orderid=${orderId}`)).body as {
      ReviewOrderID: number;
      Status: string;
    };
    expect(state).toMatchObject({ Status: 'awaitingAnswers', OrderID: orderId, ReviewOrderID: expect.any(Number) });
    expect((await send(person, { service: 'RSMRVW', order_id: orderId, answers: answers() })).status).toBe(201);
    expect(
      await api.db.query(
        'select status_cd, transaction_id::text as transaction_id from review_orders where order_id = $1',
        [state.ReviewOrderID],
      ),
    ).toEqual([{ status_cd: 'NEWDOC', transaction_id: String(orderId) }]);
    const free = (await api.get(`/api/payments/${person.uid}/freefeatureprovided`, person.cookie)).body as {
      FreeReview: unknown;
    };
    expect(free.FreeReview).toMatchObject({ is_intake_filled: true, is_pending: true });
  });

  it('a free review claimed in the cancel funnel is filled in without an order id, and the funnel then reads it as in review', async () => {
    const person = await signInFresh(api, 'trial-us');
    const claimed = await api.post(
      `/api/payments/free-resumereview?userUID=${person.uid}&isNonCancellationFlow=false&deviceType=Desktop&productCD=RSMRVW&skuPortalID=1`,
      undefined,
      person.cookie,
    );
    expect(claimed.status).toBe(201);
    expect((await read(person, 'service=RSMRVW')).body).toMatchObject({
      Status: 'awaitingAnswers',
      OrderID: null,
      ReviewOrderID: (claimed.body as { OrderID: number }).OrderID,
    });
    expect((await send(person, { service: 'RSMRVW', answers: answers() })).status).toBe(201);
    const free = (await api.get(`/api/payments/${person.uid}/freefeatureprovided`, person.cookie)).body as {
      FreeReview: unknown;
    };
    expect(free.FreeReview).toEqual({ is_intake_filled: true, is_pending: true, available_free: 0 });
  });

  it('a review the writer already took up is shown as answered and not asked again', async () => {
    const person = await signInFresh(api, 'active-us');
    expect((await read(person, 'service=RSMRVW')).body).toMatchObject({
      Status: 'answered',
      Answers: null,
      ReviewOrderID: expect.any(Number),
    });
    const refused = await send(person, { service: 'RSMRVW', answers: answers() });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'REVIEW_STARTED' } });
  });

  it("refuses what is not the person's, not bought or not valid, and writes nothing", async () => {
    const owner = await signInFresh(api, 'new-us');
    const other = await signInFresh(api, 'new-us');
    const orderId = await buy(owner, SKU.resumeWriting);
    const planOrder = await buy(owner, SKU.monthly);
    const before = await snapshot(api.db, TABLES);

    // Another person's id in the path.
    expect(
      (
        await api.post(
          `/api/services/${owner.uid}/intake`,
          { service: 'RSWRIT', order_id: orderId, answers: answers() },
          other.cookie,
        )
      ).status,
    ).toBe(403);
    expect((await api.get(`/api/services/${owner.uid}/intake?service=RSWRIT`, other.cookie)).status).toBe(403);
    // Another person's order under one's own id is not found.
    expect((await send(other, { service: 'RSWRIT', order_id: orderId, answers: answers() })).status).toBe(404);
    expect((await read(other, `service=RSWRIT&orderid=${orderId}`)).status).toBe(404);
    // An order of another product, and no order at all.
    expect((await send(owner, { service: 'RSWRIT', order_id: planOrder, answers: answers() })).status).toBe(404);
    const none = await send(owner, { service: 'CLWRIT', answers: answers({ companyName: 'Acme' }) });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: { code: 'NO_ORDER' } });
    // Bad bodies.
    const missing = await send(owner, {
      service: 'RSWRIT',
      order_id: orderId,
      answers: answers({ industry: ' ', yearsExperience: null }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { 'answers.industry': 'required', 'answers.yearsExperience': 'required' },
      },
    });
    for (const body of [
      { service: 'NOPE', answers: answers() },
      { service: 'RSWRIT', order_id: -1, answers: answers() },
      { service: 'RSWRIT', answers: answers({ yearsExperience: 61 }) },
      { service: 'RSWRIT', answers: answers({ targetJobTitle: 'x'.repeat(101) }) },
      { service: 'RSWRIT', answers: { targetJobTitle: 'Designer' } },
      { service: 'RSWRIT' },
    ]) {
      const refused = await send(owner, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect(await snapshot(api.db, TABLES)).toEqual(before);
  });
});
