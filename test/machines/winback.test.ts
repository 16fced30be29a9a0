import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { winbackMachine, type WinbackData, type WinbackOutput } from '../../machines/winback.machine';
import {
  cancellationDaysOf,
  isWinbackAudience,
  offerCoversDays,
  winbackAudienceOf,
  winbackCheckoutSearch,
  winbackStandingOf,
  type LatestPlan,
} from '../../machines/winback.rules';
import type { Sku } from '../../src/api/schemas/skus';
import type { WinbackFacts } from '../../src/api/schemas/winback';
import { funnelExit } from '../../src/domain/funnel-exit';
import { loadWinbackData, winbackExit } from '../../src/features/winback/winback-effects';
import { hrefOf, hrefOfDestination } from '../../src/routing/route-target';

const NOW = new Date('2026-11-26T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const plan = (statusCd: string, cancelledDaysAgo: number | null, endedDaysAgo: number | null = null): LatestPlan => ({
  statusCd,
  cancelledOn: cancelledDaysAgo === null ? null : daysAgo(cancelledDaysAgo),
  endDate: endedDaysAgo === null ? null : daysAgo(endedDaysAgo),
});

describe('winback rules', () => {
  it('the audience is the Expired, and the Expiring only when configuration invites them (EXPR_WIN)', () => {
    expect(winbackAudienceOf(plan('EXPD', 50), false)).toBe('EXPD');
    expect(winbackAudienceOf(plan('EXPR', 10), true)).toBe('EXPR_WIN');
    expect(winbackAudienceOf(plan('EXPR', 10), false)).toBeNull();
    for (const status of ['ACTV', 'SUSP', 'RTRY', 'PEND'])
      expect(winbackAudienceOf(plan(status, null), true)).toBeNull();
    expect(winbackAudienceOf(null, true)).toBeNull();
    expect(isWinbackAudience('EXPD')).toBe(true);
    expect(isWinbackAudience('EXPR_WIN')).toBe(true);
    expect(isWinbackAudience('EXPR')).toBe(false);
    expect(isWinbackAudience(undefined)).toBe(false);
  });

  it('counts whole days since the cancellation, else since the end, never below zero', () => {
    expect(cancellationDaysOf(plan('EXPD', 50, 46), NOW)).toBe(50);
    expect(cancellationDaysOf(plan('EXPD', null, 46), NOW)).toBe(46);
    expect(
      cancellationDaysOf({ statusCd: 'EXPR', cancelledOn: new Date(NOW.getTime() + 86_400_000), endDate: null }, NOW),
    ).toBe(0);
    expect(
      cancellationDaysOf(
        { statusCd: 'EXPR', cancelledOn: new Date(NOW.getTime() - 86_400_000 + 1), endDate: null },
        NOW,
      ),
    ).toBe(0);
  });

  it('an offer covers the days of its window, both ends included', () => {
    const window = { minDays: 30, maxDays: 365 };
    expect([29, 30, 365, 366].map((d) => offerCoversDays(window, d))).toEqual([false, true, true, false]);
  });

  it('standing: a paying plan first, then a redemption, then the audience', () => {
    expect(winbackStandingOf({ plan: plan('ACTV', null), audience: null, redeemed: true })).toBe('active');
    expect(winbackStandingOf({ plan: plan('EXPD', 40), audience: 'EXPD', redeemed: true })).toBe('redeemed');
    expect(winbackStandingOf({ plan: plan('EXPD', 40), audience: 'EXPD', redeemed: false })).toBe('eligible');
    expect(winbackStandingOf({ plan: plan('EXPR', 5), audience: null, redeemed: false })).toBe('notEligible');
    expect(winbackStandingOf({ plan: null, audience: null, redeemed: false })).toBe('notEligible');
  });

  it('the checkout of an offer is the purchase funnel in winback mode and flow', () => {
    expect(hrefOf({ to: '/checkout', search: winbackCheckoutSearch(130) })).toBe(
      '/payment/checkout?skuid=130&mode=winback&flow=winback',
    );
  });
});

describe('winback effects', () => {
  const sku = {
    SkuID: 130,
    Label: 'Welcome-Back Monthly',
    UnitPrice: 11.95,
    CurrencyCD: 'USD',
    ScheduleTypeCD: 'MNTH',
    Duration: 1,
    DiscountPercentage: 50,
  } as Sku;

  function stubApi(facts: WinbackFacts) {
    const asked: unknown[] = [];
    const api = {
      winback: { facts: async () => facts },
      skus: {
        list: async (query: unknown) => {
          asked.push(query);
          return { Skus: [sku] };
        },
      },
    } as unknown as Parameters<typeof loadWinbackData>[0];
    return { api, asked };
  }

  it('asks the skus call with the audience and the days the server decided, and maps each offer', async () => {
    const { api, asked } = stubApi({ Standing: 'eligible', Audience: 'EXPR_WIN', CancellationDays: 10 });
    expect(await loadWinbackData(api, 'u-1')).toEqual({
      standing: 'eligible',
      expiring: true,
      cancellationDays: 10,
      offers: [
        {
          skuId: 130,
          label: 'Welcome-Back Monthly',
          price: 11.95,
          currency: 'USD',
          scheduleTypeCd: 'MNTH',
          duration: 1,
          discountPercent: 50,
        },
      ],
    });
    expect(asked).toEqual([{ userUID: 'u-1', userType: 'EXPR_WIN', cancellationDays: 10 }]);
  });

  it('asks for no offer for someone the server does not invite back', async () => {
    for (const standing of ['active', 'redeemed', 'notEligible'] as const) {
      const { api, asked } = stubApi({ Standing: standing, Audience: null, CancellationDays: null });
      expect(await loadWinbackData(api, 'u-1')).toEqual({
        standing,
        expiring: false,
        cancellationDays: null,
        offers: [],
      });
      expect(asked).toEqual([]);
    }
  });

  it('each end leads to its page, mobile variants on mobile', () => {
    const desktop = { mobile: false };
    const mobile = { mobile: true };
    expect(hrefOf(winbackExit({ next: 'checkout', skuId: 131 }, desktop))).toBe(
      '/payment/checkout?skuid=131&mode=winback&flow=winback',
    );
    expect(hrefOf(winbackExit({ next: 'checkout', skuId: 131 }, mobile))).toBe(
      '/payment/mobile/checkout?skuid=131&mode=winback&flow=winback',
    );
    expect(hrefOf(winbackExit({ next: 'plans' }, desktop))).toBe('/payment/pricing');
    expect(hrefOf(winbackExit({ next: 'plans' }, mobile))).toBe('/payment/mobile/plans');
    expect(hrefOf(winbackExit({ next: 'settings' }, desktop))).toBe('/payment/mysettings');
  });

  it('a paid winback checkout carries its flow on to the order confirmation', () => {
    const output = {
      kind: 'paid',
      sku: { SkuID: 130, ProductID: 'RSMBLD', PlanTier: 'fullAccess' },
      payment: { transactionId: 9001 },
    } as Parameters<typeof funnelExit>[0];
    const settings = {
      dashboardUrl: '/dashboard',
      device: 'Desktop' as const,
      checkout: '/checkout' as const,
      commonPostPaymentUrl: false,
      coverLetterDoctype: false,
    };
    expect(hrefOfDestination(funnelExit(output, { ...settings, purchaseFlow: 'winback' })!)).toBe(
      '/payment/orderconfirmation?orderid=9001&skuid=130&flow=winback',
    );
    expect(hrefOfDestination(funnelExit(output, settings)!)).toBe('/payment/orderconfirmation?orderid=9001&skuid=130');
  });
});

describe('winback machine', () => {
  const offers: WinbackData['offers'] = [
    {
      skuId: 130,
      label: 'Welcome-Back Monthly',
      price: 11.95,
      currency: 'USD',
      scheduleTypeCd: 'MNTH',
      duration: 1,
      discountPercent: 50,
    },
  ];

  function start(load: () => Promise<WinbackData>) {
    const left: WinbackOutput[] = [];
    const machine = winbackMachine.provide({
      actors: { loadWinback: fromPromise(load) },
      actions: { leaveWinback: (_, output) => left.push(output) },
    });
    return { actor: createActor(machine, { input: { userUid: 'u-1' } }).start(), left };
  }

  it('chooses an offer and leaves once for its checkout; a SKU that is not offered is refused', async () => {
    const { actor, left } = start(async () => ({
      standing: 'eligible',
      expiring: false,
      cancellationDays: 50,
      offers,
    }));
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'winback.choose', skuId: 999 });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'winback.choose', skuId: 130 });
    actor.send({ type: 'winback.choose', skuId: 130 });
    expect(actor.getSnapshot().output).toEqual({ next: 'checkout', skuId: 130 });
    expect(left).toEqual([{ next: 'checkout', skuId: 130 }]);
  });

  it('a failed load offers a retry that loads again', async () => {
    let attempts = 0;
    const { actor } = start(async () => {
      if (attempts++ === 0) throw new Error('503');
      return { standing: 'eligible', expiring: false, cancellationDays: 50, offers };
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'winback.retry' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(attempts).toBe(2);
  });

  it('someone eligible with no offer for their days is told so, like someone outside the audience', async () => {
    const { actor } = start(async () => ({
      standing: 'eligible',
      expiring: false,
      cancellationDays: 4000,
      offers: [],
    }));
    await waitFor(actor, (s) => s.matches('noOffer'));
    expect(actor.getSnapshot().can({ type: 'winback.choose', skuId: 130 })).toBe(false);
  });
});
