import type { Queryable } from '../db/database';
import { ApiError, notFound } from '../http/errors';
import {
  experimentSettings,
  experimentSettingsOf,
  variationDays,
  type ExperimentSettings,
} from '../repositories/experiments';
import { compareVariations } from '../../src/flows/stats/compare-variations';
import type { ExperimentList, ExperimentResults, ExperimentResultsQuery } from '../../src/api/schemas/flow-experiments';
import { flowRange } from './flow-counts';
import { knownMachines } from './flow-graph';

const variationsOf = (e: ExperimentSettings) => Array.from({ length: e.variationCount }, (_, i) => i + 1);

/** A goal state id names its machine first: `purchaseFunnel.paid`. */
const machineOfState = (state: string) => state.split('.')[0]!;

function splitOf(e: ExperimentSettings) {
  const weights = e.weights ?? variationsOf(e).map(() => 1);
  const total = weights.reduce((a, b) => a + b, 0);
  return variationsOf(e).map((variation, i) => ({ variation, share: weights[i]! / total }));
}

function suggestedGoal(e: ExperimentSettings) {
  if (!e.goalState) return null;
  const machine = machineOfState(e.goalState);
  return knownMachines().get(machine)?.stateSet.has(e.goalState) ? { machine, goal: e.goalState } : null;
}

export async function listExperiments(db: Queryable): Promise<ExperimentList> {
  const experiments = await experimentSettings(db);
  return {
    experiments: experiments.map((e) => ({
      guid: e.guid,
      name: e.name,
      variations: variationsOf(e),
      control: e.control,
      split: splitOf(e),
      suggestedGoal: suggestedGoal(e),
    })),
  };
}

/**
 * The machine and goal asked for, or the experiment's suggestion. An unknown machine or a goal
 * that is no state of the machine is 404; no goal asked for where the suggestion is of another
 * machine (or there is none) is 400.
 */
function resolveGoal(
  e: ExperimentSettings,
  query: ExperimentResultsQuery,
): { machine: string; goal: string; goalStates: string[] } {
  const suggestion = suggestedGoal(e);
  const goal =
    query.goal ?? (query.machine === undefined || query.machine === suggestion?.machine ? suggestion?.goal : undefined);
  if (goal === undefined)
    throw new ApiError(400, 'VALIDATION_FAILED', 'Name the goal state to read this experiment against.', {
      goal: 'required: this experiment has no suggested goal in that machine',
    });
  const machineName = query.machine ?? machineOfState(goal);
  const machine = knownMachines().get(machineName);
  if (!machine) throw notFound('The machine');
  if (!machine.stateSet.has(goal)) throw notFound('The goal state');
  // Entering a compound state is entering one of its children.
  return {
    machine: machineName,
    goal,
    goalStates: machine.states.filter((s) => s === goal || s.startsWith(`${goal}.`)),
  };
}

export async function experimentResultsOf(
  db: Queryable,
  guid: string,
  query: ExperimentResultsQuery,
): Promise<ExperimentResults> {
  const range = flowRange(query);
  const experiment = await experimentSettingsOf(db, guid);
  if (!experiment) throw notFound('The experiment');
  const { machine, goal, goalStates } = resolveGoal(experiment, query);
  const days = await variationDays(db, { experiment: experiment.guid, machine, goalStates, ...range });
  const compared = compareVariations({
    control: experiment.control,
    variations: variationsOf(experiment),
    weights: experiment.weights,
    days,
  });
  return { experiment: experiment.guid, name: experiment.name, machine, goal, ...range, ...compared };
}
