import { regularizedGammaQ } from './gamma';

/** P(X ≥ statistic) for X chi-square distributed with `degreesOfFreedom` degrees: Q(k / 2, x / 2). */
export function chiSquarePValue(statistic: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0)) throw new RangeError('a chi-square distribution needs at least one degree of freedom');
  if (!(statistic >= 0)) throw new RangeError('a chi-square statistic is never negative');
  return regularizedGammaQ(degreesOfFreedom / 2, statistic / 2);
}

/** Sample ratio mismatch is flagged below this p-value: rare enough that it is not chance. */
export const SRM_ALPHA = 0.001;

export interface SampleRatioCheck {
  chiSquare: number;
  pValue: number;
  mismatch: boolean;
  /** The share of the visits each group was configured to get. */
  expectedShares: number[];
}

/**
 * A chi-square goodness-of-fit test of the visits each group got against the configured split
 * (weights, equal where none is given). A mismatch means assignment or recording lost or
 * duplicated visits unevenly, so every comparison between the groups is suspect.
 */
export function sampleRatioMismatch(visits: readonly number[], weights?: readonly number[]): SampleRatioCheck {
  const shares = weights ?? visits.map(() => 1);
  if (shares.length !== visits.length || shares.some((w) => !(w > 0)))
    throw new RangeError('every group needs a positive weight');
  const totalWeight = shares.reduce((a, b) => a + b, 0);
  const expectedShares = shares.map((w) => w / totalWeight);
  const total = visits.reduce((a, b) => a + b, 0);
  if (visits.length < 2 || total === 0) return { chiSquare: 0, pValue: 1, mismatch: false, expectedShares };
  const chiSquare = visits.reduce((sum, observed, i) => {
    const expected = total * expectedShares[i]!;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
  const pValue = chiSquarePValue(chiSquare, visits.length - 1);
  return { chiSquare, pValue, mismatch: pValue < SRM_ALPHA, expectedShares };
}
