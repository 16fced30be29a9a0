import { describe, expect, it } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { machines } from '../../machines';
import { allTransitions } from '../machines/coverage';
import { pathModels } from '../machines/models';
import { stateExpectations } from './expectations';
import { generatePaths, reachedBy } from './generate';
import { replay } from './replay';

const names = Object.keys(machines);

describe('every registered machine has a path model and an expectation for each state', () => {
  it('models and expectation tables name exactly the registered machines', () => {
    expect(Object.keys(pathModels).sort()).toEqual([...names].sort());
    expect(Object.keys(stateExpectations).sort()).toEqual([...names].sort());
  });
});

describe.each(names)('%s: generated paths', (name) => {
  const machine = machines[name]!;
  const paths = generatePaths(machine, pathModels[name]!);

  it('reach every state and take every transition', () => {
    const { states, transitions } = reachedBy(machine, paths);
    console.log(
      `${name}: ${paths.length} paths, states ${states.size}/${getStateNodes(machine.root).length}, transitions ${transitions.size}/${allTransitions(machine).size}`,
    );
    expect(
      getStateNodes(machine.root)
        .map((n) => n.id)
        .filter((id) => !states.has(id)),
    ).toEqual([]);
    expect([...allTransitions(machine).values()].filter((key) => !transitions.has(key))).toEqual([]);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', (_, path) => {
    replay(machine, path, stateExpectations[name]!);
  });
});
