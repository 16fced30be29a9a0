import { Z_95 } from './normal';

export type Interval = readonly [lower: number, upper: number];

/**
 * Wilson's score interval for a proportion (Wilson 1927; method 3 of Newcombe 1998, "Two-sided
 * confidence intervals for the single proportion"): it stays inside [0, 1] and keeps close to
 * its nominal coverage with few visits or rates near 0 or 1, where the Wald interval does not.
 * With no trials nothing is known: [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval {
  checkCounts(successes, trials);
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0 or n successes the bound is exactly 0 or 1; rounding must not leave it a hair off.
  return [successes === 0 ? 0 : Math.max(0, centre - half), successes === trials ? 1 : Math.min(1, centre + half)];
}

export function checkCounts(successes: number, trials: number): void {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || successes < 0 || trials < 0 || successes > trials) {
    throw new RangeError(`need whole counts with 0 ≤ successes ≤ trials (got ${successes} of ${trials})`);
  }
}
