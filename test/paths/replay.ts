/**
 * Replays a generated path on the real machine, its invoked actors stubbed through `.provide`
 * with work that never settles: the path's own `xstate.done.actor.*` and `xstate.error.actor.*`
 * events decide every outcome. After the start and after each event the live snapshot must be
 * in the state the path expects, with the same context, and must meet the expectation
 * declared for each of its states.
 */
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { atomicStatesOf, stateName, type GeneratedPath } from './generate';

/** What each state must show, by its name (`checkout.processing.delayed`): assertions that throw when it does not. */
export type StateExpectations = Record<string, (snapshot: AnyMachineSnapshot) => void>;

const neverSettles = fromPromise(() => new Promise<never>(() => {}));

function withPendingActors(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, neverSettles]));
  return machine.provide({ actors } as never);
}

const comparable = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context });

export function replay(machine: AnyStateMachine, path: GeneratedPath, expectations: StateExpectations): void {
  const actor = createActor(withPendingActors(machine), { input: path.input as never });
  const check = (step: number) => {
    const live = actor.getSnapshot() as AnyMachineSnapshot;
    const expected = path.expected[step]!;
    const where = `step ${step} (${step === 0 ? 'start' : path.events[step - 1]!.type})`;
    if (stateName(live) !== stateName(expected))
      throw new Error(`${where}: the machine is in ${stateName(live)}, the path expected ${stateName(expected)}`);
    if (comparable(live) !== comparable(expected))
      throw new Error(`${where}: the machine is ${comparable(live)}, the path expected ${comparable(expected)}`);
    for (const state of atomicStatesOf(live)) {
      const expectation = expectations[state];
      if (!expectation) throw new Error(`${where}: no expectation is declared for state ${state}`);
      try {
        expectation(live);
      } catch (error) {
        throw new Error(
          `${where}: state ${state} does not meet its expectation: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    }
  };
  actor.start();
  try {
    check(0);
    path.events.forEach((event, index) => {
      actor.send(event);
      check(index + 1);
    });
  } finally {
    actor.stop();
  }
}
