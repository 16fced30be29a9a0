import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mySettingsMachine } from '../../machines/my-settings.machine';
import {
  allowedEntries,
  hasBillingProblem,
  offersCancellation,
  pauseOf,
  paymentMethodShown,
  planDateOf,
  planStatusName,
  renewalDiscountOf,
  saveOfferOf,
  type SettingsAccount,
} from '../../machines/my-settings.rules';
import { accounts, activePlan as plan, expiringPlan, suspendedPlan } from './models/accountFixtures';

describe('my settings machine', () => {
  it('loads the account of the person it was started for; a failure offers a retry that loads again', async () => {
    const asked: string[] = [];
    let answers = [() => Promise.reject(new Error('503')), () => Promise.resolve(accounts.active)];
    const actor = createActor(
      mySettingsMachine.provide({
        actors: {
          loadAccount: fromPromise<SettingsAccount, { userUid: string }>(async ({ input }) => {
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
    expect(loaded.context.paymentMethod).toEqual(accounts.active.paymentMethod);
    expect(loaded.context.entries).toEqual(['cancel', 'pause', 'changePaymentMethod', 'billingHistory']);
    expect(asked).toEqual(['u-1', 'u-1']);
  });

  it('a suspended plan ends in the billing problem, with the way to fix the card', async () => {
    const actor = createActor(
      mySettingsMachine.provide({
        actors: { loadAccount: fromPromise<SettingsAccount, { userUid: string }>(async () => accounts.suspended) },
      }),
      { input: { userUid: 'u-2' } },
    ).start();
    const shown = await waitFor(actor, (s) => s.matches('billingProblem'));
    expect(shown.context.entries).toEqual(['changePaymentMethod', 'billingHistory']);
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
    expect(planDateOf({ NextBillingDate: null, EndDate: '2026-12-01' })).toEqual({
      kind: 'accessUntil',
      date: '2026-12-01',
    });
  });

  it('a billing problem is a suspended plan or one whose renewal is being retried', () => {
    expect(hasBillingProblem(suspendedPlan)).toBe(true);
    expect(hasBillingProblem({ StatusCD: 'RTRY' })).toBe(true);
    expect(hasBillingProblem(plan)).toBe(false);
    expect(hasBillingProblem(null)).toBe(false);
  });
});

describe('the ways on my settings allows', () => {
  const withPlan = (changes: Partial<typeof plan> | null): SettingsAccount => ({
    plan: changes === null ? null : { ...plan, ...changes },
    paymentMethod: null,
  });

  it('an active renewing plan: cancel, pause, change the card, billing history', () => {
    expect(allowedEntries(withPlan({}))).toEqual(['cancel', 'pause', 'changePaymentMethod', 'billingHistory']);
  });

  it('a booked pause offers resuming instead of pausing', () => {
    expect(allowedEntries(withPlan({ PausedFrom: '2026-12-09', ResumesOn: '2027-01-09' }))).toEqual([
      'cancel',
      'resume',
      'changePaymentMethod',
      'billingHistory',
    ]);
  });

  it('an active plan that does not renew cannot be paused, nor its card changed', () => {
    expect(allowedEntries(withPlan({ NextBillingDate: null }))).toEqual(['cancel', 'billingHistory']);
  });

  it('expiring: reactivate, no cancel and no card change', () => {
    expect(allowedEntries({ plan: expiringPlan, paymentMethod: null })).toEqual(['billingHistory', 'reactivate']);
  });

  it('suspended or in retry: fix the card, nothing to cancel or pause', () => {
    expect(allowedEntries(withPlan({ StatusCD: 'SUSP' }))).toEqual(['changePaymentMethod', 'billingHistory']);
    expect(allowedEntries(withPlan({ StatusCD: 'RTRY', NextBillingDate: null }))).toEqual([
      'changePaymentMethod',
      'billingHistory',
    ]);
  });

  it('no plan, or an expired one: billing history only', () => {
    expect(allowedEntries(withPlan(null))).toEqual(['billingHistory']);
    expect(allowedEntries(withPlan({ StatusCD: 'EXPD', NextBillingDate: null }))).toEqual(['billingHistory']);
  });
});

describe('the payment method on file', () => {
  it('a card by its brand and last four; another method by its code; an unknown brand or code by what it is', () => {
    expect(paymentMethodShown({ PaymentMethodCD: 'CRCD', CardType: 'VISA', LastFourDigits: '4242' })).toEqual({
      kind: 'card',
      brand: 'VISA',
      lastFour: '4242',
    });
    expect(paymentMethodShown({ PaymentMethodCD: 'CRCD', CardType: 'JCB', LastFourDigits: '0005' })).toEqual({
      kind: 'card',
      brand: null,
      lastFour: '0005',
    });
    expect(paymentMethodShown({ PaymentMethodCD: 'PYPL', CardType: null, LastFourDigits: null })).toEqual({
      kind: 'method',
      code: 'PYPL',
    });
    expect(paymentMethodShown({ PaymentMethodCD: 'GCSH', CardType: null, LastFourDigits: null })).toEqual({
      kind: 'method',
      code: null,
    });
    expect(paymentMethodShown(null)).toBeNull();
  });
});

describe('what a save shows in my settings', () => {
  it('a discounted renewal while the plan still renews, and nothing once it is cancelled', () => {
    expect(renewalDiscountOf(plan)).toBeNull();
    const saved = { ...plan, RenewalDiscountPercent: 50, NextRenewalPrice: 11.98 };
    expect(renewalDiscountOf(saved)).toEqual({ percent: 50, price: 11.98 });
    expect(renewalDiscountOf({ ...saved, StatusCD: 'EXPR' })).toBeNull();
  });

  it('the save offer a running plan took, and none once it stopped', () => {
    expect(saveOfferOf(plan)).toBeNull();
    const saved = { ...plan, SaveOffer: { OfferID: 'freeMonth' as const, RedeemedAt: '2026-11-20T10:00:00.000Z' } };
    expect(saveOfferOf(saved)).toEqual({ offer: 'freeMonth', takenOn: '2026-11-20T10:00:00.000Z' });
    expect(saveOfferOf({ ...saved, StatusCD: 'EXPR' })).toBeNull();
  });

  it('a pause with its start and the day billing resumes', () => {
    expect(pauseOf(plan)).toBeNull();
    expect(pauseOf({ ...plan, PausedFrom: '2026-12-09', ResumesOn: '2027-02-09' })).toEqual({
      from: '2026-12-09',
      resumes: '2027-02-09',
    });
    expect(pauseOf({ ...plan, PausedFrom: '2026-12-09', ResumesOn: null })).toBeNull();
  });
});
