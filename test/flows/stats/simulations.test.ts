import { describe, expect, it } from 'vitest';
import { sampleRatioMismatch } from '../../../src/flows/stats/chi-square';
import { SEQUENTIAL_ALPHA, sequentialTest } from '../../../src/flows/stats/msprt';
import { newcombeInterval } from '../../../src/flows/stats/newcombe';
import { fixedHorizonPValue } from '../../../src/flows/stats/z-test';
import { seededRandom } from './seeded-random';

/**
 * Seeded simulations that hold the engine to what it promises: the sequential test's false
 * positives stay at its level however often it is read; the fixed-horizon test, read the same
 * way, does not (so the check can fail); the difference interval covers the truth 95 % of the
 * time; and a skewed split is caught.
 */

interface Watch {
  sequential: boolean;
  fixedHorizon: boolean;
}

/** One experiment: visitors split 50/50 at random, read after every `every` visits up to `visits`. */
function watchExperiment(
  random: () => number,
  controlRate: number,
  variationRate: number,
  visits = 5000,
  every = 100,
): Watch {
  const test = sequentialTest();
  let n0 = 0;
  let x0 = 0;
  let n1 = 0;
  let x1 = 0;
  let fixedHorizon = false;
  for (let visit = 1; visit <= visits; visit += 1) {
    if (random() < 0.5) {
      n0 += 1;
      if (random() < controlRate) x0 += 1;
    } else {
      n1 += 1;
      if (random() < variationRate) x1 += 1;
    }
    if (visit % every === 0) {
      test.look({ controlVisits: n0, controlConversions: x0, visits: n1, conversions: x1 });
      if (fixedHorizonPValue(x1, n1, x0, n0) < 0.05) fixedHorizon = true;
    }
  }
  return { sequential: test.significant, fixedHorizon };
}

const share = (flags: boolean[]) => flags.filter(Boolean).length / flags.length;

describe('simulated experiments (seeded)', () => {
  it('A/A, read after every 100 visits up to 5,000: the sequential test flags at most 6 %, the fixed-horizon test far more', () => {
    const random = seededRandom(54);
    const runs = Array.from({ length: 2000 }, () => watchExperiment(random, 0.2, 0.2));
    const sequential = share(runs.map((r) => r.sequential));
    const fixedHorizon = share(runs.map((r) => r.fixedHorizon));
    expect(sequential).toBeLessThanOrEqual(SEQUENTIAL_ALPHA + 0.01);
    // Fifty peeks at a fixed-horizon test find a "difference" in about a quarter of A/A tests.
    expect(fixedHorizon).toBeGreaterThan(0.15);
    expect(fixedHorizon).toBeGreaterThan(3 * sequential);
  });

  it('A/B with a real +25 % lift: the sequential test finds it in most experiments', () => {
    const random = seededRandom(7);
    const runs = Array.from({ length: 300 }, () => watchExperiment(random, 0.2, 0.25, 5000));
    expect(share(runs.map((r) => r.sequential))).toBeGreaterThan(0.7);
  });

  it('A/B with a planted lift: the 95 % difference interval covers the truth 93–97 % of the time', () => {
    const random = seededRandom(1998);
    const control = 0.2;
    const variation = 0.23;
    const n = 1500;
    const binomial = (trials: number, p: number) => {
      let x = 0;
      for (let i = 0; i < trials; i += 1) if (random() < p) x += 1;
      return x;
    };
    let covered = 0;
    for (let run = 0; run < 1000; run += 1) {
      const [lower, upper] = newcombeInterval(binomial(n, variation), n, binomial(n, control), n);
      if (lower <= variation - control && variation - control <= upper) covered += 1;
    }
    expect(covered / 1000).toBeGreaterThanOrEqual(0.93);
    expect(covered / 1000).toBeLessThanOrEqual(0.97);
  });

  it('a planted 45/55 split is flagged as a sample ratio mismatch; a fair split rarely is', () => {
    const random = seededRandom(4555);
    const split = (visits: number, firstShare: number) => {
      let first = 0;
      for (let i = 0; i < visits; i += 1) if (random() < firstShare) first += 1;
      return [first, visits - first];
    };
    const skewed = Array.from({ length: 200 }, () => sampleRatioMismatch(split(4000, 0.45)));
    expect(skewed.every((check) => check.mismatch && check.pValue < 0.001)).toBe(true);
    const fair = Array.from({ length: 1000 }, () => sampleRatioMismatch(split(4000, 0.5)));
    expect(share(fair.map((check) => check.mismatch))).toBeLessThanOrEqual(0.005);
  });
});
