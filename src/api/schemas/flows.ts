import * as z from 'zod/mini';
import { text } from './blocks';
import { uuid } from './common';

/**
 * The flow explorer's contract: what the app's machines report of each transition they take,
 * and what the explorer reads back. A transition names no person: only the machine, its states,
 * the event, a per-visit id and the visitor's segment.
 */

/** A state node's id as XState names it (`machine.state.child`). */
const stateId = text({ min: 1, max: 200 });
export const experimentGuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lower-case GUID'));

export const flowDevices = ['desktop', 'mobile'] as const;
export type FlowDevice = (typeof flowDevices)[number];

/** ISO 3166 alpha-2, upper case; XX when unknown. */
export const segmentCountry = z.string().check(z.regex(/^[A-Z]{2}$/, 'must be two upper-case letters'));
/** The user type code the app decided at start-up (GUST, ACTV, EXPD…). */
export const segmentUserType = z.string().check(z.regex(/^[A-Z_]{2,16}$/, 'must be a user type code'));
export const segmentVariationIndex = z.int().check(z.minimum(1), z.maximum(1000));
export const MAX_SEGMENT_EXPERIMENTS = 20;

/** Who the visitor is, coarsely enough that it identifies nobody. */
export const flowSegment = z.object({
  country: segmentCountry,
  device: z.enum(flowDevices),
  userType: segmentUserType,
  /** Experiment GUID → variation index. */
  variations: z
    .record(experimentGuid, segmentVariationIndex)
    .check(
      z.refine(
        (v) => Object.keys(v).length <= MAX_SEGMENT_EXPERIMENTS,
        `at most ${MAX_SEGMENT_EXPERIMENTS} experiments`,
      ),
    ),
});
export type FlowSegment = z.infer<typeof flowSegment>;

/**
 * One transition taken by a running machine. `from` is null for the start of a visit (the
 * machine entering its first state). `seq` counts the visit's steps from 0, so the server knows
 * a visit's last state even when its events arrive out of order.
 */
export const flowTransition = z.object({
  /** Chosen by the client once, kept through retries: a repeat is counted once. */
  id: uuid,
  machine: text({ min: 1, max: 64 }),
  flowId: uuid,
  seq: z.int().check(z.minimum(0), z.maximum(10_000)),
  from: z.nullable(stateId),
  event: text({ min: 1, max: 200 }),
  to: stateId,
  /** When it happened (ISO 8601); the server accepts the last 35 days up to 5 minutes ahead. */
  at: z.iso.datetime({ offset: true }),
  segment: flowSegment,
});
export type FlowTransition = z.infer<typeof flowTransition>;

export const FLOW_TRANSITIONS_PER_REQUEST = 100;

export const flowTransitionsBody = z.object({
  transitions: z.array(flowTransition).check(z.minLength(1), z.maxLength(FLOW_TRANSITIONS_PER_REQUEST)),
});
export type FlowTransitionsBody = z.infer<typeof flowTransitionsBody>;

export const flowTransitionsRecorded = z.object({
  /** Transitions stored by this call. */
  recorded: z.int(),
  /** Transitions whose id was already stored: counted once, not again. */
  duplicates: z.int(),
});

/** The date range and segment filter of every read; dates are whole UTC days, both ends included. */
export const flowCountsQuery = z.object({
  from: z.optional(z.iso.date()),
  to: z.optional(z.iso.date()),
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))),
  device: z.optional(z.enum(flowDevices)),
  userType: z.optional(z.string().check(z.regex(/^[A-Z_]{2,16}$/))),
  /** `<experiment guid>:<variation index>` */
  variation: z.optional(
    z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,4}$/)),
  ),
});
export type FlowCountsQuery = z.infer<typeof flowCountsQuery>;

export const flowMachineParam = z.object({ machine: text({ min: 1, max: 64 }) });

export const flowMachineSummary = z.object({
  name: z.string(),
  states: z.int(),
  transitions: z.int(),
  guards: z.int(),
  /** Visits started in the range asked (the last 30 days by default). */
  visits: z.int(),
});
export const flowMachineList = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  machines: z.array(flowMachineSummary),
});
export type FlowMachineList = z.infer<typeof flowMachineList>;

export const flowEdgeCount = z.object({
  from: z.nullable(z.string()),
  event: z.string(),
  to: z.string(),
  count: z.int(),
});
/** `entries`: transitions into the state; `dropOff`: visits whose last state is this one. */
export const flowStateCount = z.object({ state: z.string(), entries: z.int(), dropOff: z.int() });
export const flowCounts = z.object({
  machine: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Visits started in the range that match the filter. */
  visits: z.int(),
  edges: z.array(flowEdgeCount),
  states: z.array(flowStateCount),
});
export type FlowCounts = z.infer<typeof flowCounts>;

/** The values seen in the recorded segments, for the explorer's filters. */
export const flowSegmentValues = z.object({
  countries: z.array(z.string()),
  devices: z.array(z.string()),
  userTypes: z.array(z.string()),
  variations: z.array(z.object({ experiment: z.string(), variation: z.int() })),
});
export type FlowSegmentValues = z.infer<typeof flowSegmentValues>;
