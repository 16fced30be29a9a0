import type { Database } from '../db/database';
import { ApiError } from '../http/errors';
import {
  addEdgeCounts,
  addStateCounts,
  insertTransitions,
  insertVisits,
  lockVisits,
  moveVisitStarts,
  segmentIds,
  updateVisits,
  type EdgeDelta,
  type SegmentRow,
  type StateDelta,
  type TransitionRow,
  type VisitRow,
} from '../repositories/flows';
import { INIT_EVENT } from '../../machines/flow-edges';
import type { FlowSegment, FlowTransition } from '../../src/api/schemas/flows';
import { edgeKey, knownMachines } from './flow-graph';

/** How old a transition may be when it arrives, and how far ahead of the server's clock. */
export const FLOW_ACCEPT_PAST_DAYS = 35;
export const FLOW_ACCEPT_FUTURE_MS = 5 * 60_000;

const DAY_MS = 86_400_000;

/** A segment's one spelling: equal segments share one row. */
export function segmentRow(segment: FlowSegment): SegmentRow {
  const variations = Object.fromEntries(
    Object.entries(segment.variations)
      .map(([guid, variation]) => [guid.toLowerCase(), variation] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const key = [
    segment.country,
    segment.device,
    segment.userType,
    ...Object.entries(variations).map(([g, v]) => `${g}:${v}`),
  ].join('|');
  return {
    segment_key: key,
    country: segment.country,
    device: segment.device,
    user_type: segment.userType,
    variations,
  };
}

/**
 * Refuses the whole batch when one transition is not something the app could have sent: a
 * machine that is not in the registry, a state or an edge its live definition does not have,
 * a start that is not the start, or a time outside the accepted window.
 */
export function checkTransitions(transitions: FlowTransition[], now = Date.now()): void {
  const fields: Record<string, string> = {};
  const machines = knownMachines();
  transitions.forEach((t, i) => {
    const at = `transitions.${i}`;
    const machine = machines.get(t.machine);
    if (!machine) {
      fields[`${at}.machine`] = 'no such machine';
      return;
    }
    const time = Date.parse(t.at);
    if (!Number.isFinite(time) || time < now - FLOW_ACCEPT_PAST_DAYS * DAY_MS || time > now + FLOW_ACCEPT_FUTURE_MS)
      fields[`${at}.at`] = 'outside the accepted window';
    if (t.from !== null && !machine.stateSet.has(t.from)) fields[`${at}.from`] = 'no such state in this machine';
    if (!machine.stateSet.has(t.to)) fields[`${at}.to`] = 'no such state in this machine';
    else if (!machine.edgeSet.has(edgeKey(t.from, t.event, t.to)))
      fields[`${at}.event`] = 'this machine has no such transition';
    if ((t.from === null) !== (t.seq === 0) || (t.from === null && t.event !== INIT_EVENT))
      fields[`${at}.seq`] = 'only step 0 is the start of a visit';
  });
  if (Object.keys(fields).length > 0)
    throw new ApiError(400, 'VALIDATION_FAILED', 'Some transitions are not ones this app records.', fields);
}

const dayOf = (at: string) => new Date(Date.parse(at)).toISOString().slice(0, 10);
const visitKey = (machine: string, flowId: string) => `${machine}/${flowId.toLowerCase()}`;

/**
 * Stores the new transitions and, in the same transaction, adds them to the per-day rollups and
 * moves each visit's last state (the state of its highest step), so the counts never need the raw
 * rows. A transition whose id is already stored, sent again or at the same time, changes nothing.
 */
export async function recordTransitions(
  db: Database,
  transitions: FlowTransition[],
): Promise<{ recorded: number; duplicates: number }> {
  checkTransitions(transitions);
  // The same id twice in one batch is one transition.
  const unique = [...new Map(transitions.map((t) => [t.id.toLowerCase(), t])).values()];
  return db.transaction(async (tx) => {
    const segments = new Map(unique.map((t) => [t.id, segmentRow(t.segment)]));
    const ids = await segmentIds(tx, [...segments.values()]);
    const rows: TransitionRow[] = unique.map((t) => ({
      transition_id: t.id.toLowerCase(),
      machine: t.machine,
      flow_id: t.flowId.toLowerCase(),
      seq: t.seq,
      from_state: t.from,
      event: t.event,
      to_state: t.to,
      at: t.at,
      segment_id: ids.get(segments.get(t.id)!.segment_key)!,
    }));
    const inserted = await insertTransitions(tx, rows);
    const fresh = rows.filter((r) => inserted.has(r.transition_id));

    const edges = new Map<string, EdgeDelta>();
    const states = new Map<string, StateDelta>();
    const stateDelta = (
      machine: string,
      day: string,
      segmentId: number,
      state: string,
      entries: number,
      dropOff: number,
    ) => {
      const key = `${machine}\u0000${day}\u0000${segmentId}\u0000${state}`;
      const delta = states.get(key) ?? { machine, day, segment_id: segmentId, state, entries: 0, drop_off: 0 };
      delta.entries += entries;
      delta.drop_off += dropOff;
      states.set(key, delta);
    };
    const lastOfVisit = new Map<string, VisitRow>();
    for (const r of fresh) {
      const day = dayOf(r.at);
      const key = `${r.machine}\u0000${day}\u0000${r.segment_id}\u0000${r.from_state ?? ''}\u0000${r.event}\u0000${r.to_state}`;
      const edge = edges.get(key) ?? {
        machine: r.machine,
        day,
        segment_id: r.segment_id,
        from_state: r.from_state ?? '',
        event: r.event,
        to_state: r.to_state,
        transitions: 0,
      };
      edge.transitions += 1;
      edges.set(key, edge);
      stateDelta(r.machine, day, r.segment_id, r.to_state, 1, 0);
      const visit = visitKey(r.machine, r.flow_id);
      const last = lastOfVisit.get(visit);
      const firstDay = last && last.first_day < day ? last.first_day : day;
      if (!last || r.seq > last.last_seq)
        lastOfVisit.set(visit, {
          machine: r.machine,
          flow_id: r.flow_id,
          last_seq: r.seq,
          last_state: r.to_state,
          last_day: day,
          segment_id: r.segment_id,
          first_day: firstDay,
        });
      else last.first_day = firstDay;
    }

    const candidates = [...lastOfVisit.values()];
    const created = await insertVisits(tx, candidates);
    for (const c of candidates)
      if (created.has(visitKey(c.machine, c.flow_id)))
        stateDelta(c.machine, c.last_day, c.segment_id, c.last_state, 0, 1);
    const existing = candidates.filter((c) => !created.has(visitKey(c.machine, c.flow_id)));
    const stored = new Map((await lockVisits(tx, existing)).map((v) => [visitKey(v.machine, v.flow_id), v]));
    const moved: VisitRow[] = [];
    for (const c of existing) {
      const before = stored.get(visitKey(c.machine, c.flow_id));
      if (!before || c.last_seq <= before.last_seq) continue;
      stateDelta(before.machine, before.last_day, before.segment_id, before.last_state, 0, -1);
      stateDelta(c.machine, c.last_day, c.segment_id, c.last_state, 0, 1);
      moved.push(c);
    }
    await updateVisits(tx, moved);
    await moveVisitStarts(tx, existing);
    await addEdgeCounts(tx, [...edges.values()]);
    await addStateCounts(tx, [...states.values()]);
    return { recorded: fresh.length, duplicates: transitions.length - fresh.length };
  });
}
