import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mySettingsMachine } from '../../machines/my-settings.machine';
import { offersCancellation, pauseOf, planDateOf, planStatusName, renewalDiscountOf, type SettingsPlan } from '../../machines/my-settings.rules';

const plan: SettingsPlan = {
  SkuLabel: '14-Day Full Access',
  StatusCD: 'ACTV',
  UnitPrice: 23.95,
  CurrencyCD: 'USD',
  NextBillingDate: '2026-12-09',
  EndDate: '2026-12-09',
  RenewalDiscountPercent: null,
  NextRenewalPrice: 23.95,
  PausedFrom: null,
  ResumesOn: null,
};

describe('my settings machine', () => {
  it('loads the plan of the person it was started for; a failure offers a retry that loads again', async () => {
    const asked: string[] = [];
    let answers = [() => Promise.reject(new Error('503')), () => Promise.resolve(plan)];
    const actor = createActor(
      mySettingsMachine.provide({
        actors: {
          loadPlan: fromPromise<SettingsPlan | null, { userUid: string }>(async ({ input }) => {
            asked.push(input.userUid);
            const [next, ...rest] = answers;
            answers = rest;
            return next!();
          }),
        },
      }),
      { input: { userUid: 'u-1' } },
    ).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'plan.retry' })).toBe(false);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().can({ type: 'plan.retry' })).toBe(true);
    actor.send({ type: 'plan.retry' });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context.plan).toEqual(plan);
    expect(asked).toEqual(['u-1', 'u-1']);
  });
});

describe('my settings rules', () => {
  it('only an active plan can be cancelled from here', () => {
    expect(offersCancellation(plan)).toBe(true);
    expect(offersCancellation({ StatusCD: 'EXPD' })).toBe(false);
    expect(offersCancellation(null)).toBe(false);
  });

  it('names known statuses and reads any other as the base status', () => {
    expect(planStatusName('SUSP')).toBe('SUSP');
    expect(planStatusName('WHAT')).toBe('BASE');
  });

  it('shows the next bill while the plan renews, else the day access ends', () => {
    expect(planDateOf(plan)).toEqual({ kind: 'nextBilling', date: '2026-12-09' });
    expect(planDateOf({ NextBillingDate: null, EndDate: '2026-12-01' })).toEqual({ kind: 'accessUntil', date: '2026-12-01' });
  });
});

describe('what a save shows in my settings', () => {
  it('a discounted renewal while the plan still renews, and nothing once it is cancelled', () => {
    expect(renewalDiscountOf(plan)).toBeNull();
    const saved = { ...plan, RenewalDiscountPercent: 50, NextRenewalPrice: 11.98 };
    expect(renewalDiscountOf(saved)).toEqual({ percent: 50, price: 11.98 });
    expect(renewalDiscountOf({ ...saved, StatusCD: 'EXPR' })).toBeNull();
  });

  it('a pause with its start and the day billing resumes', () => {
    expect(pauseOf(plan)).toBeNull();
    expect(pauseOf({ ...plan, PausedFrom: '2026-12-09', ResumesOn: '2027-02-09' })).toEqual({ from: '2026-12-09', resumes: '2027-02-09' });
    expect(pauseOf({ ...plan, PausedFrom: '2026-12-09', ResumesOn: null })).toBeNull();
  });
});
