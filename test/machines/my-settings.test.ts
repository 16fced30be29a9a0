import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mySettingsMachine } from '../../machines/my-settings.machine';
import { offersCancellation, planDateOf, planStatusName, type SettingsPlan } from '../../machines/my-settings.rules';

const plan: SettingsPlan = { SkuLabel: '14-Day Full Access', StatusCD: 'ACTV', UnitPrice: 23.95, CurrencyCD: 'USD', NextBillingDate: '2026-12-09', EndDate: '2026-12-09' };

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
