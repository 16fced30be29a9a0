import * as z from 'zod/mini';
import { text } from './blocks';
import { flowCountsQuery } from './flows';

/**
 * The flow explorer's experiment results: each configured experiment, and for one experiment
 * and one goal state, every variation against its control, with intervals, a sample-ratio
 * check and an always-valid (peeking-safe) test. docs/experiments.md says how to read them.
 */

/** An experiment's GUID in the path; any case, read lower-cased. */
export const experimentParam = z.object({
  guid: z.pipe(
    z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a GUID')),
    z.transform((guid) => guid.toLowerCase()),
  ),
});

export const experimentResultsQuery = z.object({
  /** The machine whose visits are counted; by default the goal's machine. */
  machine: z.optional(text({ min: 1, max: 64 })),
  /** A state id of that machine (`purchaseFunnel.paid`); by default the experiment's suggested goal. */
  goal: z.optional(text({ min: 1, max: 200 })),
  from: flowCountsQuery.shape.from,
  to: flowCountsQuery.shape.to,
});
export type ExperimentResultsQuery = z.infer<typeof experimentResultsQuery>;

const goal = z.object({ machine: z.string(), goal: z.string() });

export const experimentSummary = z.object({
  guid: z.string(),
  name: z.string(),
  /** The variation indexes it has, ascending. */
  variations: z.array(z.int()),
  /** Variation 1, or the holdout of the cancel-flow experiment. */
  control: z.int(),
  /** The configured share of the visits each variation should get (equal where none is configured). */
  split: z.array(z.object({ variation: z.int(), share: z.number() })),
  /** The goal its results are read against unless another is asked for; null when none is configured. */
  suggestedGoal: z.nullable(goal),
});
export const experimentList = z.object({ experiments: z.array(experimentSummary) });
export type ExperimentList = z.infer<typeof experimentList>;

const interval = z.tuple([z.number(), z.number()]);

export const variationComparison = z.object({
  /** The variation's rate minus the control's. */
  diff: z.number(),
  /** Newcombe's hybrid score interval for that difference (95 %). */
  ci95: interval,
  /** diff / control rate; null when the control converted nobody. */
  relativeLift: z.nullable(z.number()),
  /** Always valid: the mixture sequential test's p-value, safe to read after every visit. */
  pValue: z.number(),
  /** pValue < alpha (0.05). */
  significant: z.boolean(),
  /** The pooled two-proportion z-test: valid only if read once, at a sample size fixed in advance. */
  fixedHorizonPValue: z.number(),
});

export const variationResult = z.object({
  variation: z.int(),
  /** Distinct visits of the machine, started in the range, whose segment carries this variation. */
  visits: z.int(),
  /** Of those, the visits that entered the goal state at any step. */
  conversions: z.int(),
  /** conversions / visits (0 without visits). */
  rate: z.number(),
  /** Wilson score interval (95 %); [0, 1] without visits. */
  ci95: interval,
  /** Null for the control. */
  vsControl: z.nullable(variationComparison),
});

export const sampleRatio = z.object({
  chiSquare: z.number(),
  pValue: z.number(),
  /** pValue < 0.001: the split is not what was configured, and the results are not to be trusted. */
  mismatch: z.boolean(),
  /** The configured share of each variation the test expected. */
  expected: z.array(z.object({ variation: z.int(), share: z.number() })),
});

export const experimentResults = z.object({
  experiment: z.string(),
  name: z.string(),
  machine: z.string(),
  goal: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  control: z.int(),
  srm: sampleRatio,
  /** Set when the results are not to be trusted (a sample ratio mismatch). */
  warning: z.nullable(z.object({ code: z.enum(['SAMPLE_RATIO_MISMATCH']), message: z.string() })),
  /** The statistical settings the figures were computed with. */
  method: z.object({
    alpha: z.number(),
    srmAlpha: z.number(),
    /** τ², the variance of the mSPRT's normal mixing distribution (MSPRT_MIXING_VARIANCE). */
    mixingVariance: z.number(),
    /** The always-valid p-value is the smallest over these looks: the end of each day of the range with visits. */
    looks: z.int(),
  }),
  variations: z.array(variationResult),
});
export type ExperimentResults = z.infer<typeof experimentResults>;
export type VariationResult = z.infer<typeof variationResult>;
