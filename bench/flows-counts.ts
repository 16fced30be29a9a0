/**
 * The flow explorer's read budget: with 1,000,000 recorded transitions on PGlite, the counts of
 * one machine (GET /api/flows/machines/purchaseFunnel/counts, the last 30 days) answer within
 * 200 ms at the 95th percentile.
 *
 * The transitions are realistic: the synthetic traffic (scripts/traffic.ts) records a pool of
 * visits of the real machines, which is copied into 1,000,000 raw rows spread over 30 days with
 * fresh ids. The rollups, the visits' last states and the drop-off are then built from the raw
 * rows by the same grouping the recording service applies one batch at a time (per segment, and
 * the totals over every segment that the unfiltered view reads).
 *
 *   npx tsx bench/flows-counts.ts        (also a target of `npm run bench`)
 */
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import type { FlowTransition } from '../src/api/schemas/flows';
import { runTraffic } from '../scripts/traffic';
import { segmentIds } from '../server/repositories/flows';
import { segmentRow } from '../server/services/flow-recording';

import { BUDGETS } from './budgets';

export interface FlowCountsFigure {
  transitions: number;
  loadSeconds: number;
  calls: number;
  medianMs: number;
  p95Ms: number;
  edges: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measureFlowCounts(
  options: { transitions?: number; calls?: number; machine?: string } = {},
): Promise<FlowCountsFigure> {
  const target = options.transitions ?? 1_000_000;
  const calls = Math.max(50, options.calls ?? 60);
  const machine = options.machine ?? 'purchaseFunnel';
  const loadStarted = performance.now();
  const db = await openDatabase({});
  try {
    // A pool of realistic visits, recorded by the app's recorder over the real machines.
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
    // Bulk load: the visit index is built once, after the rows are in.
    await db.query('drop index flow_transitions_by_visit');
    // Copies of the pool, each on its own day of the last 30 and with its own visit and transition ids.
    const copies = Math.ceil(target / pool.length);
    await db.query(
      `insert into flow_transitions (transition_id, machine, flow_id, seq, from_state, event, to_state, at, segment_id)
       select gen_random_uuid(), machine, md5(flow_id::text || ':' || c)::uuid, seq, from_state, event, to_state, at - make_interval(days => c % 30), segment_id
         from generate_series(0, $1::int - 1) c cross join flow_pool
        limit $2`,
      [copies, target],
    );
    // The rollups, as the service keeps them: transitions per day, segment and edge; entries per
    // state; each visit's last state (its highest step), whose drop-off counts on that step's day.
    await db.query(
      `insert into flow_edge_days (machine, day, segment_id, from_state, event, to_state, transitions)
       select machine, (at at time zone 'UTC')::date, segment_id, coalesce(from_state, ''), event, to_state, count(*)
         from flow_transitions group by 1, 2, 3, 4, 5, 6`,
    );
    await db.query(
      `insert into flow_visits (machine, flow_id, last_seq, last_state, last_day, segment_id, first_day)
       select machine, flow_id, max(seq), (array_agg(to_state order by seq desc))[1], ((array_agg(at order by seq desc))[1] at time zone 'UTC')::date,
              (array_agg(segment_id order by seq desc))[1], (min(at) at time zone 'UTC')::date
         from flow_transitions group by machine, flow_id`,
    );
    await db.query(
      `insert into flow_state_days (machine, day, segment_id, state, entries, drop_off)
       select coalesce(e.machine, d.machine), coalesce(e.day, d.day), coalesce(e.segment_id, d.segment_id), coalesce(e.state, d.state), coalesce(e.entries, 0), coalesce(d.drop_off, 0)
         from (select machine, (at at time zone 'UTC')::date as day, segment_id, to_state as state, count(*) as entries from flow_transitions group by 1, 2, 3, 4) e
         full join (select machine, last_day as day, segment_id, last_state as state, count(*) as drop_off from flow_visits group by 1, 2, 3, 4) d
           on d.machine = e.machine and d.day = e.day and d.segment_id = e.segment_id and d.state = e.state`,
    );
    await db.query(
      `insert into flow_edge_totals (machine, day, from_state, event, to_state, transitions)
       select machine, day, from_state, event, to_state, sum(transitions) from flow_edge_days group by 1, 2, 3, 4, 5`,
    );
    await db.query(
      `insert into flow_state_totals (machine, day, state, entries, drop_off)
       select machine, day, state, sum(entries), sum(drop_off) from flow_state_days group by 1, 2, 3`,
    );
    await db.query('create index flow_transitions_by_visit on flow_transitions (machine, flow_id, seq)');
    await db.query('analyze');
    const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from flow_transitions')) as [
      { n: number },
    ];
    const loadSeconds = Math.round((performance.now() - loadStarted) / 100) / 10;

    const app = createApp({ db, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
    const times: number[] = [];
    let edges = 0;
    // Two warm-up calls, then the measured ones.
    for (let i = 0; i < calls + 2; i += 1) {
      const started = performance.now();
      const response = await app.request(`http://localhost/api/flows/machines/${machine}/counts`);
      const body = (await response.json()) as { edges?: unknown[] };
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`counts answered ${response.status}`);
      edges = body.edges?.length ?? 0;
      if (i >= 2) times.push(ms);
    }
    times.sort((a, b) => a - b);
    return {
      transitions: n,
      loadSeconds,
      calls,
      medianMs: Math.round(percentile(times, 50) * 10) / 10,
      p95Ms: Math.round(percentile(times, 95) * 10) / 10,
      edges,
    };
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith('flows-counts.ts')) {
  const figure = await measureFlowCounts();
  console.log(JSON.stringify(figure));
  console.log(
    `flow counts of one machine on ${figure.transitions} transitions: p95 ${figure.p95Ms} ms (budget ${BUDGETS.flowCountsP95Ms.text}): ${BUDGETS.flowCountsP95Ms.within(figure.p95Ms) ? 'within' : 'OUTSIDE'}`,
  );
}
