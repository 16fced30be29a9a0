import type { Queryable } from '../db/database';

/**
 * The flow explorer's tables (migration 013). Multi-row writes pass their rows as one JSON
 * array, read back with jsonb_to_recordset, so a batch is a handful of statements whatever its
 * size, on PGlite and PostgreSQL alike.
 */

export interface SegmentRow {
  segment_key: string;
  country: string;
  device: string;
  user_type: string;
  variations: Record<string, number>;
}

export interface TransitionRow {
  transition_id: string;
  machine: string;
  flow_id: string;
  seq: number;
  from_state: string | null;
  event: string;
  to_state: string;
  at: string;
  segment_id: number;
}

export interface VisitRow {
  machine: string;
  flow_id: string;
  last_seq: number;
  last_state: string;
  last_day: string;
  segment_id: number;
  /** The day of its earliest step seen (its start's): the experiment results count visits by it. */
  first_day: string;
}

export interface EdgeDelta {
  machine: string;
  day: string;
  segment_id: number;
  from_state: string;
  event: string;
  to_state: string;
  transitions: number;
}

export interface StateDelta {
  machine: string;
  day: string;
  segment_id: number;
  state: string;
  entries: number;
  drop_off: number;
}

/** The ids of these segments, stored first where new. */
export async function segmentIds(db: Queryable, segments: SegmentRow[]): Promise<Map<string, number>> {
  const unique = [...new Map(segments.map((s) => [s.segment_key, s])).values()].sort((a, b) =>
    a.segment_key < b.segment_key ? -1 : 1,
  );
  await db.query(
    `insert into flow_segments (segment_key, country, device, user_type, variations)
     select segment_key, country, device, user_type, variations
       from jsonb_to_recordset($1::jsonb) as s(segment_key text, country text, device text, user_type text, variations jsonb)
     on conflict (segment_key) do nothing`,
    [JSON.stringify(unique)],
  );
  const rows = await db.query<{ segment_id: string; segment_key: string }>(
    'select segment_id, segment_key from flow_segments where segment_key = any($1::text[])',
    [unique.map((s) => s.segment_key)],
  );
  return new Map(rows.map((r) => [r.segment_key, Number(r.segment_id)]));
}

/** Stores the transitions whose id is new; answers those ids (a repeat, even a concurrent one, is left out). */
export async function insertTransitions(db: Queryable, rows: TransitionRow[]): Promise<Set<string>> {
  const inserted = await db.query<{ transition_id: string }>(
    `insert into flow_transitions (transition_id, machine, flow_id, seq, from_state, event, to_state, at, segment_id)
     select transition_id, machine, flow_id, seq, from_state, event, to_state, at, segment_id
       from jsonb_to_recordset($1::jsonb)
         as t(transition_id uuid, machine text, flow_id uuid, seq integer, from_state text, event text, to_state text, at timestamptz, segment_id bigint)
     on conflict (transition_id) do nothing
     returning transition_id`,
    [JSON.stringify(rows)],
  );
  return new Set(inserted.map((r) => r.transition_id));
}

/** The visits' rows, locked until the transaction ends (ordered, so two writers cannot deadlock). */
export async function lockVisits(
  db: Queryable,
  visits: { machine: string; flow_id: string }[],
): Promise<Omit<VisitRow, 'first_day'>[]> {
  if (visits.length === 0) return [];
  const rows = await db.query<Omit<VisitRow, 'first_day'> & { last_day: string | Date; segment_id: string }>(
    `select v.machine, v.flow_id::text as flow_id, v.last_seq, v.last_state, to_char(v.last_day, 'YYYY-MM-DD') as last_day, v.segment_id
       from flow_visits v
       join jsonb_to_recordset($1::jsonb) as k(machine text, flow_id uuid) on k.machine = v.machine and k.flow_id = v.flow_id
      order by v.machine, v.flow_id
        for update of v`,
    [JSON.stringify(visits)],
  );
  return rows.map((r) => ({ ...r, last_day: String(r.last_day), segment_id: Number(r.segment_id) }));
}

/**
 * Inserts the visits not stored yet; answers the keys of those it inserted. A visit another
 * writer inserted meanwhile is not overwritten: the caller reads and updates it under its lock.
 */
export async function insertVisits(db: Queryable, visits: VisitRow[]): Promise<Set<string>> {
  if (visits.length === 0) return new Set();
  const rows = await db.query<{ machine: string; flow_id: string }>(
    `insert into flow_visits (machine, flow_id, last_seq, last_state, last_day, segment_id, first_day)
     select machine, flow_id, last_seq, last_state, last_day, segment_id, first_day
       from jsonb_to_recordset($1::jsonb) as v(machine text, flow_id uuid, last_seq integer, last_state text, last_day date, segment_id bigint, first_day date)
      order by machine, flow_id
     on conflict (machine, flow_id) do nothing
     returning machine, flow_id::text as flow_id`,
    [JSON.stringify(visits)],
  );
  return new Set(rows.map((r) => `${r.machine}/${r.flow_id}`));
}

export async function updateVisits(db: Queryable, visits: VisitRow[]): Promise<void> {
  if (visits.length === 0) return;
  await db.query(
    `update flow_visits v set last_seq = u.last_seq, last_state = u.last_state, last_day = u.last_day, segment_id = u.segment_id
       from jsonb_to_recordset($1::jsonb) as u(machine text, flow_id uuid, last_seq integer, last_state text, last_day date, segment_id bigint)
      where v.machine = u.machine and v.flow_id = u.flow_id`,
    [JSON.stringify(visits)],
  );
}

/** A visit's steps may arrive out of order: an earlier one moves its first day back (the rows are locked). */
export async function moveVisitStarts(
  db: Queryable,
  visits: { machine: string; flow_id: string; first_day: string }[],
): Promise<void> {
  if (visits.length === 0) return;
  await db.query(
    `update flow_visits v set first_day = u.first_day
       from jsonb_to_recordset($1::jsonb) as u(machine text, flow_id uuid, first_day date)
      where v.machine = u.machine and v.flow_id = u.flow_id and u.first_day < v.first_day`,
    [JSON.stringify(visits)],
  );
}

/** Adds to the per-day edge counts (rows in key order, so concurrent writers lock alike). */
export async function addEdgeCounts(db: Queryable, deltas: EdgeDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db.query(
    `insert into flow_edge_days (machine, day, segment_id, from_state, event, to_state, transitions)
     select machine, day, segment_id, from_state, event, to_state, transitions
       from jsonb_to_recordset($1::jsonb) as d(machine text, day date, segment_id bigint, from_state text, event text, to_state text, transitions bigint)
      order by machine, day, segment_id, from_state, event, to_state
     on conflict (machine, day, segment_id, from_state, event, to_state) do update set transitions = flow_edge_days.transitions + excluded.transitions`,
    [JSON.stringify(deltas)],
  );
  await db.query(
    `insert into flow_edge_totals (machine, day, from_state, event, to_state, transitions)
     select machine, day, from_state, event, to_state, sum(transitions)
       from jsonb_to_recordset($1::jsonb) as d(machine text, day date, from_state text, event text, to_state text, transitions bigint)
      group by machine, day, from_state, event, to_state
      order by machine, day, from_state, event, to_state
     on conflict (machine, day, from_state, event, to_state) do update set transitions = flow_edge_totals.transitions + excluded.transitions`,
    [JSON.stringify(deltas)],
  );
}

export async function addStateCounts(db: Queryable, deltas: StateDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db.query(
    `insert into flow_state_days (machine, day, segment_id, state, entries, drop_off)
     select machine, day, segment_id, state, entries, drop_off
       from jsonb_to_recordset($1::jsonb) as d(machine text, day date, segment_id bigint, state text, entries bigint, drop_off bigint)
      order by machine, day, segment_id, state
     on conflict (machine, day, segment_id, state) do update
       set entries = flow_state_days.entries + excluded.entries, drop_off = flow_state_days.drop_off + excluded.drop_off`,
    [JSON.stringify(deltas)],
  );
  await db.query(
    `insert into flow_state_totals (machine, day, state, entries, drop_off)
     select machine, day, state, sum(entries), sum(drop_off)
       from jsonb_to_recordset($1::jsonb) as d(machine text, day date, state text, entries bigint, drop_off bigint)
      group by machine, day, state
      order by machine, day, state
     on conflict (machine, day, state) do update
       set entries = flow_state_totals.entries + excluded.entries, drop_off = flow_state_totals.drop_off + excluded.drop_off`,
    [JSON.stringify(deltas)],
  );
}

export interface SegmentFilter {
  country?: string | undefined;
  device?: string | undefined;
  userType?: string | undefined;
  variation?: { experiment: string; variation: number } | undefined;
}

/** A SQL condition on `segment_id` for the filter, with its parameters numbered from `first`. */
function segmentCondition(filter: SegmentFilter, first: number): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(condition(first + params.length - 1));
  };
  if (filter.country) add((n) => `country = $${n}`, filter.country);
  if (filter.device) add((n) => `device = $${n}`, filter.device);
  if (filter.userType) add((n) => `user_type = $${n}`, filter.userType);
  if (filter.variation)
    add(
      (n) => `variations @> $${n}::jsonb`,
      JSON.stringify({ [filter.variation.experiment]: filter.variation.variation }),
    );
  if (where.length === 0) return { sql: '', params: [] };
  return { sql: ` and segment_id in (select segment_id from flow_segments where ${where.join(' and ')})`, params };
}

/** Without a filter the totals are read: a few rows per day, however many segments there are. */
export async function edgeCounts(db: Queryable, machine: string, from: string, to: string, filter: SegmentFilter) {
  const segment = segmentCondition(filter, 4);
  return db.query<{ from_state: string; event: string; to_state: string; transitions: string }>(
    `select from_state, event, to_state, sum(transitions)::text as transitions
       from ${segment.sql ? 'flow_edge_days' : 'flow_edge_totals'}
      where machine = $1 and day between $2::date and $3::date${segment.sql}
      group by from_state, event, to_state`,
    [machine, from, to, ...segment.params],
  );
}

export async function stateCounts(db: Queryable, machine: string, from: string, to: string, filter: SegmentFilter) {
  const segment = segmentCondition(filter, 4);
  return db.query<{ state: string; entries: string; drop_off: string }>(
    `select state, sum(entries)::text as entries, sum(drop_off)::text as drop_off
       from ${segment.sql ? 'flow_state_days' : 'flow_state_totals'}
      where machine = $1 and day between $2::date and $3::date${segment.sql}
      group by state`,
    [machine, from, to, ...segment.params],
  );
}

/** Visits started in the range, per machine: the start edges' counts. */
export async function visitsPerMachine(db: Queryable, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db.query<{ machine: string; visits: string }>(
    `select machine, sum(transitions)::text as visits from flow_edge_totals where from_state = '' and day between $1::date and $2::date group by machine`,
    [from, to],
  );
  return new Map(rows.map((r) => [r.machine, Number(r.visits)]));
}

export async function segmentsSeen(db: Queryable, from: string, to: string) {
  return db.query<{ country: string; device: string; user_type: string; variations: Record<string, number> }>(
    `select country, device, user_type, variations from flow_segments
      where segment_id in (select distinct segment_id from flow_state_days where day between $1::date and $2::date)`,
    [from, to],
  );
}
