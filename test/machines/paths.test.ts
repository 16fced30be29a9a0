import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';
import { coverageOf } from './coverage';
import { pathModels as models } from './models';

describe('generated paths cover every registered machine', () => {
  it('has a path model for every machine', () => {
    expect(Object.keys(models).sort()).toEqual(Object.keys(machines).sort());
  });

  it.each(Object.keys(machines))('%s: every state and transition is reached', (name) => {
    const report = coverageOf(name, machines[name]!, models[name]!);
    console.log(
      `path coverage ${name}: ${report.paths} paths, states ${report.states.covered}/${report.states.total}, transitions ${report.transitions.covered}/${report.transitions.total}`,
    );
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});
