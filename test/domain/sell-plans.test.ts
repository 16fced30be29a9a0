import { describe, expect, it } from 'vitest';
import { featuresOf, planPriceOf, plansForLayout, sellLayoutFor, type PricedSku } from '../../src/domain/sell-plans';

describe('sell-page layout by variation', () => {
  it.each([
    [null, 'vertical'],
    [{ active: false, variation: 3 }, 'vertical'],
    [{ active: true, variation: 1 }, 'vertical'],
    [{ active: true, variation: 3 }, 'containers'],
    [{ active: true, variation: 4 }, 'radio'],
    [{ active: true, variation: 5 }, 'single'],
    [{ active: true, variation: 6 }, 'collapsedAnnual'],
    [{ active: true, variation: 9 }, 'vertical'],
  ] as const)('%j → %s', (decision, layout) => {
    expect(sellLayoutFor(decision)).toBe(layout);
  });
});

describe('plan features', () => {
  it('the limited plan excludes the last three features; the others include all seven', () => {
    expect(featuresOf('limitedAccess').map((f) => f.included)).toEqual([true, true, true, true, false, false, false]);
    expect(featuresOf('fullAccess').every((f) => f.included)).toBe(true);
    expect(featuresOf('annualAccess')).toHaveLength(7);
  });
});

const trial: PricedSku = {
  PlanTier: 'fullAccess',
  TrialDays: 14,
  TrialAmount: 2.95,
  UnitPrice: 24.95,
  MonthlyPrice: 24.95,
  DiscountPercentage: 0,
  ScheduleTypeCD: 'DAYS',
  Duration: 14,
};
const annual: PricedSku = {
  PlanTier: 'annualAccess',
  TrialDays: 0,
  TrialAmount: 0,
  UnitPrice: 59.4,
  MonthlyPrice: 4.95,
  DiscountPercentage: 80,
  ScheduleTypeCD: 'YRLY',
  Duration: 1,
};

describe('plan prices', () => {
  it('a trial charges its trial amount today and renews at the unit price after its days', () => {
    expect(planPriceOf(trial)).toEqual({
      today: 2.95,
      renewal: { amount: 24.95, afterDays: 14 },
      perMonth: null,
      discountPercentage: 0,
      strike: null,
    });
  });
  it('the annual plan shows its monthly equivalent, its discount and the anchor price when higher', () => {
    expect(planPriceOf(annual, 69.99)).toEqual({
      today: 59.4,
      renewal: null,
      perMonth: 4.95,
      discountPercentage: 80,
      strike: 69.99,
    });
  });
  it('an anchor below the price is not shown, nor on plans that are not annual', () => {
    expect(planPriceOf(annual, 19.99).strike).toBeNull();
    expect(planPriceOf(trial, 69.99).strike).toBeNull();
  });
});

describe('plans per layout', () => {
  const skus = [
    { SkuID: 1, PlanTier: 'limitedAccess' as const },
    { SkuID: 2, PlanTier: 'fullAccess' as const, IsMostPopular: true },
    { SkuID: 3, PlanTier: 'annualAccess' as const },
  ];
  it('the single-plan layout keeps the most popular plan; the others keep all', () => {
    expect(plansForLayout('single', skus).map((s) => s.SkuID)).toEqual([2]);
    expect(plansForLayout('radio', skus).map((s) => s.SkuID)).toEqual([1, 2, 3]);
  });
});
