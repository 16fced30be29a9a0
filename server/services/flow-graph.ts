import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { machines } from '../../machines';
import { edgesOf, INIT_EVENT, initialLeafId, type FlowEdge, type TransitionLike } from '../../machines/flow-edges';

export interface MachineFlowGraph {
  /** Every state node id but the root's. */
  states: string[];
  /** The start edge first, then every transition's edges. */
  edges: FlowEdge[];
  /** Transitions (not edges) that carry a guard. */
  guardedTransitions: number;
}

/** A machine's states and edges, from its live definition. */
export function machineFlowGraph(machine: AnyStateMachine): MachineFlowGraph {
  const states: string[] = [];
  const edges: FlowEdge[] = [{ from: null, event: INIT_EVENT, to: initialLeafId(machine) }];
  const seen = new Set<string>();
  let guardedTransitions = 0;
  const add = (transition: TransitionLike) => {
    if (transition.guard !== undefined) guardedTransitions += 1;
    for (const edge of edgesOf(transition)) {
      const key = edgeKey(edge.from, edge.event, edge.to);
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push(edge);
    }
  };
  const visit = (graph: DirectedGraphNode, isRoot: boolean) => {
    const node = graph.stateNode as unknown as StateNodeLike;
    if (!isRoot) states.push(node.id);
    const counted = new Set<unknown>();
    for (const edge of graph.edges) {
      // One transition with several targets is several edges but one guard.
      if (!counted.has(edge.transition)) {
        counted.add(edge.transition);
        if (edge.transition.guard !== undefined) guardedTransitions += 1;
      }
      const key = edgeKey(edge.source.id, edge.transition.eventType, edge.target.id);
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ from: edge.source.id, event: edge.transition.eventType, to: edge.target.id });
    }
    for (const transition of node.always ?? []) add(transition);
    for (const child of graph.children) visit(child, false);
  };
  visit(toDirectedGraph(machine), true);
  return { states, edges, guardedTransitions };
}

interface StateNodeLike {
  id: string;
  always?: readonly TransitionLike[] | undefined;
}

export const edgeKey = (from: string | null, event: string, to: string) => `${from ?? ''}\u0000${event}\u0000${to}`;

export interface KnownMachine extends MachineFlowGraph {
  name: string;
  /** Every state node id, the root's too (a transition declared on the machine itself starts there). */
  stateSet: Set<string>;
  edgeSet: Set<string>;
}

let known: Map<string, KnownMachine> | undefined;

/** The registry's machines with their graphs, computed once per process. */
export function knownMachines(): Map<string, KnownMachine> {
  known ??= new Map(
    Object.entries(machines).map(([name, machine]) => {
      const graph = machineFlowGraph(machine);
      return [
        name,
        {
          name,
          ...graph,
          stateSet: new Set([machine.id, ...graph.states]),
          edgeSet: new Set(graph.edges.map((e) => edgeKey(e.from, e.event, e.to))),
        },
      ];
    }),
  );
  return known;
}
