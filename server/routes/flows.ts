import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { LARGEST_BODY_LIMIT } from '../http/body-limit';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import {
  FLOW_DEFAULT_DAYS,
  FLOW_MAX_RANGE_DAYS,
  flowCountsOf,
  flowSegmentsSeen,
  listFlowMachines,
} from '../services/flow-counts';
import { recordTransitions } from '../services/flow-recording';
import { experimentResultsOf, listExperiments } from '../services/experiment-results';
import {
  experimentList,
  experimentParam,
  experimentResults,
  experimentResultsQuery,
} from '../../src/api/schemas/flow-experiments';
import {
  flowCounts,
  flowCountsQuery,
  flowMachineList,
  flowMachineParam,
  flowSegmentValues,
  flowTransitionsBody,
  flowTransitionsRecorded,
} from '../../src/api/schemas/flows';

/** Guests send transitions from the consent-gated queue, limited like the other telemetry (in a bucket of their own). */
const limitGuests = (c: Context<AppEnv>) =>
  c.get('user')
    ? undefined
    : { name: 'guest-flows', limit: c.get('config').rateLimits.guestTelemetry, windowSeconds: 60 };

/** What flowRange checks across the two dates, which JSON Schema cannot say. */
const RANGE_RULE = `\`from\` must not be after \`to\`, and the range is shorter than ${FLOW_MAX_RANGE_DAYS} days (400 otherwise); without them, the last ${FLOW_DEFAULT_DAYS} days.`;
const rangeQuery = z.object({ from: flowCountsQuery.shape.from, to: flowCountsQuery.shape.to });

/**
 * The flow explorer's data: the app's machines report their transitions here, and the explorer
 * reads the counts back from the per-day rollups. Access to the reads is decided in front of
 * these routes (server/http/flows-access.ts); recording is open to every visitor.
 */
export function flowRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/transitions',
    contract({
      summary: 'Record transitions the app’s machines took',
      description:
        'Each transition names a machine of the registry and an edge of its live definition; a repeated `id` is counted once. A batch with one transition the app could not have taken is refused whole (400): an unknown machine, a state or edge the machine does not have, step 0 that is not the start of a visit, or `at` outside the last 35 days up to 5 minutes ahead.',
      auth: 'guest',
      rateLimit: limitGuests,
      body: flowTransitionsBody,
      bodyLimit: LARGEST_BODY_LIMIT,
      responses: { 202: flowTransitionsRecorded },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await recordTransitions(c.get('db'), body.transitions), 202);
    },
  );

  app.get(
    '/machines',
    contract({
      summary: 'Every flow machine, its size and its visits',
      description: RANGE_RULE,
      auth: 'guest',
      query: rangeQuery,
      responses: { 200: flowMachineList },
    }),
    async (c) => c.json(await listFlowMachines(c.get('db'), c.req.valid('query'))),
  );

  app.get(
    '/machines/:machine/counts',
    contract({
      summary: 'Transitions per edge, and entries and drop-off per state, of one machine',
      description: `Read from the per-day rollups. \`from: null\` is the start of a visit; drop-off counts visits whose last state is this one, on the day of their last step. ${RANGE_RULE}`,
      auth: 'guest',
      params: flowMachineParam,
      query: flowCountsQuery,
      responses: { 200: flowCounts },
      errors: [404],
    }),
    async (c) => c.json(await flowCountsOf(c.get('db'), c.req.valid('param').machine, c.req.valid('query'))),
  );

  app.get(
    '/segments',
    contract({
      summary: 'The segment values recorded in a date range, for the filters',
      description: RANGE_RULE,
      auth: 'guest',
      query: rangeQuery,
      responses: { 200: flowSegmentValues },
    }),
    async (c) => c.json(await flowSegmentsSeen(c.get('db'), c.req.valid('query'))),
  );

  app.get(
    '/experiments',
    contract({
      summary: 'The configured experiments, with their control, split and suggested goal',
      auth: 'guest',
      responses: { 200: experimentList },
    }),
    async (c) => c.json(await listExperiments(c.get('db'))),
  );

  app.get(
    '/experiments/:guid/results',
    contract({
      summary: 'Every variation of an experiment against its control, for one goal state',
      description:
        'Visits: distinct visits of the machine started in the range whose segment carries the variation; conversions: those that entered the goal state at any step. ' +
        'Rates with 95 % Wilson intervals; against the control the difference with Newcombe’s 95 % hybrid score interval, the relative lift, the always-valid p-value of a mixture sequential test (safe to read at any time; `significant` when below 0.05) and the fixed-horizon p-value beside it. ' +
        '`srm` tests the visits against the configured split; a mismatch (p < 0.001) sets `warning`. See docs/experiments.md. ' +
        RANGE_RULE,
      auth: 'guest',
      params: experimentParam,
      query: experimentResultsQuery,
      responses: { 200: experimentResults },
      errors: [404],
    }),
    async (c) => c.json(await experimentResultsOf(c.get('db'), c.req.valid('param').guid, c.req.valid('query'))),
  );

  return app;
}
