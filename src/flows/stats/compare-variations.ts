import type { ExperimentResults, VariationResult } from '../../api/schemas/flow-experiments';
import { sampleRatioMismatch, SRM_ALPHA } from './chi-square';
import { relativeLift } from './lift';
import { MSPRT_MIXING_VARIANCE, SEQUENTIAL_ALPHA, sequentialTest } from './msprt';
import { newcombeInterval } from './newcombe';
import { wilsonInterval } from './wilson';
import { fixedHorizonPValue } from './z-test';

/** Visits and conversions of one variation on one day (the visits started that day). */
export interface DayCount {
  day: string;
  variation: number;
  visits: number;
  conversions: number;
}

export interface Comparison {
  control: number;
  /** The variations to report, ascending; the control among them. */
  variations: readonly number[];
  /** The configured weight of each of those variations; equal where absent. */
  weights?: readonly number[] | null;
  /** In any order; days and variations without visits may be left out. */
  days: readonly DayCount[];
}

/** Rates and intervals are shown to 4 decimals (a hundredth of a percentage point). */
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const interval4 = ([lower, upper]: readonly [number, number]): [number, number] => [round4(lower), round4(upper)];

export type ComparedVariations = Pick<ExperimentResults, 'control' | 'srm' | 'warning' | 'method' | 'variations'>;

/**
 * Every variation against the control: rates with Wilson intervals, the difference with
 * Newcombe's interval, the lift, the always-valid p-value (read at the end of each day, in
 * order, so it never rises when the range grows by a day), the fixed-horizon p-value beside it,
 * and the sample-ratio check of the visits against the configured split. The graph view can
 * feed it an edge's counts as well as a goal's.
 */
export function compareVariations(input: Comparison): ComparedVariations {
  const { control, variations } = input;
  if (!variations.includes(control)) throw new RangeError(`the control ${control} is not one of the variations`);
  const days = [...new Set(input.days.map((d) => d.day))].sort();
  const totals = new Map(variations.map((v) => [v, { visits: 0, conversions: 0 }]));
  const tests = new Map(variations.filter((v) => v !== control).map((v) => [v, sequentialTest(MSPRT_MIXING_VARIANCE)]));
  let looks = 0;
  for (const day of days) {
    for (const count of input.days) {
      if (count.day !== day) continue;
      const total = totals.get(count.variation);
      if (!total) continue;
      total.visits += count.visits;
      total.conversions += count.conversions;
    }
    looks += 1;
    const base = totals.get(control)!;
    for (const [variation, test] of tests) {
      const own = totals.get(variation)!;
      test.look({
        controlVisits: base.visits,
        controlConversions: base.conversions,
        visits: own.visits,
        conversions: own.conversions,
      });
    }
  }

  const base = totals.get(control)!;
  const baseRate = base.visits > 0 ? base.conversions / base.visits : 0;
  const results: VariationResult[] = variations.map((variation) => {
    const { visits, conversions } = totals.get(variation)!;
    const rate = visits > 0 ? conversions / visits : 0;
    const test = tests.get(variation);
    const lift = relativeLift(rate, baseRate);
    return {
      variation,
      visits,
      conversions,
      rate: round4(rate),
      ci95: interval4(wilsonInterval(conversions, visits)),
      vsControl: test
        ? {
            diff: round4(rate - baseRate),
            ci95: interval4(newcombeInterval(conversions, visits, base.conversions, base.visits)),
            relativeLift: lift === null ? null : round4(lift),
            pValue: test.pValue,
            significant: test.significant,
            fixedHorizonPValue: fixedHorizonPValue(conversions, visits, base.conversions, base.visits),
          }
        : null,
    };
  });

  const srm = sampleRatioMismatch(
    results.map((r) => r.visits),
    input.weights ?? undefined,
  );
  return {
    control,
    srm: {
      chiSquare: srm.chiSquare,
      pValue: srm.pValue,
      mismatch: srm.mismatch,
      expected: variations.map((variation, i) => ({ variation, share: srm.expectedShares[i]! })),
    },
    warning: srm.mismatch
      ? {
          code: 'SAMPLE_RATIO_MISMATCH',
          message: `The visits are not split as configured (chi-square p = ${srm.pValue.toExponential(1)} < ${SRM_ALPHA}): assignment or recording lost visits unevenly, so these results are not to be trusted.`,
        }
      : null,
    method: { alpha: SEQUENTIAL_ALPHA, srmAlpha: SRM_ALPHA, mixingVariance: MSPRT_MIXING_VARIANCE, looks },
    variations: results,
  };
}
