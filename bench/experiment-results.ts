/**
 * The experiment results' read budget: with 1,000,000 recorded transitions on PGlite, the results
 * of one experiment (GET /api/flows/experiments/{guid}/results: the sell-page layouts against
 * purchases, the last 30 days) answer within 300 ms at the 95th percentile. The results count
 * from the raw transitions, so this is their worst case.
 *
 * The transitions are realistic: a pool of visits the synthetic traffic records over the real
 * machines (scripts/traffic.ts), copied into 1,000,000 raw rows over 30 days with fresh ids.
 * The table is not analyzed afterwards (PGlite runs no autovacuum), so the plan must hold
 * without statistics.
 *
 *   npx tsx bench/experiment-results.ts [--analyze]
 */
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import type { Database } from '../server/db/database';
import type { FlowTransition } from '../src/api/schemas/flows';
import { runTraffic } from '../scripts/traffic';
import { segmentIds } from '../server/repositories/flows';
import { segmentRow } from '../server/services/flow-recording';

export interface ExperimentResultsFigure {
  transitions: number;
  visits: number;
  loadSeconds: number;
  calls: number;
  medianMs: number;
  p95Ms: number;
}

const SELL_PAGE = 'e1000000-0000-4000-8000-000000000001';
export const EXPERIMENT_RESULTS_BUDGET_MS = 300;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Fills the raw transitions with copies of a recorded pool, as bench/flows-counts.ts does. */
export async function loadTransitions(db: Database, target: number): Promise<void> {
  const pool: FlowTransition[] = [];
  await runTraffic({ visits: 1000, seed: 11, days: 1, send: async (batch) => void pool.push(...batch) });
  const ids = await segmentIds(
    db,
    pool.map((t) => segmentRow(t.segment)),
  );
  await db.query(
    `create temporary table flow_pool (machine text, flow_id uuid, seq integer, from_state text, event text, to_state text, at timestamptz, segment_id bigint)`,
  );
  for (let i = 0; i < pool.length; i += 5000) {
    const rows = pool.slice(i, i + 5000).map((t) => ({
      machine: t.machine,
      flow_id: t.flowId,
      seq: t.seq,
      from_state: t.from,
      event: t.event,
      to_state: t.to,
      at: t.at,
      segment_id: ids.get(segmentRow(t.segment).segment_key),
    }));
    await db.query(
      `insert into flow_pool select * from jsonb_to_recordset($1::jsonb) as p(machine text, flow_id uuid, seq integer, from_state text, event text, to_state text, at timestamptz, segment_id bigint)`,
      [JSON.stringify(rows)],
    );
  }
  const copies = Math.ceil(target / pool.length);
  await db.query(
    `insert into flow_transitions (transition_id, machine, flow_id, seq, from_state, event, to_state, at, segment_id)
     select gen_random_uuid(), machine, md5(flow_id::text || ':' || c)::uuid, seq, from_state, event, to_state, at - make_interval(days => c % 30), segment_id
       from generate_series(0, $1::int - 1) c cross join flow_pool
      limit $2`,
    [copies, target],
  );
  // Each visit's row, as the recording service keeps it: its latest step, and the day of its first.
  await db.query(
    `insert into flow_visits (machine, flow_id, last_seq, last_state, last_day, segment_id, first_day)
     select machine, flow_id, max(seq), (array_agg(to_state order by seq desc))[1], (max(at) at time zone 'UTC')::date,
            (array_agg(segment_id order by seq desc))[1], (min(at) at time zone 'UTC')::date
       from flow_transitions group by machine, flow_id`,
  );
}

export async function measureExperimentResults(
  options: { transitions?: number; calls?: number; analyze?: boolean } = {},
): Promise<ExperimentResultsFigure> {
  const calls = Math.max(20, options.calls ?? 40);
  const loadStarted = performance.now();
  const db = await openDatabase({});
  try {
    await loadTransitions(db, options.transitions ?? 1_000_000);
    if (options.analyze) await db.query('analyze');
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from flow_transitions')) as [
      { n: number },
    ];
    const loadSeconds = Math.round((performance.now() - loadStarted) / 100) / 10;
    const app = createApp({ db, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
    const times: number[] = [];
    let visits = 0;
    for (let i = 0; i < calls + 2; i += 1) {
      const started = performance.now();
      const response = await app.request(`http://localhost/api/flows/experiments/${SELL_PAGE}/results`);
      const body = (await response.json()) as { variations?: { visits: number }[] };
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`results answered ${response.status}: ${JSON.stringify(body)}`);
      visits = (body.variations ?? []).reduce((sum, v) => sum + v.visits, 0);
      if (i >= 2) times.push(ms);
    }
    times.sort((a, b) => a - b);
    return {
      transitions: n,
      visits,
      loadSeconds,
      calls,
      medianMs: Math.round(percentile(times, 50) * 10) / 10,
      p95Ms: Math.round(percentile(times, 95) * 10) / 10,
    };
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith('experiment-results.ts')) {
  const figure = await measureExperimentResults({
    analyze: process.argv.includes('--analyze'),
    transitions: Number(process.env.TRANSITIONS ?? 1_000_000),
  });
  console.log(JSON.stringify(figure));
  console.log(
    `experiment results on ${figure.transitions} transitions: p95 ${figure.p95Ms} ms (budget ${EXPERIMENT_RESULTS_BUDGET_MS} ms): ${figure.p95Ms <= EXPERIMENT_RESULTS_BUDGET_MS ? 'within' : 'OUTSIDE'}`,
  );
}
