import type { AnyStateMachine } from 'xstate';

/**
 * How a machine's transitions are named in the flow explorer, shared by the app's recorder, the
 * server that checks what it receives, and the synthetic traffic: an edge is (source node id,
 * event descriptor, target node id), as `toDirectedGraph` draws it. A targetless transition goes
 * back to its source; an eventless (`always`) one, which the graph leaves out, is named
 * `xstate.always`; a visit starts with `(null, 'xstate.init', <deepest initial state>)`.
 */

export const INIT_EVENT = 'xstate.init';
export const ALWAYS_EVENT = 'xstate.always';

export interface FlowEdge {
  from: string | null;
  event: string;
  to: string;
}

interface StateNodeLike {
  id: string;
  type: string;
  initial?: { target: readonly StateNodeLike[] } | undefined;
  states?: Record<string, StateNodeLike>;
  always?: readonly TransitionLike[] | undefined;
}

export interface TransitionLike {
  eventType: string;
  source: { id: string };
  target?: readonly { id: string }[] | undefined;
  guard?: unknown;
}

/** The state a machine rests in first: its initial child, and that one's, down to a leaf. */
export function initialLeafId(machine: Pick<AnyStateMachine, 'root'>): string {
  let node = machine.root as unknown as StateNodeLike;
  for (;;) {
    const next = node.type === 'parallel' ? Object.values(node.states ?? {})[0] : node.initial?.target[0];
    if (!next) return node.id;
    node = next;
  }
}

/** The edges one transition definition stands for. */
export function edgesOf(transition: TransitionLike): { from: string; event: string; to: string }[] {
  const event = transition.eventType === '' ? ALWAYS_EVENT : transition.eventType;
  const targets = transition.target?.length ? transition.target : [transition.source];
  return targets.map((target) => ({ from: transition.source.id, event, to: target.id }));
}
