import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../../bench/budgets';
import { createChecks, verdict } from '../../bench/checks';
import { landedOnPage } from '../../bench/pages';
import { ratio } from '../../bench/ratios';

describe('the bench judges figures, and only judged figures', () => {
  it('marks a figure within or outside its budget', () => {
    const { checks, check } = createChecks();
    check('TBT ratio', 1.2, BUDGETS.tbtRatio);
    check('TBT ratio', 1.7, BUDGETS.tbtRatio);
    expect(checks.map(verdict)).toEqual(['✓ within', '✗ outside']);
  });

  it('never marks a reported figure, whatever its value', () => {
    const { checks, report } = createChecks();
    report('start-up (ms)', 1_000_000);
    report('start-up (ms)', 0);
    expect(checks.map((c) => c.within)).toEqual([null, null]);
    expect(checks.map(verdict)).toEqual(['reported', 'reported']);
  });

  it('withholds the mark from a page that landed elsewhere or is not built, and says why', () => {
    const { checks, check } = createChecks();
    check('LCP', 900, BUDGETS.lcpMs, { note: 'LANDED ELSEWHERE: /payment/pricing', withhold: true });
    expect(checks[0]!.within).toBeNull();
    expect(verdict(checks[0]!)).toBe('no result (LANDED ELSEWHERE: /payment/pricing)');
  });

  it('reads a missing figure as no result', () => {
    const { checks, check } = createChecks();
    check('p99', null, BUDGETS.paymentsP99Ms.postgres);
    expect(verdict(checks[0]!)).toBe('no result');
  });

  it('wants exactly one SALE per key', () => {
    expect([0, 1, 2].map(BUDGETS.salesPerKey.within)).toEqual([false, true, false]);
  });
});

describe('ratios and landings', () => {
  it('divides by the reference, and gives nothing without one', () => {
    expect(ratio(150, 100)).toBe(1.5);
    expect(ratio(150, 0)).toBeNull();
    expect(ratio(null, 100)).toBeNull();
    expect(ratio(150, undefined)).toBeNull();
  });

  it('counts a visit as landed only on the exact path and query it names', () => {
    const checkout = { name: 'checkout', path: '/payment/checkout?skuid=102', persona: 'new-us' };
    expect(landedOnPage(checkout, '/payment/checkout?skuid=102')).toBe(true);
    expect(landedOnPage(checkout, '/payment/pricing?skuid=102')).toBe(false);
  });
});
