import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/errors';
import { edgeCounts, segmentsSeen, stateCounts, visitsPerMachine, type SegmentFilter } from '../repositories/flows';
import type { FlowCounts, FlowCountsQuery, FlowMachineList, FlowSegmentValues } from '../../src/api/schemas/flows';
import { edgeKey, knownMachines } from './flow-graph';

/** The range a read covers when it names none: the last 30 days up to today (UTC). */
export const FLOW_DEFAULT_DAYS = 30;
/** The longest range one read may ask for. */
export const FLOW_MAX_RANGE_DAYS = 400;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** A real calendar day (z.iso.date lets 2026-02-31 through). */
const isRealDay = (day: string) =>
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && isoDay(Date.parse(`${day}T00:00:00Z`)) === day;

export function flowRange(query: Pick<FlowCountsQuery, 'from' | 'to'>, now = Date.now()): { from: string; to: string } {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - (FLOW_DEFAULT_DAYS - 1) * DAY_MS);
  const fields: Record<string, string> = {};
  if (!isRealDay(from)) fields.from = 'not a calendar day';
  if (!isRealDay(to)) fields.to = 'not a calendar day';
  if (Object.keys(fields).length === 0) {
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (span < 0) fields.from = 'after `to`';
    else if (span >= FLOW_MAX_RANGE_DAYS) fields.from = `the range is longer than ${FLOW_MAX_RANGE_DAYS} days`;
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'VALIDATION_FAILED', 'The date range is wrong.', fields);
  return { from, to };
}

function segmentFilter(query: FlowCountsQuery): SegmentFilter {
  let variation: SegmentFilter['variation'];
  if (query.variation) {
    const [experiment, index] = query.variation.split(':');
    variation = { experiment: experiment!, variation: Number(index) };
  }
  return { country: query.country, device: query.device, userType: query.userType, variation };
}

/** Every machine of the registry, its size, and its visits in the range. */
export async function listFlowMachines(
  db: Queryable,
  query: Pick<FlowCountsQuery, 'from' | 'to'>,
): Promise<FlowMachineList> {
  const range = flowRange(query);
  const visits = await visitsPerMachine(db, range.from, range.to);
  const machines = [...knownMachines().values()].map((m) => ({
    name: m.name,
    states: m.states.length,
    // The start edge is the explorer's, not a transition of the machine.
    transitions: m.edges.length - 1,
    guards: m.guardedTransitions,
    visits: visits.get(m.name) ?? 0,
  }));
  return { ...range, machines };
}

/**
 * The counts of one machine from the rollups: every edge and state of its live definition (zero
 * where nothing was recorded), and any recorded one the definition has since lost.
 */
export async function flowCountsOf(db: Queryable, name: string, query: FlowCountsQuery): Promise<FlowCounts> {
  const machine = knownMachines().get(name);
  if (!machine) throw notFound('The machine');
  const range = flowRange(query);
  const filter = segmentFilter(query);
  const [edgeRows, stateRows] = await Promise.all([
    edgeCounts(db, name, range.from, range.to, filter),
    stateCounts(db, name, range.from, range.to, filter),
  ]);

  const edges = new Map(
    machine.edges.map((e) => [edgeKey(e.from, e.event, e.to), { from: e.from, event: e.event, to: e.to, count: 0 }]),
  );
  let visits = 0;
  for (const row of edgeRows) {
    const from = row.from_state === '' ? null : row.from_state;
    const key = edgeKey(from, row.event, row.to_state);
    const edge = edges.get(key) ?? { from, event: row.event, to: row.to_state, count: 0 };
    edge.count += Number(row.transitions);
    edges.set(key, edge);
    if (from === null) visits += Number(row.transitions);
  }
  const states = new Map(machine.states.map((s) => [s, { state: s, entries: 0, dropOff: 0 }]));
  for (const row of stateRows) {
    const state = states.get(row.state) ?? { state: row.state, entries: 0, dropOff: 0 };
    state.entries += Number(row.entries);
    state.dropOff += Number(row.drop_off);
    states.set(row.state, state);
  }
  return { machine: name, ...range, visits, edges: [...edges.values()], states: [...states.values()] };
}

export async function flowSegmentsSeen(
  db: Queryable,
  query: Pick<FlowCountsQuery, 'from' | 'to'>,
): Promise<FlowSegmentValues> {
  const range = flowRange(query);
  const rows = await segmentsSeen(db, range.from, range.to);
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
  const variations = new Map<string, { experiment: string; variation: number }>();
  for (const row of rows)
    for (const [experiment, variation] of Object.entries(row.variations))
      variations.set(`${experiment}:${variation}`, { experiment, variation });
  return {
    countries: sorted(rows.map((r) => r.country)),
    devices: sorted(rows.map((r) => r.device)),
    userTypes: sorted(rows.map((r) => r.user_type)),
    variations: [...variations.values()].sort((a, b) =>
      a.experiment === b.experiment ? a.variation - b.variation : a.experiment < b.experiment ? -1 : 1,
    ),
  };
}
