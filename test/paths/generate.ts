/**
 * Generated paths through a machine, from its path model (test/machines/models): the shortest
 * path to every reachable state, and for every (state, event) edge the shortest path to its
 * source plus that step, so every transition is taken by some path. Each path keeps the
 * snapshots the model's traversal expects after each event, to be replayed on the real
 * machine (replay.ts) and driven in the browser (e2e/paths).
 */
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { allTransitions, type PathModel } from '../machines/coverage';

export interface GeneratedPath {
  /** The states it visits, like `loading → choosingPlan → checkout.editing`; unique within the machine. */
  name: string;
  input: unknown;
  /** The events after start, in order. */
  events: EventObject[];
  /** The snapshot the machine is in at start and after each event. */
  expected: AnyMachineSnapshot[];
}

type Step = { state: unknown; event: unknown };
type Adjacency = Record<string, { state: unknown; transitions: Record<string, { event: unknown; state: unknown }> }>;

/** A state's name in paths and expectation tables: its atomic states, without the machine's id. */
export function stateName(snapshot: AnyMachineSnapshot): string {
  return atomicStatesOf(snapshot).join(' + ');
}

export function atomicStatesOf(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id.split('.').slice(1).join('.'))
    .sort();
}

/**
 * A path's name: the states it passes through. After the first, each step names only the
 * states that changed (in a parallel machine, the regions that moved), or the event in
 * brackets when it changed no state.
 */
export function pathName(expected: readonly AnyMachineSnapshot[], events: readonly EventObject[]): string {
  return expected
    .map((snapshot, i) => {
      // A parallel machine starts in several regions at once: its start is just that.
      if (i === 0) return atomicStatesOf(snapshot).length > 1 ? 'start' : stateName(snapshot);
      const before = new Set(atomicStatesOf(expected[i - 1]!));
      const changed = atomicStatesOf(snapshot).filter((state) => !before.has(state));
      return changed.length > 0 ? changed.join(' + ') : `(${events[i - 1]!.type})`;
    })
    .join(' → ');
}

export function generatePaths(machine: AnyStateMachine, model: PathModel): GeneratedPath[] {
  const paths: GeneratedPath[] = [];
  const seen = new Set<string>();
  const add = (input: unknown, steps: Step[]) => {
    const events = steps.slice(1).map((s) => s.event as EventObject);
    // The traversal may count snapshots with different contexts as one state (serializeState):
    // the snapshots this path really passes through come from running its own events.
    const expected = snapshotsAlong(machine, input, events);
    const signature = JSON.stringify([input, events, expected.map(stateName)]);
    if (seen.has(signature)) return;
    seen.add(signature);
    paths.push({ name: pathName(expected, events), input, events, expected });
  };

  const covered = new Set<string>();
  const reachedStates = new Set<string>();
  const takesNewTransition = (input: unknown, steps: Step[]) => {
    const { transitions } = transitionsTaken(
      machine,
      input,
      steps.slice(1).map((s) => s.event as EventObject),
    );
    const fresh = [...transitions].some((t) => !covered.has(t));
    transitions.forEach((t) => covered.add(t));
    return fresh;
  };

  model.inputs.forEach((input) => {
    const testModel = new TestModel(machine, {
      events: (snapshot: AnyMachineSnapshot) => model.events(snapshot),
      input,
      ...(model.serializeState
        ? { serializeState: (snapshot: AnyMachineSnapshot) => model.serializeState!(snapshot) }
        : {}),
    } as never);
    const serialize = (testModel.options as unknown as { serializeState: (s: unknown, e: unknown) => string })
      .serializeState;
    const shortest = testModel.getShortestPaths({ allowDuplicatePaths: true });
    const toState = new Map<string, Step[]>();
    for (const path of shortest) {
      const steps = path.steps as Step[];
      toState.set(serialize(path.state, undefined), steps);
      // The shortest path to every state of the machine (not to every snapshot the model tells apart).
      const name = stateName(path.state as AnyMachineSnapshot);
      const newState = !reachedStates.has(name);
      reachedStates.add(name);
      const newTransition = takesNewTransition(input, steps);
      if (newState || newTransition) add(input, steps);
    }
    // Then, for each edge whose transition no path takes yet, the shortest path to its source and that step.
    for (const [key, { transitions }] of Object.entries(testModel.getAdjacencyMap() as unknown as Adjacency)) {
      const prefix = toState.get(key);
      if (!prefix) continue;
      for (const { event, state } of Object.values(transitions)) {
        const steps = [...prefix, { event, state }];
        if (takesNewTransition(input, steps)) add(input, steps);
      }
    }
  });

  // Paths through different inputs may visit the same states: number them apart.
  const count = new Map<string, number>();
  for (const path of paths) count.set(path.name, (count.get(path.name) ?? 0) + 1);
  const index = new Map<string, number>();
  for (const path of paths) {
    if ((count.get(path.name) ?? 0) < 2) continue;
    const n = (index.get(path.name) ?? 0) + 1;
    index.set(path.name, n);
    path.name = `${path.name} (${n})`;
  }
  return paths;
}

/** The snapshots the machine passes through, from its start with `input`, on these events (pure transitions). */
export function snapshotsAlong(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
): AnyMachineSnapshot[] {
  let [snapshot] = initialTransition(machine, input as never) as [AnyMachineSnapshot, unknown];
  const snapshots = [snapshot];
  for (const event of events) {
    [snapshot] = transition(machine, snapshot as never, event as never) as [AnyMachineSnapshot, unknown];
    snapshots.push(snapshot);
  }
  return snapshots;
}

/** The transitions a list of events takes on the machine, from its start with `input`, by key (see coverage.ts). */
export function transitionsTaken(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly EventObject[],
): { transitions: Set<string>; states: Set<string> } {
  const keys = allTransitions(machine);
  const transitions = new Set<string>();
  const states = new Set<string>();
  const mark = (snapshot: AnyMachineSnapshot) => snapshot._nodes.forEach((node) => states.add(node.id));
  // The machine's pure transitions: nothing runs, no invoked actor starts.
  let [snapshot] = initialTransition(machine, input as never) as [AnyMachineSnapshot, unknown];
  mark(snapshot);
  for (const event of events) {
    for (const t of machine.getTransitionData(snapshot as never, event as never) as Parameters<typeof keys.get>[0][]) {
      const key = keys.get(t);
      if (key) transitions.add(key);
    }
    [snapshot] = transition(machine, snapshot as never, event as never) as [AnyMachineSnapshot, unknown];
    mark(snapshot);
  }
  return { transitions, states };
}

/** The states and transitions a set of paths reaches between them. */
export function reachedBy(
  machine: AnyStateMachine,
  paths: readonly Pick<GeneratedPath, 'input' | 'events'>[],
): { transitions: Set<string>; states: Set<string> } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    const taken = transitionsTaken(machine, path.input, path.events);
    taken.states.forEach((s) => states.add(s));
    taken.transitions.forEach((t) => transitions.add(t));
  }
  return { transitions, states };
}
