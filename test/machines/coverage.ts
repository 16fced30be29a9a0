import type { AnyStateMachine, EventObject, AnyMachineSnapshot } from 'xstate';
import { TestModel, getStateNodes } from 'xstate/graph';

/** How a machine is driven in generated paths: the inputs to start from and the events to try. */
export interface PathModel {
  inputs: unknown[];
  /** Events worth trying in a snapshot; the traversal keeps those that change something. */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Which snapshots count as the same; needed when context would make the space endless. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

export interface CoverageReport {
  machine: string;
  paths: number;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

type AnyTransition = {
  source: { id: string };
  eventType: string;
  guard?: unknown;
  target?: readonly { id: string }[] | undefined;
};

const transitionKey = (t: AnyTransition, index: number) =>
  `${t.source.id} --${t.eventType}${index > 0 || t.guard ? `[${index}]` : ''}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`;

/** Every transition the machine defines (its root's `on` included), keyed by source, event and position among its siblings. */
export function allTransitions(machine: AnyStateMachine): Map<AnyTransition, string> {
  const keys = new Map<AnyTransition, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const [, list] of node.transitions) {
      (list as AnyTransition[]).forEach((t, i) => keys.set(t, transitionKey(t, i)));
    }
  }
  return keys;
}

/**
 * Generates a transition-covering path set: the shortest path to every reachable state, and
 * for every (state, event) edge of the traversal the shortest path to its source plus that
 * step. Reports which states and transitions those paths reach.
 */
export function coverageOf(name: string, machine: AnyStateMachine, model: PathModel): CoverageReport {
  const stateIds = new Set(getStateNodes(machine.root).map((n) => n.id));
  const transitionKeys = allTransitions(machine);
  const coveredStates = new Set<string>();
  const coveredTransitions = new Set<string>();
  let pathCount = 0;

  for (const input of model.inputs) {
    const testModel = new TestModel(machine, {
      events: (snapshot: AnyMachineSnapshot) => model.events(snapshot),
      input,
      ...(model.serializeState
        ? { serializeState: (snapshot: AnyMachineSnapshot) => model.serializeState!(snapshot) }
        : {}),
    } as never);
    const paths = testModel.getShortestPaths();
    const adjacency = testModel.getAdjacencyMap();
    pathCount += paths.length;
    for (const path of paths) markStates(path.state as AnyMachineSnapshot, coveredStates);
    for (const { state, transitions } of Object.values(adjacency)) {
      const snapshot = state as AnyMachineSnapshot;
      markStates(snapshot, coveredStates);
      for (const { event, state: next } of Object.values(
        transitions as Record<string, { event: EventObject; state: unknown }>,
      )) {
        pathCount += 1;
        markStates(next as AnyMachineSnapshot, coveredStates);
        for (const t of machine.getTransitionData(snapshot as never, event as never) as AnyTransition[]) {
          const key = transitionKeys.get(t);
          if (key) coveredTransitions.add(key);
        }
      }
    }
  }

  const missingStates = [...stateIds].filter((id) => !coveredStates.has(id));
  const allKeys = [...transitionKeys.values()];
  const missingTransitions = allKeys.filter((k) => !coveredTransitions.has(k));
  return {
    machine: name,
    paths: pathCount,
    states: { covered: stateIds.size - missingStates.length, total: stateIds.size, missing: missingStates },
    transitions: {
      covered: allKeys.length - missingTransitions.length,
      total: allKeys.length,
      missing: missingTransitions,
    },
  };
}

function markStates(snapshot: AnyMachineSnapshot, into: Set<string>) {
  for (const node of snapshot._nodes) into.add(node.id);
}

/** One reachable snapshot of a model's graph with the moves out of it. */
export interface GraphNode {
  state: AnyMachineSnapshot;
  transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }>;
}

/** Every snapshot the model reaches from each of its inputs, with the moves out of it: one graph per input. */
export function graphsOf(machine: AnyStateMachine, model: PathModel): GraphNode[][] {
  return model.inputs.map((input) => {
    const testModel = new TestModel(machine, {
      events: model.events,
      input,
      serializeState: model.serializeState,
    } as never);
    return Object.values(testModel.getAdjacencyMap()) as GraphNode[];
  });
}

/**
 * The active snapshots of a graph from which no path leads to a snapshot that is `goal`, keyed
 * by `key`: found by walking backwards from the goal until nothing more is found.
 */
export function statesThatCannotReach(
  graph: GraphNode[],
  goal: (state: AnyMachineSnapshot) => boolean,
  key: (state: AnyMachineSnapshot) => string,
): AnyMachineSnapshot[] {
  const reaches = new Set(graph.filter(({ state }) => goal(state)).map(({ state }) => key(state)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const { state, transitions } of graph) {
      if (reaches.has(key(state))) continue;
      if (Object.values(transitions).some((t) => reaches.has(key(t.state)))) {
        reaches.add(key(state));
        grew = true;
      }
    }
  }
  return graph.filter(({ state }) => state.status === 'active' && !reaches.has(key(state))).map(({ state }) => state);
}
