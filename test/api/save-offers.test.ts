import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { signInFresh, type FreshPerson } from '../support/fresh-person';
import { snapshot } from '../support/snapshot';
import { addMonths } from '../../src/domain/save-offers';

const TABLES = ['subscriptions', 'save_offer_redemptions', 'users'];
const errorBody = (code: string) => ({ error: { code, message: expect.any(String) } });

describe.each(targets)('save offers (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const redeem = (person: FreshPerson, offer_id: unknown, overrides: Record<string, unknown> = {}) =>
    api.post(
      '/api/subscriptions/saveoffer',
      { user_uid: person.uid, subscription_id: person.subscriptionId, offer_id, ...overrides },
      person.cookie,
    );
  const cancelPage = async (person: FreshPerson) =>
    (await api.get(`/api/pages/cancel?userUID=${person.uid}&visitorPortalID=1`, person.cookie)).body;
  const subscriptionRow = async (id: number) =>
    (
      await api.db.query<{ renewal_discount_percent: number | null; next_billing_date: Date; end_date: Date }>(
        'select renewal_discount_percent, next_billing_date, end_date from subscriptions where subscription_id = $1',
        [id],
      )
    )[0]!;

  it('half off the next renewal: the discount is stored on the plan, recorded once, and a repeat answers the first result', async () => {
    const person = await signInFresh(api, 'active-us');
    const page = await cancelPage(person);
    expect(page.SaveOffers).toEqual([
      { OfferID: 'halfOffNextRenewal', Kind: 'discount', DiscountPercent: 50, FreeMonths: null, Redeemable: true },
      { OfferID: 'freeMonth', Kind: 'freeMonth', DiscountPercent: null, FreeMonths: 1, Redeemable: true },
    ]);
    const before = await subscriptionRow(person.subscriptionId);

    const taken = await redeem(person, 'halfOffNextRenewal');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({
      OfferID: 'halfOffNextRenewal',
      Kind: 'discount',
      RedeemedAt: expect.any(String),
      Subscription: {
        SubscriptionID: person.subscriptionId,
        StatusCD: 'ACTV',
        UnitPrice: 23.95,
        RenewalDiscountPercent: 50,
        NextRenewalPrice: 11.98,
        FormattedNextRenewalPrice: '$11.98',
        PausedFrom: null,
        ResumesOn: null,
        IsPaused: false,
      },
    });
    const after = await subscriptionRow(person.subscriptionId);
    expect(after).toEqual({ ...before, renewal_discount_percent: 50 });
    const redemptions = await api.db.query(
      'select user_uid, offer_id, changes from save_offer_redemptions where subscription_id = $1',
      [person.subscriptionId],
    );
    expect(redemptions).toEqual([
      {
        user_uid: person.uid,
        offer_id: 'halfOffNextRenewal',
        changes: { renewal_discount_percent: { from: null, to: 50 } },
      },
    ]);
    // My settings read the discount from the subscription list too.
    const [listed] = (await api.get(`/api/subscriptions?userUID=${person.uid}&isCurrentOnly=true`, person.cookie)).body
      .Subscriptions;
    expect(listed).toMatchObject({ RenewalDiscountPercent: 50, NextRenewalPrice: 11.98 });

    // The same request again: the first result, nothing written.
    const state = await snapshot(api.db, TABLES);
    const again = await redeem(person, 'halfOffNextRenewal');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(taken.body);
    expect(await snapshot(api.db, TABLES)).toEqual(state);

    // The limit: another offer on the same subscription is refused and writes nothing.
    const other = await redeem(person, 'freeMonth');
    expect(other.status).toBe(409);
    expect(other.body).toEqual(errorBody('OFFER_ALREADY_REDEEMED'));
    expect(await snapshot(api.db, TABLES)).toEqual(state);

    // The cancel page now shows no offer as redeemable.
    expect((await cancelPage(person)).SaveOffers.map((o: { Redeemable: boolean }) => o.Redeemable)).toEqual([
      false,
      false,
    ]);
  });

  it('a free month moves the renewal and the end of access one month later at no charge', async () => {
    const person = await signInFresh(api, 'active-de');
    const before = await subscriptionRow(person.subscriptionId);
    const taken = await api.post(
      '/api/subscriptions/saveoffer',
      { user_uid: person.uid, subscription_id: person.subscriptionId, offer_id: 'freeMonth' },
      person.cookie,
    );
    expect(taken.status).toBe(200);
    const movedEnd = addMonths(new Date(before.end_date), 1).toISOString();
    const movedNext = addMonths(new Date(before.next_billing_date), 1).toISOString();
    expect(taken.body).toMatchObject({
      OfferID: 'freeMonth',
      Kind: 'freeMonth',
      Subscription: {
        EndDate: movedEnd,
        NextBillingDate: movedNext,
        RenewalDiscountPercent: null,
        NextRenewalPrice: 24.95,
        FormattedNextRenewalPrice: '24,95\u00a0€',
      },
    });
    const after = await subscriptionRow(person.subscriptionId);
    expect({
      end: new Date(after.end_date).toISOString(),
      next: new Date(after.next_billing_date).toISOString(),
      discount: after.renewal_discount_percent,
    }).toEqual({
      end: movedEnd,
      next: movedNext,
      discount: null,
    });
    const [redemption] = await api.db.query<{ changes: unknown }>(
      'select changes from save_offer_redemptions where subscription_id = $1',
      [person.subscriptionId],
    );
    expect(redemption!.changes).toEqual({
      next_billing_date: { from: new Date(before.next_billing_date).toISOString(), to: movedNext },
      end_date: { from: new Date(before.end_date).toISOString(), to: movedEnd },
    });
    expect(
      await api.db.query(
        "select 1 from transactions where subscription_id = $1 and created_at > now() - interval '1 minute'",
        [person.subscriptionId],
      ),
    ).toEqual([]);
  });

  it('after taking an offer and then cancelling, the same request still answers its first result and another offer is not eligible', async () => {
    const person = await signInFresh(api, 'active-us');
    const taken = await redeem(person, 'freeMonth');
    expect(taken.status).toBe(200);
    expect(
      (
        await api.post(
          '/api/subscriptions/cancelv2',
          { user_uid: person.uid, subscription_id: person.subscriptionId },
          person.cookie,
        )
      ).status,
    ).toBe(200);
    const state = await snapshot(api.db, TABLES);
    const again = await redeem(person, 'freeMonth');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      OfferID: 'freeMonth',
      RedeemedAt: taken.body.RedeemedAt,
      Subscription: { StatusCD: 'EXPR' },
    });
    const other = await redeem(person, 'halfOffNextRenewal');
    expect(other.status).toBe(409);
    expect(other.body).toEqual(errorBody('OFFER_NOT_ELIGIBLE'));
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it('a redemption more than 12 months old no longer counts against the limit', async () => {
    const person = await signInFresh(api, 'active-us');
    expect((await redeem(person, 'freeMonth')).status).toBe(200);
    await api.db.query(
      `update save_offer_redemptions set redeemed_at = now() - interval '13 months' where subscription_id = $1`,
      [person.subscriptionId],
    );
    expect((await cancelPage(person)).SaveOffers.every((o: { Redeemable: boolean }) => o.Redeemable)).toBe(true);
    const discount = await redeem(person, 'halfOffNextRenewal');
    expect(discount.status).toBe(200);
    expect(discount.body.Subscription.RenewalDiscountPercent).toBe(50);
  });

  it('refuses a plan that is not active and renewing, or is paused (409 OFFER_NOT_ELIGIBLE), writing nothing', async () => {
    const oneOff = await signInFresh(api, 'active-uk'); // active, but an annual plan that does not renew
    const ended = await signInFresh(api, 'expired-us');
    const cancelled = await signInFresh(api, 'active-us');
    expect(
      (
        await api.post(
          '/api/subscriptions/cancelv2',
          { user_uid: cancelled.uid, subscription_id: cancelled.subscriptionId },
          cancelled.cookie,
        )
      ).status,
    ).toBe(200);
    const paused = await signInFresh(api, 'active-us');
    expect(
      (
        await api.post(
          '/api/subscriptions/pause',
          { user_uid: paused.uid, subscription_id: paused.subscriptionId, months: 1 },
          paused.cookie,
        )
      ).status,
    ).toBe(200);

    const state = await snapshot(api.db, TABLES);
    for (const person of [oneOff, ended, cancelled, paused]) {
      for (const offer of ['halfOffNextRenewal', 'freeMonth']) {
        const response = await redeem(person, offer);
        expect(response.status).toBe(409);
        expect(response.body).toEqual(errorBody('OFFER_NOT_ELIGIBLE'));
      }
      const page = await cancelPage(person);
      expect(page.SaveOffers.every((o: { Redeemable: boolean }) => !o.Redeemable)).toBe(true);
    }
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it('refuses a forged offer id and a malformed body with 400 and the error body, writing nothing', async () => {
    const person = await signInFresh(api, 'active-us');
    const state = await snapshot(api.db, TABLES);
    for (const offer of ['hundredPercentOff', 'HALFOFFNEXTRENEWAL', '', 1, null]) {
      const response = await redeem(person, offer);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String), fields: { offer_id: expect.any(String) } },
      });
    }
    for (const subscription_id of [0, -1, 'x', 1.5]) {
      const response = await redeem(person, 'freeMonth', { subscription_id });
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toHaveProperty('subscription_id');
    }
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it("refuses another user's subscription (403) and an unknown one (404), writing nothing", async () => {
    const person = await signInFresh(api, 'active-us');
    const [other] = await api.db.query<{ subscription_id: string }>(
      'select subscription_id from subscriptions where user_uid = $1',
      [PERSONA_UID['active-de']],
    );
    const state = await snapshot(api.db, TABLES);
    const theirs = await redeem(person, 'freeMonth', { subscription_id: Number(other!.subscription_id) });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual(errorBody('FORBIDDEN'));
    const asThem = await redeem(person, 'freeMonth', {
      user_uid: PERSONA_UID['active-de'],
      subscription_id: Number(other!.subscription_id),
    });
    expect(asThem.status).toBe(403);
    const unknown = await redeem(person, 'freeMonth', { subscription_id: 987654 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody('NOT_FOUND'));
    expect(await snapshot(api.db, TABLES)).toEqual(state);
  });

  it('the cancel page of a person without a current plan has no offers and no pause', async () => {
    const person = await signInFresh(api, 'new-us');
    expect(await cancelPage(person)).toMatchObject({
      CancellationData: null,
      SaveOffers: [],
      Pause: { Months: [1, 2, 3], Available: false, KeepsAccess: false },
    });
  });
});
