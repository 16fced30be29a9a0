import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';
import { edgeKey, toDiagram } from '../../src/flows/graph';
import { allTransitions } from '../machines/coverage';
import { pathModels } from '../machines/models';
import { generatePaths } from '../paths/generate';
import { browserPlans } from '../../e2e/paths/plans';
import { machineCoverage } from '../../scripts/visualize/path-coverage';

describe('coverage.json: every graph edge with its unit and browser coverage', () => {
  it('lists each edge of the drawn graph once per target, keyed as the explorer keys it, with the transition it draws', () => {
    const name = 'saveOffers';
    const report = machineCoverage(name, generatePaths(machines[name]!, pathModels[name]!), browserPlans[name]!);
    const diagram = toDiagram(name, machines[name]!);
    expect(report.edges.map((e) => e.key)).toEqual(diagram.edges.map((e) => edgeKey(e.source, e.event, e.target)));
    for (const edge of report.edges) expect(edge.key).toBe(edgeKey(edge.source, edge.event, edge.target));
    const transitions = new Set(allTransitions(machines[name]!).values());
    expect(new Set(report.edges.map((e) => e.transition))).toEqual(transitions);
    // The unit paths take every transition (npm test fails otherwise), and the per-edge list agrees with the totals.
    expect(report.edges.every((e) => e.unit)).toBe(true);
    const browserMissed = new Set(report.browser!.notTaken.map((n) => n.transition));
    for (const edge of report.edges) {
      expect(edge.browser).toBe(!browserMissed.has(edge.transition));
      if (edge.browser === false)
        expect(edge.reason).toBe(report.browser!.notTaken.find((n) => n.transition === edge.transition)!.reason);
      else expect(edge).not.toHaveProperty('reason');
    }
  });

  it('marks no edge of a machine without a browser plan as taken or missed by the browser', () => {
    const report = machineCoverage('lowIntentOffer', [], null);
    expect(report.edges.length).toBeGreaterThan(0);
    expect(report.edges.every((e) => e.browser === null && e.unit === false)).toBe(true);
  });

  it.each(['billingHistory', 'saveOffers', 'purchaseFunnel', 'cancellationRequest'])(
    '%s: dropping a browser path from the plan leaves an edge the browser misses',
    (name) => {
      const plan = browserPlans[name]!;
      const full = machineCoverage(name, [], plan);
      // The plan adds a path only when it takes a transition no earlier one took: its last path takes something alone.
      const dropped = { ...plan, paths: plan.paths.slice(0, -1) };
      const partial = machineCoverage(name, [], dropped);
      const newlyMissed = partial.edges.filter((e, i) => e.browser === false && full.edges[i]!.browser === true);
      expect(newlyMissed.length).toBeGreaterThan(0);
      for (const edge of newlyMissed) expect(edge.reason).toBe('no reason given');
      expect(partial.browser!.transitions).toBeLessThan(full.browser!.transitions);
      expect(partial.browser!.paths).toBe(full.browser!.paths - 1);
    },
  );
});
