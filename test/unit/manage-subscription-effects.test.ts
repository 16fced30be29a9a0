import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Subscription, SubscriptionDetails } from '../../src/api/schemas/subscriptions';
import {
  manageExit,
  managePlanFrom,
  provideManageSubscription,
  type ManageSubscriptionDeps,
} from '../../src/features/cancellation/manage-subscription-effects';
import { hrefOf } from '../../src/routing/route-target';

const UID = '5eed0000-0000-4000-8000-000000000003';
const sub = (overrides: Partial<Subscription> = {}): Subscription => ({
  SubscriptionID: 50003,
  UserUID: UID,
  SkuID: 1,
  SkuLabel: 'Monthly Access',
  PlanKind: 'MONTHLY',
  StatusCD: 'ACTV',
  SubscriptionTypeCD: 'AUTO',
  StartDate: '2026-10-20T00:00:00.000Z',
  EndDate: '2026-12-20T00:00:00.000Z',
  NextBillingDate: '2026-12-20T00:00:00.000Z',
  CancelledOn: null,
  CancellationNumber: null,
  DaysRemaining: 25,
  UnitPrice: 23.95,
  FormattedUnitPrice: '$23.95',
  CurrencyCD: 'USD',
  RenewalDiscountPercent: null,
  NextRenewalPrice: 23.95,
  FormattedNextRenewalPrice: '$23.95',
  PausedFrom: null,
  ResumesOn: null,
  IsPaused: false,
  ...overrides,
});
const details = (overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails => ({
  ...sub(),
  Transactions: [{ transaction_id: 7, transaction_type: 'SALE', price: 23.95, created_at: '2026-11-20T00:00:00.000Z' }],
  SurveyAnswered: true,
  ...overrides,
});

function deps(list: Subscription[], detail = details()) {
  const go = vi.fn();
  const api = {
    subscriptions: {
      list: vi.fn(async () => ({ Subscriptions: list })),
      details: vi.fn(async () => detail),
      resume: vi.fn(async () => ({ Subscription: sub() })),
    },
  };
  return {
    go,
    api,
    deps: {
      api: api as unknown as ManageSubscriptionDeps['api'],
      userUid: UID,
      navigation: { go } as unknown as ManageSubscriptionDeps['navigation'],
    },
  };
}

describe('manage-subscription effects', () => {
  it('reads the plan with its transactions and survey from the details', () => {
    expect(managePlanFrom(sub(), details())).toMatchObject({
      subscriptionId: 50003,
      statusCd: 'ACTV',
      surveyAnswered: true,
      transactions: [{ id: 7, type: 'SALE', price: 23.95 }],
    });
    expect(managePlanFrom(sub({ StatusCD: 'EXPR' }), null)).toMatchObject({
      statusCd: 'EXPR',
      surveyAnswered: false,
      transactions: [],
    });
  });

  it.each([
    ['offers', '/payment/cancellation/pre/offers'],
    ['cancel', '/payment/cancellation/pre/subscription-details'],
    ['details', '/payment/subscription-details'],
    ['survey', '/payment/cancellation/survey'],
    ['review', '/payment/cancellation/review'],
    ['settings', '/payment/mysettings'],
  ] as const)('%s leads to %s', (next, url) => {
    expect(hrefOf(manageExit({ next }))).toBe(url);
  });

  it('loads the details of an active plan only', async () => {
    const active = deps([sub()]);
    const actor = createActor(provideManageSubscription(active.deps), {
      input: { userUid: UID, view: 'manage' },
    }).start();
    await waitFor(actor, (s) => s.matches('showing'));
    expect(active.api.subscriptions.details).toHaveBeenCalledWith(50003);

    const expired = deps([sub({ StatusCD: 'EXPR' })]);
    const other = createActor(provideManageSubscription(expired.deps), {
      input: { userUid: UID, view: 'manage' },
    }).start();
    await waitFor(other, (s) => s.matches('notActive'));
    expect(expired.api.subscriptions.details).not.toHaveBeenCalled();

    const none = deps([]);
    const nobody = createActor(provideManageSubscription(none.deps), {
      input: { userUid: UID, view: 'details' },
    }).start();
    await waitFor(nobody, (s) => s.matches('notActive'));
  });

  it('ends a booked pause for this plan, reloads it, and leads on', async () => {
    const paused = deps(
      [sub({ ResumesOn: '2027-02-20T00:00:00.000Z' })],
      details({ ResumesOn: '2027-02-20T00:00:00.000Z' }),
    );
    const actor = createActor(provideManageSubscription(paused.deps), {
      input: { userUid: UID, view: 'manage' },
    }).start();
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'manage.resume' });
    await waitFor(actor, (s) => s.matches('showing') && s.context.resumed);
    expect(paused.api.subscriptions.resume).toHaveBeenCalledWith({ user_uid: UID, subscription_id: 50003 });
    actor.send({ type: 'manage.saveOrPause' });
    expect(paused.go).toHaveBeenCalledWith({ to: '/cancellation/pre/offers' });
  });
});
