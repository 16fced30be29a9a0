import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import type { ExperimentList, ExperimentResults } from '../../src/api/schemas/flow-experiments';

const SELL_PAGE = 'e1000000-0000-4000-8000-000000000001';
const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
/** Experiments of this suite's own, so the counts are exactly the visits written here. */
const EXAMPLE = 'e5400000-0000-4000-8000-000000000001';
const SPLIT = 'e5400000-0000-4000-8000-000000000002';
const TODAY = new Date().toISOString().slice(0, 10);

/**
 * Writes visits of the purchase funnel straight into the raw transitions (the results read only
 * those): per variation, `visits` starts, of which `conversions` go on to `purchaseFunnel.paid`
 * at step 2 and `checkouts` (of the others) stop in a child state of `purchaseFunnel.checkout`.
 */
async function writeVisits(
  api: TestApi,
  experiment: string,
  groups: { variation: number; visits: number; conversions: number; checkouts?: number; day?: string }[],
) {
  for (const g of groups) {
    const key = `${experiment}:${g.variation}:test`;
    const [segment] = await api.db.query<{ segment_id: string }>(
      `insert into flow_segments (segment_key, country, device, user_type, variations) values ($1, 'US', 'desktop', 'GUST', $2::jsonb)
       on conflict (segment_key) do update set segment_key = excluded.segment_key returning segment_id`,
      [key, JSON.stringify({ [experiment]: g.variation })],
    );
    await api.db.query(
      `with visits as (
         select gen_random_uuid() as flow_id, i from generate_series(1, $2::integer) as i
       ), steps as (
         select flow_id, 0 as seq, null as from_state, 'xstate.init' as event, 'purchaseFunnel.loading' as to_state from visits
         union all
         select flow_id, 1, 'purchaseFunnel.loading', 'xstate.done.actor.load', 'purchaseFunnel.choosingPlan' from visits where i <= $3::integer + $4::integer
         union all
         select flow_id, 2, 'purchaseFunnel.choosingPlan', 'purchase.paid', 'purchaseFunnel.paid' from visits where i <= $3::integer
         union all
         select flow_id, 2, 'purchaseFunnel.choosingPlan', 'plan.continue', 'purchaseFunnel.checkout.editing' from visits where i > $3::integer and i <= $3::integer + $4::integer
       )
       insert into flow_transitions (transition_id, machine, flow_id, seq, from_state, event, to_state, at, segment_id)
       select gen_random_uuid(), 'purchaseFunnel', flow_id, seq, from_state, event, to_state, ($5::date + time '12:00') at time zone 'UTC' + seq * interval '1 second', $1
         from steps`,
      [segment!.segment_id, g.visits, g.conversions, g.checkouts ?? 0, g.day ?? TODAY],
    );
    // Each visit's row, as the recording service keeps it (the results count visits from it).
    await api.db.query(
      `insert into flow_visits (machine, flow_id, last_seq, last_state, last_day, segment_id, first_day)
       select distinct on (flow_id) machine, flow_id, seq, to_state, (at at time zone 'UTC')::date, segment_id, (at at time zone 'UTC')::date
         from flow_transitions where segment_id = $1 order by flow_id, seq desc
       on conflict (machine, flow_id) do nothing`,
      [segment!.segment_id],
    );
  }
}

describe.each(targets)('experiment results (%s)', (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(target);
    await api.db.query(
      `insert into experiments (experiment_guid, name, variation_count, goal_state) values ($1, 'Example', 3, 'purchaseFunnel.paid'), ($2, 'Split', 2, null)`,
      [EXAMPLE, SPLIT],
    );
  });
  afterAll(() => api?.close());

  const results = async (guid: string, query = '') => {
    const answer = await api.get<ExperimentResults>(`/api/flows/experiments/${guid}/results${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  it('lists every configured experiment with its variations, control, split and suggested goal', async () => {
    const answer = await api.get<ExperimentList>('/api/flows/experiments');
    expect(answer.status).toBe(200);
    const byGuid = new Map(answer.body.experiments.map((e) => [e.guid, e]));
    expect(byGuid.get(SELL_PAGE)).toMatchObject({
      name: 'Sell page layout',
      variations: [1, 2, 3, 4, 5, 6],
      control: 1,
      suggestedGoal: { machine: 'purchaseFunnel', goal: 'purchaseFunnel.paid' },
    });
    expect(byGuid.get(SELL_PAGE)!.split.map((s) => s.share)).toEqual(Array(6).fill(1 / 6));
    // The cancel flow is read against its holdout, which is shown no offer.
    expect(byGuid.get(CANCEL_FLOW)).toMatchObject({
      control: 2,
      suggestedGoal: { machine: 'cancellationConfirm', goal: 'cancellationConfirm.cancelled' },
    });
    expect(byGuid.get(SPLIT)!.suggestedGoal).toBeNull();
    expect(answer.body.experiments.length).toBeGreaterThanOrEqual(11);
  });

  it('answers the issue’s example: counts from SQL, Wilson and Newcombe intervals, lift and tests', async () => {
    await writeVisits(api, EXAMPLE, [
      { variation: 1, visits: 2000, conversions: 400, checkouts: 300 },
      { variation: 3, visits: 2000, conversions: 480 },
    ]);
    const body = await results(EXAMPLE, '?machine=purchaseFunnel&goal=purchaseFunnel.paid');
    expect(body).toMatchObject({
      experiment: EXAMPLE,
      machine: 'purchaseFunnel',
      goal: 'purchaseFunnel.paid',
      control: 1,
      to: TODAY,
    });
    const [one, two, three] = body.variations;
    expect(one).toEqual({
      variation: 1,
      visits: 2000,
      conversions: 400,
      rate: 0.2,
      ci95: [0.1831, 0.2181],
      vsControl: null,
    });
    expect(two).toMatchObject({ variation: 2, visits: 0, conversions: 0, rate: 0, ci95: [0, 1] });
    expect(three).toMatchObject({ variation: 3, visits: 2000, conversions: 480, rate: 0.24, ci95: [0.2218, 0.2592] });
    expect(three!.vsControl).toMatchObject({
      diff: 0.04,
      ci95: [0.0143, 0.0656],
      relativeLift: 0.2,
      significant: true,
    });
    expect(three!.vsControl!.fixedHorizonPValue).toBeCloseTo(0.0022617, 6);
    // The always-valid p-value is stricter than the fixed-horizon one on the same counts.
    expect(three!.vsControl!.pValue).toBeGreaterThan(three!.vsControl!.fixedHorizonPValue);
    expect(three!.vsControl!.pValue).toBeLessThan(0.05);
    expect(body.method).toMatchObject({ alpha: 0.05, srmAlpha: 0.001, mixingVariance: 0.001, looks: 1 });

    // The suggested goal is the default; a compound goal counts the visits that entered any of its children.
    expect((await results(EXAMPLE)).variations[0]!.conversions).toBe(400);
    const checkout = await results(EXAMPLE, '?goal=purchaseFunnel.checkout');
    expect(checkout.variations[0]).toMatchObject({ visits: 2000, conversions: 300 });
    // Another range has none of these visits.
    expect((await results(EXAMPLE, '?from=2020-01-01&to=2020-01-31')).variations.map((v) => v.visits)).toEqual([
      0, 0, 0,
    ]);
  });

  it('flags a sample ratio mismatch against the configured split, with a warning', async () => {
    await writeVisits(api, SPLIT, [
      { variation: 1, visits: 900, conversions: 90 },
      { variation: 2, visits: 1100, conversions: 110 },
    ]);
    const equal = await results(SPLIT, '?goal=purchaseFunnel.paid');
    expect(equal.srm.chiSquare).toBeCloseTo(20, 10);
    expect(equal.srm).toMatchObject({
      mismatch: true,
      expected: [
        { variation: 1, share: 0.5 },
        { variation: 2, share: 0.5 },
      ],
    });
    expect(equal.srm.pValue).toBeLessThan(0.001);
    expect(equal.warning?.code).toBe('SAMPLE_RATIO_MISMATCH');
    expect(equal.variations[1]!.vsControl!.significant).toBe(false);

    // Configured 45/55, the same visits are what was asked for.
    await api.db.query('update experiments set variation_weights = $2::integer[] where experiment_guid = $1', [
      SPLIT,
      [45, 55],
    ]);
    const configured = await results(SPLIT, '?goal=purchaseFunnel.paid');
    expect(configured.srm).toMatchObject({ chiSquare: 0, pValue: 1, mismatch: false });
    expect(configured.warning).toBeNull();
    expect(
      (await api.get<ExperimentList>('/api/flows/experiments')).body.experiments.find((e) => e.guid === SPLIT)!.split,
    ).toEqual([
      { variation: 1, share: 0.45 },
      { variation: 2, share: 0.55 },
    ]);
  });

  it('reads the always-valid p-value at the end of each day, and it never rises as days are added', async () => {
    const guid = 'e5400000-0000-4000-8000-000000000003';
    await api.db.query(
      `insert into experiments (experiment_guid, name, variation_count, goal_state) values ($1, 'Days', 3, 'purchaseFunnel.paid')`,
      [guid],
    );
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    // A strong early difference, then days with none: the evidence of day one is not forgotten.
    await writeVisits(api, guid, [
      { variation: 1, visits: 1500, conversions: 300, day: day(2) },
      { variation: 3, visits: 1500, conversions: 420, day: day(2) },
      { variation: 1, visits: 1500, conversions: 330, day: day(1) },
      { variation: 3, visits: 1500, conversions: 300, day: day(1) },
    ]);
    const first = await results(guid, `?from=${day(2)}&to=${day(2)}`);
    const both = await results(guid, `?from=${day(2)}&to=${day(1)}`);
    expect(first.method.looks).toBe(1);
    expect(both.method.looks).toBe(2);
    expect(first.variations[2]!.vsControl!.significant).toBe(true);
    // Pooled over both days the difference is small (630 against 720 of 3,000), yet the first day's evidence stands.
    expect(both.variations[2]!.vsControl!.pValue).toBe(first.variations[2]!.vsControl!.pValue);
    expect(both.variations[2]!.vsControl!.fixedHorizonPValue).toBeGreaterThan(
      first.variations[2]!.vsControl!.fixedHorizonPValue,
    );
  });

  it('counts a visit on the day it started, whichever of its steps arrives first', async () => {
    const flowId = randomUUID();
    const segment = { country: 'US', device: 'desktop' as const, userType: 'GUST', variations: { [EXAMPLE]: 2 } };
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const step = (seq: number, from: string | null, event: string, to: string, at: string) => ({
      id: randomUUID(),
      machine: 'purchaseFunnel',
      flowId,
      seq,
      from,
      event,
      to,
      at,
      segment,
    });
    const later = await api.post('/api/flows/transitions', {
      transitions: [
        step(
          1,
          'purchaseFunnel.loading',
          'xstate.done.actor.loadOffer',
          'purchaseFunnel.choosingPlan',
          new Date().toISOString(),
        ),
      ],
    });
    expect(later.status).toBe(202);
    const firstDay = async () =>
      (
        await api.db.query<{ day: string }>(
          `select to_char(first_day, 'YYYY-MM-DD') as day from flow_visits where flow_id = $1`,
          [flowId],
        )
      )[0]?.day;
    expect(await firstDay()).toBe(TODAY);
    expect(
      (
        await api.post('/api/flows/transitions', {
          transitions: [step(0, null, 'xstate.init', 'purchaseFunnel.loading', yesterday)],
        })
      ).status,
    ).toBe(202);
    expect(await firstDay()).toBe(yesterday.slice(0, 10));
    const range = `?from=${yesterday.slice(0, 10)}&to=${yesterday.slice(0, 10)}`;
    expect((await results(EXAMPLE, range)).variations[1]).toMatchObject({ variation: 2, visits: 1, conversions: 0 });
  });

  it('answers 404 for an unknown experiment, machine or goal state, and 400 for bad input with the fields', async () => {
    const status = async (path: string) => (await api.get(path)).status;
    expect(await status('/api/flows/experiments/e5400000-0000-4000-8000-0000000000ff/results')).toBe(404);
    expect(await status(`/api/flows/experiments/${EXAMPLE}/results?goal=purchaseFunnel.nowhere`)).toBe(404);
    expect(await status(`/api/flows/experiments/${EXAMPLE}/results?machine=stealCards&goal=purchaseFunnel.paid`)).toBe(
      404,
    );
    expect(await status(`/api/flows/experiments/${EXAMPLE}/results?machine=preCancel&goal=purchaseFunnel.paid`)).toBe(
      404,
    );
    // Upper case is the same GUID.
    expect(await status(`/api/flows/experiments/${EXAMPLE.toUpperCase()}/results`)).toBe(200);

    const bad = await api.get<{ error: { code: string; fields: Record<string, string> } }>(
      `/api/flows/experiments/not-a-guid/results?from=2026-02-31`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.body.error.fields)).toContain('guid');
    const range = await api.get<{ error: { fields: Record<string, string> } }>(
      `/api/flows/experiments/${EXAMPLE}/results?from=2026-03-02&to=2026-03-01`,
    );
    expect(range.status).toBe(400);
    expect(range.body.error.fields).toHaveProperty('from');
    // No goal asked for, and none suggested in that machine.
    const noGoal = await api.get<{ error: { fields: Record<string, string> } }>(
      `/api/flows/experiments/${EXAMPLE}/results?machine=preCancel`,
    );
    expect(noGoal.status).toBe(400);
    expect(noGoal.body.error.fields).toHaveProperty('goal');
    expect((await api.get(`/api/flows/experiments/${SPLIT}/results`)).status).toBe(400);
  });
});

describe('experiment results behind the explorer’s gate', () => {
  it('answers 404 while the explorer is off and 401 without its token', async () => {
    const off = await startTestApi('pglite', { FLOWS_EXPLORER: '0' });
    try {
      expect((await off.get('/api/flows/experiments')).status).toBe(404);
      expect((await off.get(`/api/flows/experiments/${SELL_PAGE}/results`)).status).toBe(404);
    } finally {
      await off.close();
    }
    const guarded = await startTestApi('pglite', { FLOWS_TOKEN: 'stats-token' });
    try {
      expect((await guarded.get('/api/flows/experiments')).status).toBe(401);
      expect((await guarded.get(`/api/flows/experiments/${SELL_PAGE}/results`)).status).toBe(401);
      expect((await guarded.get(`/api/flows/experiments/${SELL_PAGE}/results`, 'flows_token=stats-token')).status).toBe(
        200,
      );
    } finally {
      await guarded.close();
    }
  });
});
