import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import type { FlowCounts } from '../api/schemas/flows';
import { CANCEL_FLOW_EXPERIMENT_GUID } from '../domain/cancel-flow-arm';
import { HOLDOUT_VARIATION } from '../../machines/pre-cancel.rules';

/** A machine's size as its live definition has it. */
export interface MachineFacts {
  states: number;
  transitions: number;
  guards: number;
  /** The ids of its final states, in definition order. */
  finals: string[];
}

export function machineFacts(machine: AnyStateMachine): MachineFacts {
  const root = toDirectedGraph(machine);
  let states = 0;
  let transitions = 0;
  let guards = 0;
  const finals: string[] = [];
  const visit = (node: DirectedGraphNode, isRoot: boolean) => {
    if (!isRoot) states += 1;
    if (node.stateNode.type === 'final') finals.push(node.id);
    for (const edge of node.edges) {
      transitions += 1;
      if (edge.transition.guard) guards += 1;
    }
    for (const child of node.children) visit(child, false);
  };
  visit(root, true);
  return { states, transitions, guards, finals };
}

/** The machines with a funnel view: the purchase and the cancellation flows. */
export const FUNNEL_MACHINES = [
  'purchaseFunnel',
  'cancellationRequest',
  'preCancel',
  'cancellationSurvey',
  'saveOffers',
  'finalOffer',
  'cancellationConfirm',
] as const;
/** Of those, the ones that end either in a cancellation or in a kept subscription. */
const SAVE_MACHINES = new Set<string>([
  'preCancel',
  'cancellationSurvey',
  'saveOffers',
  'finalOffer',
  'cancellationConfirm',
]);
export const hasFunnel = (machine: string) => (FUNNEL_MACHINES as readonly string[]).includes(machine);
export const hasSaves = (machine: string) => SAVE_MACHINES.has(machine);

/** A cancellation machine's end that goes on to cancel; every other end keeps the subscription (a save). */
const isCancelEnd = (stateId: string) => /\.(cancelling|cancelled)$/.test(stateId);

/** The holdout arm of the cancel-flow experiment, as the counts' `variation` filter names it. */
export const HOLDOUT_FILTER = `${CANCEL_FLOW_EXPERIMENT_GUID}:${HOLDOUT_VARIATION}`;

export interface FunnelStep {
  state: string;
  visits: number;
  /** Share of the visits started, 0 when none started. */
  rate: number;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const entriesOf = (counts: FlowCounts, state: string) => counts.states.find((s) => s.state === state)?.entries ?? 0;

/** Conversion from the first state (the visits started) to each end of the machine. */
export function funnelOf(counts: FlowCounts, finals: string[]): FunnelStep[] {
  return finals.map((state) => {
    const visits = entriesOf(counts, state);
    return { state, visits, rate: share(visits, counts.visits) };
  });
}

export interface ArmSaves {
  arm: 'holdout' | 'offers';
  visits: number;
  saves: number;
  rate: number;
}

/**
 * Saves (visits that end anywhere but in a cancellation) in the holdout arm of the cancel-flow
 * experiment, which is shown no offer, against every other visit (the arms shown offers).
 */
export function savesAgainstHoldout(all: FlowCounts, holdout: FlowCounts, finals: string[]): ArmSaves[] {
  const saves = (counts: FlowCounts) =>
    finals.filter((f) => !isCancelEnd(f)).reduce((sum, f) => sum + entriesOf(counts, f), 0);
  const offersVisits = all.visits - holdout.visits;
  const offersSaves = saves(all) - saves(holdout);
  return [
    { arm: 'offers', visits: offersVisits, saves: offersSaves, rate: share(offersSaves, offersVisits) },
    { arm: 'holdout', visits: holdout.visits, saves: saves(holdout), rate: share(saves(holdout), holdout.visits) },
  ];
}

/** One CSV file: a header row, then the rows; fields quoted where they must be. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

export const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
