import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { signInFresh, type FreshPerson } from '../support/fresh-person';
import { countRows, snapshot } from '../support/snapshot';

const WINBACK_MONTHLY_US = 130;
const WINBACK_ANNUAL_US = 131;
const TABLES = ['subscriptions', 'transactions', 'users'];

describe.each(targets)('winback (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const facts = (person: FreshPerson) =>
    api.get<{ Standing: string; Audience: string | null; CancellationDays: number | null }>(
      `/api/winback/${person.uid}`,
      person.cookie,
    );
  const offers = async (query: string, cookie?: string) =>
    (
      await api.get<{
        Skus: { SkuID: number; SkuTypeCD: string; DiscountPercentage: number; PlanTier: string | null }[];
      }>(`/api/skus?${query}`, cookie)
    ).body.Skus;
  const buy = (person: FreshPerson, skuId: number, sessionGuid = randomUUID()) =>
    api.post<{ PaymentStatus: string; TransactionID: number | null; Replayed: boolean }>(
      '/api/payments',
      {
        user_uid: person.uid,
        sku_id: skuId,
        session_guid: sessionGuid,
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
      },
      person.cookie,
    );
  const rebateSales = (uid: string) =>
    countRows(
      api.db,
      'transactions',
      `user_uid = $1 and transaction_type = 'SALE' and sku_id in (select sku_id from skus where sku_type_cd = 'REBT')`,
      [uid],
    );

  it('an Expired person is the winback audience, with the days since the cancellation', async () => {
    const person = await signInFresh(api, 'expired-us');
    const answer = await facts(person);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Standing: 'eligible', Audience: 'EXPD', CancellationDays: 50 });
  });

  it('the skus call lists the winback offers only when asked with the audience and the days, each in its window', async () => {
    const plain = await offers('countryCD=US');
    expect(plain.some((s) => s.SkuTypeCD === 'REBT')).toBe(false);
    const fiftyDays = await offers('countryCD=US&userType=EXPD&cancellationDays=50');
    expect(fiftyDays.map((s) => s.SkuID)).toEqual([WINBACK_MONTHLY_US, WINBACK_ANNUAL_US]);
    expect(fiftyDays.every((s) => s.SkuTypeCD === 'REBT' && s.PlanTier !== null && s.DiscountPercentage > 0)).toBe(
      true,
    );
    expect((await offers('countryCD=US&userType=EXPR_WIN&cancellationDays=10')).map((s) => s.SkuID)).toEqual([
      WINBACK_MONTHLY_US,
    ]);
    // Without the days, or for a user type outside the audience, there is no winback offer.
    expect((await offers('countryCD=US&userType=EXPD')).some((s) => s.SkuTypeCD === 'REBT')).toBe(false);
    expect((await offers('countryCD=US&userType=ACTV&cancellationDays=50')).some((s) => s.SkuTypeCD === 'REBT')).toBe(
      false,
    );
  });

  it('an Expiring person is invited back (EXPR_WIN) only while configuration says so', async () => {
    const person = await signInFresh(api, 'expiring-us');
    expect((await facts(person)).body).toEqual({ Standing: 'eligible', Audience: 'EXPR_WIN', CancellationDays: 10 });
    await api.db.query(
      `update feature_rules set config = '{"Show": false}' where module_name = 'Winback' and feature_cd = 'expiringAudience'`,
    );
    try {
      expect((await facts(person)).body).toEqual({ Standing: 'notEligible', Audience: null, CancellationDays: null });
      const refused = await buy(person, WINBACK_MONTHLY_US);
      expect(refused.status).toBe(403);
      expect(await rebateSales(person.uid)).toBe(0);
    } finally {
      await api.db.query(
        `update feature_rules set config = '{"Show": true}' where module_name = 'Winback' and feature_cd = 'expiringAudience'`,
      );
    }
  });

  it('an Active person stands "active" and cannot buy a winback offer: 403, nothing written', async () => {
    const person = await signInFresh(api, 'active-us');
    expect((await facts(person)).body).toMatchObject({ Standing: 'active', Audience: null });
    const before = await snapshot(api.db, TABLES);
    const refused = await buy(person, WINBACK_MONTHLY_US);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'WINBACK_NOT_OFFERED' } });
    expect(await snapshot(api.db, TABLES)).toEqual(before);
  });

  it('an offer outside its window is refused: the annual offer needs 30 days since the cancellation', async () => {
    const person = await signInFresh(api, 'expiring-us');
    const refused = await buy(person, WINBACK_ANNUAL_US);
    expect(refused.status).toBe(403);
    expect(await rebateSales(person.uid)).toBe(0);
  });

  it('redeeming makes the person Active with one SALE; a replay answers the first result; a second redemption is refused with 409', async () => {
    const person = await signInFresh(api, 'expired-us');
    const session = randomUUID();
    const first = await buy(person, WINBACK_MONTHLY_US, session);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ PaymentStatus: 'SUCC', Replayed: false });
    const replay = await buy(person, WINBACK_MONTHLY_US, session);
    expect(replay.body).toMatchObject({
      PaymentStatus: 'SUCC',
      TransactionID: first.body.TransactionID,
      Replayed: true,
    });
    expect(await rebateSales(person.uid)).toBe(1);
    const [plan] = await api.db.query<{ status_cd: string; sku_id: number }>(
      'select status_cd, sku_id from subscriptions where user_uid = $1 order by start_date desc, subscription_id desc limit 1',
      [person.uid],
    );
    expect(plan).toEqual({ status_cd: 'ACTV', sku_id: WINBACK_MONTHLY_US });
    expect((await facts(person)).body.Standing).toBe('active');

    // The plan lapses again: the person is Expired once more, but the offer was theirs once.
    await api.db.query(
      `update subscriptions set status_cd = 'EXPD', subscription_type_cd = 'EXPD', cancelled_on = now() - interval '40 days', end_date = now() - interval '1 day' where user_uid = $1 and status_cd = 'ACTV'`,
      [person.uid],
    );
    expect((await facts(person)).body.Standing).toBe('redeemed');
    const again = await buy(person, WINBACK_ANNUAL_US);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'WINBACK_REDEEMED' } });
    expect(await rebateSales(person.uid)).toBe(1);
  });

  it('two checkouts of winback offers at once redeem one', async () => {
    const person = await signInFresh(api, 'expired-us');
    const answers = await Promise.all([buy(person, WINBACK_MONTHLY_US), buy(person, WINBACK_ANNUAL_US)]);
    expect(answers.filter((a) => a.status === 201 && a.body.PaymentStatus === 'SUCC')).toHaveLength(1);
    expect(await rebateSales(person.uid)).toBe(1);
  });

  it("another person's standing is forbidden", async () => {
    const me = await signInFresh(api, 'expired-us');
    const other = await signInFresh(api, 'expiring-us');
    const answer = await api.get(`/api/winback/${other.uid}`, me.cookie);
    expect(answer.status).toBe(403);
  });
});
