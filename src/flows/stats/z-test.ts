import { twoSidedNormalP } from './normal';
import { checkCounts } from './wilson';

/**
 * The fixed-horizon two-sided p-value of the pooled two-proportion z-test. It is valid only when
 * read once, at a sample size fixed in advance: read after every visit, it falls below 0.05 by
 * chance far more often than one time in twenty (the sequential test in msprt.ts is the one to
 * watch). 1 when either group is empty or no variance is seen.
 */
export function fixedHorizonPValue(successes1: number, trials1: number, successes2: number, trials2: number): number {
  checkCounts(successes1, trials1);
  checkCounts(successes2, trials2);
  if (trials1 === 0 || trials2 === 0) return 1;
  const pooled = (successes1 + successes2) / (trials1 + trials2);
  const variance = pooled * (1 - pooled) * (1 / trials1 + 1 / trials2);
  if (variance === 0) return 1;
  return twoSidedNormalP((successes1 / trials1 - successes2 / trials2) / Math.sqrt(variance));
}
