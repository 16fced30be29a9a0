/**
 * A browser plan: which of a machine's generated paths (test/paths/generate.ts) the browser
 * drives through the real app, and, for each transition none of them takes, why. Pure (no
 * Playwright), so the path-coverage report (`npm run coverage:paths`) reads the same plans the
 * browser specs run.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { pathModels } from '../../test/machines/models';
import { allTransitions, type PathModel } from '../../test/machines/coverage';
import { generatePaths, transitionsTaken, type GeneratedPath } from '../../test/paths/generate';
import { machines } from '../../machines';

export interface BrowserPlan {
  machine: string;
  /** The paths the browser spec drives, each named after its states. */
  paths: GeneratedPath[];
  /** Every transition no browser path takes, with the reason. */
  notDriven: Record<string, string>;
}

/**
 * Generates the machine's paths from its path model with only the events the page offers in
 * each state (`pageOffers`), so every path is one a person can take in the browser; then keeps,
 * greedily, those that take a transition no earlier one took. `inputs` replaces the model's
 * inputs when the browser can set up only some of them.
 */
export function browserPlan(options: {
  machine: string;
  /** Whether the page offers a way to make the event happen in this state; `event` carries its payload (an answer's output). */
  pageOffers: (
    eventType: string,
    snapshot: AnyMachineSnapshot,
    event: EventObject & Record<string, unknown>,
  ) => boolean;
  inputs?: unknown[];
  notDriven: Record<string, string>;
}): BrowserPlan {
  const machine: AnyStateMachine = machines[options.machine]!;
  const unitModel: PathModel = pathModels[options.machine]!;
  const model: PathModel = {
    ...unitModel,
    inputs: options.inputs ?? unitModel.inputs,
    events: (snapshot) =>
      unitModel
        .events(snapshot)
        .filter((event) => options.pageOffers(event.type, snapshot, event as EventObject & Record<string, unknown>)),
  };
  const candidates = generatePaths(machine, model);
  // Longer paths first: one long path may take what several short ones would.
  candidates.sort((a, b) => b.events.length - a.events.length);
  const taken = new Set<string>();
  const paths: GeneratedPath[] = [];
  for (const path of candidates) {
    const { transitions } = transitionsTaken(machine, path.input, path.events);
    if ([...transitions].some((t) => !taken.has(t))) {
      paths.push(path);
      transitions.forEach((t) => taken.add(t));
    }
  }
  const unexplained = [...allTransitions(machine).values()].filter((t) => !taken.has(t) && !(t in options.notDriven));
  if (unexplained.length > 0)
    throw new Error(`${options.machine}: no browser path takes ${unexplained.join('; ')}, and no reason is given`);
  return {
    machine: options.machine,
    paths,
    notDriven: Object.fromEntries(Object.entries(options.notDriven).filter(([t]) => !taken.has(t))),
  };
}
