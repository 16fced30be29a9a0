import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from '../../../src/flows/stats/benjamini-hochberg';
import { chiSquarePValue, sampleRatioMismatch } from '../../../src/flows/stats/chi-square';
import { logGamma, regularizedGammaP, regularizedGammaQ } from '../../../src/flows/stats/gamma';
import { relativeLift } from '../../../src/flows/stats/lift';
import { alwaysValidPValue, mixtureLikelihoodRatio, MSPRT_MIXING_VARIANCE } from '../../../src/flows/stats/msprt';
import { newcombeInterval } from '../../../src/flows/stats/newcombe';
import { twoSidedNormalP } from '../../../src/flows/stats/normal';
import { wilsonInterval } from '../../../src/flows/stats/wilson';
import { fixedHorizonPValue } from '../../../src/flows/stats/z-test';

const to4 = (interval: readonly number[]) => interval.map((x) => Number(x.toFixed(4)));

describe('Wilson score interval', () => {
  // Newcombe (1998a), "Two-sided confidence intervals for the single proportion", Stat Med 17:857–872: method 3 (score) on its examples.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1],
  ])('%i of %i → %f to %f, as Newcombe (1998a) tabulates', (x, n, lower, upper) => {
    expect(to4(wilsonInterval(x, n))).toEqual([lower, upper]);
  });

  it('gives the intervals of the issue’s example', () => {
    expect(to4(wilsonInterval(400, 2000))).toEqual([0.1831, 0.2181]);
    expect(to4(wilsonInterval(480, 2000))).toEqual([0.2218, 0.2592]);
  });

  it('knows nothing without trials, and refuses impossible counts', () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(0.5, 2)).toThrow(RangeError);
  });
});

describe('Newcombe hybrid score interval for a difference (method 10)', () => {
  // Newcombe (1998b), "Interval estimation for the difference between independent proportions", Stat Med 17:873–890: method 10 on its examples (a)–(h).
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i − %i/%i → %f to %f', (x1, n1, x2, n2, lower, upper) => {
    expect(to4(newcombeInterval(x1, n1, x2, n2))).toEqual([lower, upper]);
  });

  it('gives the difference interval of the issue’s example, and its lift', () => {
    expect(to4(newcombeInterval(480, 2000, 400, 2000))).toEqual([0.0143, 0.0656]);
    expect(relativeLift(0.24, 0.2)).toBeCloseTo(0.2, 12);
    expect(relativeLift(0.1, 0)).toBeNull();
  });
});

describe('chi-square and normal tails', () => {
  // Critical values of the chi-square distribution (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
  it.each([
    [3.841, 1, 0.05],
    [6.635, 1, 0.01],
    [10.828, 1, 0.001],
    [5.991, 2, 0.05],
    [9.21, 2, 0.01],
    [13.816, 2, 0.001],
    [7.815, 3, 0.05],
    [16.266, 3, 0.001],
    [18.307, 10, 0.05],
    [29.588, 10, 0.001],
  ])('χ² = %f with %i degrees of freedom → p = %f', (statistic, df, p) => {
    // The table's critical values are rounded to 3 decimals, so p agrees to about 1 part in 1000.
    expect(chiSquarePValue(statistic, df) / p).toBeCloseTo(1, 2);
  });

  it('keeps its digits far in the tail and at the ends', () => {
    // χ²(1) tail = erfc(√(x/2)); erfc(5) = 1.5374597944280349e-12.
    expect(chiSquarePValue(50, 1) / 1.5374597944280349e-12).toBeCloseTo(1, 10);
    expect(chiSquarePValue(0, 4)).toBe(1);
    // χ²(2) has the closed form e^(−x/2).
    for (const x of [0.1, 1, 7, 40]) expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 14);
    expect(regularizedGammaP(3, 2) + regularizedGammaQ(3, 2)).toBeCloseTo(1, 15);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(twoSidedNormalP(1.959963984540054)).toBeCloseTo(0.05, 14);
    expect(twoSidedNormalP(0)).toBe(1);
    expect(() => chiSquarePValue(-1, 1)).toThrow(RangeError);
    expect(() => chiSquarePValue(1, 0)).toThrow(RangeError);
  });

  it('checks a sample ratio against equal or configured shares', () => {
    // 900 against 1,100 where 1,000 each were expected: χ² = 20 with one degree of freedom.
    const uneven = sampleRatioMismatch([900, 1100]);
    expect(uneven.chiSquare).toBeCloseTo(20, 12);
    expect(uneven.pValue).toBeCloseTo(7.744216e-6, 11);
    expect(uneven.mismatch).toBe(true);
    // The same visits are just right for a configured 45/55 split.
    expect(sampleRatioMismatch([900, 1100], [45, 55])).toMatchObject({
      chiSquare: 0,
      pValue: 1,
      mismatch: false,
      expectedShares: [0.45, 0.55],
    });
    expect(sampleRatioMismatch([1000, 1000, 1000]).mismatch).toBe(false);
    expect(sampleRatioMismatch([0, 0])).toMatchObject({ pValue: 1, mismatch: false });
    expect(() => sampleRatioMismatch([1, 2], [1, 0])).toThrow(RangeError);
  });
});

describe('the fixed-horizon z-test', () => {
  it('matches the pooled two-proportion z-test', () => {
    // z = 0.04 / √(0.22 · 0.78 · 2/2000) = 3.0535…; two-sided p = 0.0022617.
    expect(fixedHorizonPValue(480, 2000, 400, 2000)).toBeCloseTo(0.0022617, 7);
    expect(fixedHorizonPValue(400, 2000, 400, 2000)).toBe(1);
    expect(fixedHorizonPValue(0, 0, 5, 10)).toBe(1);
  });
});

describe('the mixture sequential test', () => {
  it('computes Λ from its closed form', () => {
    const look = { controlVisits: 2000, controlConversions: 400, visits: 2000, conversions: 480 };
    const variance = 0.22 * 0.78 * (2 / 2000);
    const tau2 = MSPRT_MIXING_VARIANCE;
    const expected =
      Math.sqrt(variance / (variance + tau2)) * Math.exp((0.04 ** 2 * tau2) / (2 * variance * (variance + tau2)));
    expect(mixtureLikelihoodRatio(look)).toBeCloseTo(expected, 10);
    // Stricter than the fixed-horizon test on the same counts: it pays for being readable at any time.
    expect(1 / mixtureLikelihoodRatio(look)).toBeGreaterThan(fixedHorizonPValue(480, 2000, 400, 2000));
    expect(mixtureLikelihoodRatio({ controlVisits: 0, controlConversions: 0, visits: 5, conversions: 1 })).toBe(1);
  });

  it('keeps the smallest 1/Λ of all looks, never above 1', () => {
    const strong = { controlVisits: 5000, controlConversions: 1000, visits: 5000, conversions: 1250 };
    const weak = { controlVisits: 5100, controlConversions: 1020, visits: 5100, conversions: 1030 };
    const p = alwaysValidPValue([strong, weak]);
    expect(p).toBeCloseTo(1 / mixtureLikelihoodRatio(strong), 15);
    expect(p).toBeLessThan(1 / mixtureLikelihoodRatio(weak));
    expect(alwaysValidPValue([weak])).toBe(1);
    expect(alwaysValidPValue([])).toBe(1);
  });
});

describe('Benjamini–Hochberg', () => {
  it('adjusts p-values step-up, in the order given', () => {
    // Worked by hand: sorted 0.01, 0.02, 0.03, 0.04, 0.5 with m = 5 → 0.05, 0.05, 0.05, 0.05, 0.5.
    expect(benjaminiHochberg([0.04, 0.5, 0.01, 0.03, 0.02]).map((q) => Number(q.toFixed(10)))).toEqual([
      0.05, 0.5, 0.05, 0.05, 0.05,
    ]);
    // 0.001·3/1 = 0.003; 0.02·3/2 = 0.03; 0.04·3/3 = 0.04.
    expect(benjaminiHochberg([0.04, 0.001, 0.02]).map((q) => Number(q.toFixed(10)))).toEqual([0.04, 0.003, 0.03]);
    expect(benjaminiHochberg([0.9, 0.8])).toEqual([0.9, 0.9]);
    expect(benjaminiHochberg([])).toEqual([]);
  });
});
