import * as z from 'zod/mini';
import { text } from './blocks';
import { DEMO_PERSONA_IDS } from './common';

/**
 * The flow simulator's contract ("what will this person see"): a persona with overrides in, the
 * pages of the purchase path and of the cancellation path out, each with the offers and blocks it
 * would show, as the app's own machines and rules decide them.
 */

const experimentGuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lower-case GUID'));

/** The query parameters the simulator passes on to the pages, as the app reads them (src/domain/query-params.ts). */
export const SIMULATOR_QUERY_PARAMS = [
  'flow',
  'mode',
  'runtest',
  'countrycd',
  'disabletests',
  'bypasscncrprefcheck',
  'skuid',
  'j_id',
  'doctype',
  'test_ff',
  'ipstatecd',
] as const;

/** `guest` simulates a visitor who is not signed in. */
export const GUEST_PERSONA = 'guest';

export const simulationInput = z.object({
  /** A demo persona id (DESIGN.md), or `guest`. */
  persona: z.enum([...DEMO_PERSONA_IDS, GUEST_PERSONA]),
  /** A test-country override (`countrycd`); null keeps the persona's own market. */
  country: z._default(z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be two upper-case letters'))), null),
  device: z.enum(['desktop', 'mobile']),
  /** Experiment GUID → variation index, as the `ew_exp` cookie would assign them. */
  variations: z._default(
    z
      .record(experimentGuid, z.int().check(z.minimum(1), z.maximum(1000)))
      .check(z.refine((v) => Object.keys(v).length <= 20, 'at most 20 experiments')),
    {},
  ),
  /** Query parameters of the address the person opens (only the ones the app reads). */
  query: z._default(z.partialRecord(z.enum(SIMULATOR_QUERY_PARAMS), text({ max: 200 })), {}),
});
export type SimulationInput = z.input<typeof simulationInput>;
export type SimulationRequest = z.infer<typeof simulationInput>;

const factValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const simulatedPage = z.object({
  /** The address, under the app's base, with its query. */
  path: z.string(),
  /** The tracking page code the route table gives that address. */
  pageCode: z.string(),
  /** The machine that decided what the page shows, and the state it was in (XState node id). */
  machine: z.string(),
  state: z.string(),
  /** Offers the page puts to the person (save offers, plans, the reminder...). */
  offers: z.array(z.string()),
  /** Configurable parts of the page that are drawn (sell blocks, the feature-based page...). */
  blocks: z.array(z.string()),
  /** Other decisions worth seeing: layout, strategy, experiment arm, button order. */
  facts: z.record(z.string(), factValue),
  /** What the person does on this page to reach the next one; null on the last page. */
  next: z.nullable(z.string()),
});
export type SimulatedPage = z.infer<typeof simulatedPage>;

export const simulationResult = z.object({
  persona: z.object({
    id: z.string(),
    userType: z.string(),
    country: z.string(),
    portal: z.string(),
    signedIn: z.boolean(),
  }),
  device: z.enum(['desktop', 'mobile']),
  /** The experiment assignments in force after the address's overrides (`runtest`, `disabletests`). */
  variations: z.record(z.string(), z.int()),
  purchase: z.array(simulatedPage),
  cancellation: z.array(simulatedPage),
});
export type SimulationResult = z.infer<typeof simulationResult>;

export const simulationOpened = z.object({
  /** The first page of the chosen path, to open in a new tab of the browser that made this call (it now holds the session). */
  url: z.string(),
  /** The fresh copy's account, or null for a guest. */
  accountId: z.nullable(z.string()),
});

export const simulationOpenInput = z.extend(simulationInput, {
  /** Which path's first page to open. */
  path: z._default(z.enum(['purchase', 'cancellation']), 'purchase'),
});
export type SimulationOpenInput = z.input<typeof simulationOpenInput>;

/** What the simulator's form offers: the personas, the experiments that exist, and the query parameters. */
export const simulatorOptions = z.object({
  personas: z.array(z.object({ id: z.string(), name: z.string(), country: z.string(), userType: z.string() })),
  experiments: z.array(z.object({ guid: z.string(), name: z.string(), variations: z.int() })),
  queryParams: z.array(z.string()),
});
export type SimulatorOptions = z.infer<typeof simulatorOptions>;
