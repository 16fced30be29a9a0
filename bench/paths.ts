import { machines } from '../machines';
import { coverageOf } from '../test/machines/coverage';
import { pathModels } from '../test/machines/models';

export function measurePathGeneration() {
  return Object.entries(machines).map(([name, machine]) => {
    const model = pathModels[name];
    if (!model) return { machine: name, ms: null, paths: 0, stateCoverage: null, transitionCoverage: null };
    const started = performance.now();
    const report = coverageOf(name, machine, model);
    return {
      machine: name,
      ms: Math.round(performance.now() - started),
      paths: report.paths,
      stateCoverage: `${report.states.covered}/${report.states.total}`,
      transitionCoverage: `${report.transitions.covered}/${report.transitions.total}`,
    };
  });
}
