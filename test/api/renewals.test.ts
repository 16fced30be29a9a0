/**
 * The renewal run on the real schema: a renewing plan is charged once per period on the card it
 * was paid with; a discount taken as a save offer lowers that one charge; a pause charges nothing
 * until its resume date, then resumes by itself; access during a pause is held or kept as
 * configured; a declined card leaves the plan in retry. The clock is passed in, never waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { signInFresh, type FreshPerson } from '../support/fresh-person';
import { cardOnFileIsApproved, renewDueSubscriptions, renewalPeriodDays } from '../../server/services/renewals';
import type { Logger } from 'pino';
import { addDays } from '../../server/domain/schedule';
import { startRenewalRuns } from '../../server/services/renewal-runs';
import { addMonths } from '../../src/domain/save-offers';

interface PlanRow {
  status_cd: string;
  end_date: Date;
  next_billing_date: Date | null;
  renewal_discount_percent: number | null;
  paused_from: Date | null;
  resumes_on: Date | null;
}

describe('what the sandbox charges at renewal', () => {
  it('charges what was charged before, except a card the sandbox declines, and nothing without a payment on file', () => {
    expect(cardOnFileIsApproved({ payment_method_cd: 'CRCD', card_type: 'MASTERCARD', last_four_digits: '5454' })).toBe(
      true,
    );
    expect(cardOnFileIsApproved({ payment_method_cd: 'CRCD', card_type: 'VISA', last_four_digits: '4242' })).toBe(true);
    expect(cardOnFileIsApproved({ payment_method_cd: 'CRCD', card_type: 'VISA', last_four_digits: '0002' })).toBe(
      false,
    );
    expect(cardOnFileIsApproved({ payment_method_cd: 'PYPL', card_type: null, last_four_digits: null })).toBe(true);
    expect(cardOnFileIsApproved(undefined)).toBe(false);
  });

  it('a trial converts to monthly billing; any other plan renews its own schedule', () => {
    expect(renewalPeriodDays({ schedule_type_cd: 'DAYS', duration: 14, trial_days: 14 })).toBe(30);
    expect(renewalPeriodDays({ schedule_type_cd: 'MNTH', duration: 1, trial_days: 0 })).toBe(30);
    expect(renewalPeriodDays({ schedule_type_cd: 'MNTH', duration: 3, trial_days: 0 })).toBe(90);
    expect(renewalPeriodDays({ schedule_type_cd: 'YRLY', duration: 1, trial_days: 0 })).toBe(365);
  });
});

describe.each(targets)('the renewal run (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const plan = async (id: number) =>
    (
      await api.db.query<PlanRow>(
        'select status_cd, end_date, next_billing_date, renewal_discount_percent, paused_from, resumes_on from subscriptions where subscription_id = $1',
        [id],
      )
    )[0]!;
  const renewals = (id: number) =>
    api.db.query<{
      status_cd: string;
      price: string;
      service_start_date: Date;
      service_end_date: Date;
      sub_type: string;
    }>(
      `select status_cd, price, service_start_date, service_end_date, sub_type from transactions where subscription_id = $1 and sub_type = 'RENEWAL' order by transaction_id`,
      [id],
    );
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
  /** Runs the renewals as of `at` and keeps only what happened to this person's plan. */
  const runAt = async (person: FreshPerson, at: Date) =>
    (await renewDueSubscriptions(api.db, at)).filter((o) => o.subscriptionId === person.subscriptionId);

  it('charges a due plan once for the next period at full price, and not again for the same period', async () => {
    const person = await signInFresh(api, 'active-us');
    const before = await plan(person.subscriptionId);
    const due = new Date(before.next_billing_date!);
    expect(await runAt(person, addDays(due, -1))).toEqual([]);

    const [renewed] = await runAt(person, due);
    const periodEnd = addDays(due, 30).toISOString();
    expect(renewed).toMatchObject({ outcome: 'renewed', price: 23.95, periodEnd, resumedFromPause: false });
    expect(await renewals(person.subscriptionId)).toEqual([
      {
        status_cd: 'SUCC',
        price: '23.95',
        service_start_date: new Date(due),
        service_end_date: new Date(periodEnd),
        sub_type: 'RENEWAL',
      },
    ]);
    const after = await plan(person.subscriptionId);
    expect({ status: after.status_cd, end: iso(after.end_date), next: iso(after.next_billing_date) }).toEqual({
      status: 'ACTV',
      end: periodEnd,
      next: periodEnd,
    });

    // Two runs at once, or a run again at the same time: the period is charged already.
    expect(await Promise.all([runAt(person, due), runAt(person, due)])).toEqual([[], []]);
    expect(await renewals(person.subscriptionId)).toHaveLength(1);
  });

  it('a discount taken as a save offer lowers the next charge once, then the plan renews at full price', async () => {
    const person = await signInFresh(api, 'active-us');
    const offer = await api.post(
      '/api/subscriptions/saveoffer',
      { user_uid: person.uid, subscription_id: person.subscriptionId, offer_id: 'halfOffNextRenewal' },
      person.cookie,
    );
    expect(offer.status).toBe(200);
    const due = new Date((await plan(person.subscriptionId)).next_billing_date!);

    expect(await runAt(person, due)).toEqual([expect.objectContaining({ outcome: 'renewed', price: 11.98 })]);
    expect((await plan(person.subscriptionId)).renewal_discount_percent).toBeNull();
    const next = addDays(due, 30);
    expect(await runAt(person, next)).toEqual([expect.objectContaining({ outcome: 'renewed', price: 23.95 })]);
    expect((await renewals(person.subscriptionId)).map((r) => r.price)).toEqual(['11.98', '23.95']);
  });

  it('a pause charges nothing while it runs, holds access from the end of the paid period, and resumes by itself on its date', async () => {
    const person = await signInFresh(api, 'active-us');
    const end = new Date((await plan(person.subscriptionId)).end_date);
    const paused = await api.post(
      '/api/subscriptions/pause',
      { user_uid: person.uid, subscription_id: person.subscriptionId, months: 2 },
      person.cookie,
    );
    expect(paused.status).toBe(200);
    const resumesOn = addMonths(end, 2);

    // The paid period ends, and the pause runs: no charge, access held (it ends with the paid period).
    expect(await runAt(person, addDays(end, 1))).toEqual([]);
    expect(await runAt(person, addDays(resumesOn, -1))).toEqual([]);
    const during = await plan(person.subscriptionId);
    expect({ end: iso(during.end_date), status: during.status_cd }).toEqual({ end: end.toISOString(), status: 'ACTV' });
    expect(await renewals(person.subscriptionId)).toEqual([]);

    // The resume date: charged for a new period from then, and the pause is over.
    expect(await runAt(person, resumesOn)).toEqual([
      expect.objectContaining({ outcome: 'renewed', price: 23.95, resumedFromPause: true }),
    ]);
    const after = await plan(person.subscriptionId);
    expect({ end: iso(after.end_date), from: after.paused_from, to: after.resumes_on }).toEqual({
      end: addDays(resumesOn, 30).toISOString(),
      from: null,
      to: null,
    });
  });

  it('where configuration keeps access during a pause, access lasts to the resume date; resuming early goes back to the paid period', async () => {
    await api.db.query(
      `update feature_rules set config = jsonb_set(config, '{Data,keepsAccess}', 'true') where module_name = 'Cancellation' and feature_cd = 'pause'`,
    );
    try {
      const person = await signInFresh(api, 'active-us');
      const end = new Date((await plan(person.subscriptionId)).end_date);
      const paused = await api.post(
        '/api/subscriptions/pause',
        { user_uid: person.uid, subscription_id: person.subscriptionId, months: 1 },
        person.cookie,
      );
      expect(paused.body).toMatchObject({
        KeepsAccess: true,
        Subscription: { EndDate: addMonths(end, 1).toISOString() },
      });

      const resumed = await api.post(
        '/api/subscriptions/resume',
        { user_uid: person.uid, subscription_id: person.subscriptionId },
        person.cookie,
      );
      expect(resumed.body.Subscription).toMatchObject({
        EndDate: end.toISOString(),
        NextBillingDate: end.toISOString(),
        PausedFrom: null,
        IsPaused: false,
      });
    } finally {
      await api.db.query(
        `update feature_rules set config = jsonb_set(config, '{Data,keepsAccess}', 'false') where module_name = 'Cancellation' and feature_cd = 'pause'`,
      );
    }
  });

  it('a declined card leaves the plan in retry with the failed charge on record', async () => {
    const person = await signInFresh(api, 'active-us');
    await api.db.query(
      `update transactions set last_four_digits = '0002', card_type = 'VISA' where subscription_id = $1`,
      [person.subscriptionId],
    );
    const due = new Date((await plan(person.subscriptionId)).next_billing_date!);
    expect(await runAt(person, due)).toEqual([expect.objectContaining({ outcome: 'declined' })]);
    expect((await plan(person.subscriptionId)).status_cd).toBe('RTRY');
    expect((await renewals(person.subscriptionId)).map((r) => r.status_cd)).toEqual(['FAIL']);
    // In retry, the plan is no longer charged by the run.
    expect(await runAt(person, addDays(due, 1))).toEqual([]);
  });

  it('the server runs the renewals by itself on its timer, and stops when told', async () => {
    const person = await signInFresh(api, 'active-us');
    // Due now: the timer's run, at the real time, charges it.
    await api.db.query(
      `update subscriptions set next_billing_date = now() - interval '1 minute' where subscription_id = $1`,
      [person.subscriptionId],
    );
    const logged: unknown[] = [];
    const log = {
      info: (fields: unknown) => logged.push(fields),
      warn: (fields: unknown) => logged.push(fields),
    } as unknown as Logger;
    const runs = startRenewalRuns(api.db, 0.05, log);
    try {
      await expect.poll(async () => (await renewals(person.subscriptionId)).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await runs.stop();
    }
    expect(logged).toContainEqual(
      expect.objectContaining({ component: 'renewals', subscriptionId: person.subscriptionId, outcome: 'renewed' }),
    );

    // Switched off (0), nothing runs: a plan that is due stays uncharged.
    const other = await signInFresh(api, 'active-us');
    await api.db.query(
      `update subscriptions set next_billing_date = now() - interval '1 minute' where subscription_id = $1`,
      [other.subscriptionId],
    );
    const off = startRenewalRuns(api.db, 0, log);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await off.stop();
    expect(await renewals(other.subscriptionId)).toEqual([]);
  });

  it('a cancelled plan is never charged', async () => {
    const person = await signInFresh(api, 'active-us');
    const cancelled = await api.post(
      '/api/subscriptions/cancelv2',
      { user_uid: person.uid, subscription_id: person.subscriptionId },
      person.cookie,
    );
    expect(cancelled.status).toBe(200);
    expect(await runAt(person, addDays(new Date(), 400))).toEqual([]);
    expect(await renewals(person.subscriptionId)).toEqual([]);
  });
});
