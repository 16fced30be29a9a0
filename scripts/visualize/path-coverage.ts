/**
 * The path-coverage report (visualizations/coverage.md and coverage.json): for each registered
 * machine, the states and transitions its generated unit paths reach, and those the browser
 * paths reach, with every transition no browser path takes named, with the plan's reason; and,
 * for the flow explorer's overlay, every edge of the machine's graph marked by whether the unit
 * and the browser paths take it.
 */
import type { AnyStateMachine } from 'xstate';
import { getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { machines } from '../../machines';
import { edgeKey, type CoverageFile, type EdgeCoverage } from '../../src/flows/graph';
import { allTransitions } from '../../test/machines/coverage';
import { pathModels } from '../../test/machines/models';
import { generatePaths, reachedBy, type GeneratedPath } from '../../test/paths/generate';
import { PAGE_MACHINES, browserPlans } from '../../e2e/paths/plans';
import type { BrowserPlan } from '../../e2e/paths/plan';

interface Reach {
  paths: number;
  states: number;
  transitions: number;
}

/** One graph edge's coverage, with the key of the transition it draws (test/machines/coverage.ts). */
type EdgeCoverageEntry = EdgeCoverage & { transition: string };

export interface MachineCoverage {
  machine: string;
  states: number;
  transitions: number;
  unit: Reach & { missedStates: string[]; missedTransitions: string[] };
  browser: (Reach & { notTaken: { transition: string; reason: string }[] }) | null;
  /** Every edge of the machine's graph (`toDirectedGraph`), in its order. */
  edges: EdgeCoverageEntry[];
}

const NO_REASON = 'no reason given';

/**
 * The machine's graph edges with the transition each draws: a transition with several targets
 * is one edge per target, a targetless one is an edge back to its source.
 */
function graphEdges(machine: AnyStateMachine): { source: string; event: string; target: string; transition: string }[] {
  const keys = allTransitions(machine);
  const edges: { source: string; event: string; target: string; transition: string }[] = [];
  const visit = (node: DirectedGraphNode) => {
    for (const edge of node.edges) {
      const transition = keys.get(edge.transition as never);
      if (transition === undefined)
        throw new Error(
          `${machine.id}: the graph edge ${edge.source.id} --${edge.transition.eventType}--> ${edge.target.id} is no transition of the machine`,
        );
      edges.push({ source: edge.source.id, event: edge.transition.eventType, target: edge.target.id, transition });
    }
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return edges;
}

/** One machine's coverage: `unitPaths` as generated, `plan` the browser plan (null: none). */
export function machineCoverage(name: string, unitPaths: GeneratedPath[], plan: BrowserPlan | null): MachineCoverage {
  const machine = machines[name]!;
  const stateIds = getStateNodes(machine.root).map((n) => n.id);
  const transitionKeys = [...allTransitions(machine).values()];
  const unit = reachedBy(machine, unitPaths);
  const browser = plan ? reachedBy(machine, plan.paths) : null;
  return {
    machine: name,
    states: stateIds.length,
    transitions: transitionKeys.length,
    unit: {
      paths: unitPaths.length,
      states: stateIds.filter((id) => unit.states.has(id)).length,
      transitions: transitionKeys.filter((t) => unit.transitions.has(t)).length,
      missedStates: stateIds.filter((id) => !unit.states.has(id)),
      missedTransitions: transitionKeys.filter((t) => !unit.transitions.has(t)),
    },
    browser:
      plan && browser
        ? {
            paths: plan.paths.length,
            states: stateIds.filter((id) => browser.states.has(id)).length,
            transitions: transitionKeys.filter((t) => browser.transitions.has(t)).length,
            notTaken: transitionKeys
              .filter((t) => !browser.transitions.has(t))
              .map((t) => ({ transition: t, reason: plan.notDriven[t] ?? NO_REASON })),
          }
        : null,
    edges: graphEdges(machine).map(({ source, event, target, transition }) => {
      const byBrowser = plan && browser ? browser.transitions.has(transition) : null;
      return {
        key: edgeKey(source, event, target),
        source,
        event,
        target,
        transition,
        unit: unit.transitions.has(transition),
        browser: byBrowser,
        ...(byBrowser === false && plan ? { reason: plan.notDriven[transition] ?? NO_REASON } : {}),
      };
    }),
  };
}

/** Every registered machine's coverage; `plans` replaces the browser plans (a test drops a path). */
export function pathCoverage(plans: Record<string, BrowserPlan> = browserPlans): MachineCoverage[] {
  return Object.keys(machines)
    .sort()
    .map((name) => machineCoverage(name, generatePaths(machines[name]!, pathModels[name]!), plans[name] ?? null));
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`);

export function pathCoverageFiles(): Map<string, string> {
  const report = pathCoverage();
  const rows = report.map((m) => {
    const browser = m.browser
      ? `${m.browser.paths} | ${m.browser.states}/${m.states} | ${m.browser.transitions}/${m.transitions} (${percent(m.browser.transitions, m.transitions)})`
      : PAGE_MACHINES.includes(m.machine)
        ? '— | — | no browser plan yet'
        : '— | — | drives no page of its own';
    return `| ${m.machine} | ${m.unit.paths} | ${m.unit.states}/${m.states} | ${m.unit.transitions}/${m.transitions} | ${browser} |`;
  });
  const details = report.flatMap((m) => {
    const lines = [`## ${m.machine}`, ''];
    if (m.unit.missedStates.length || m.unit.missedTransitions.length) {
      lines.push(
        'Unit paths miss:',
        ...m.unit.missedStates.map((s) => `- state \`${s}\``),
        ...m.unit.missedTransitions.map((t) => `- transition \`${t}\``),
        '',
      );
    } else {
      lines.push('The unit paths reach every state and take every transition.', '');
    }
    if (!m.browser) {
      lines.push(
        PAGE_MACHINES.includes(m.machine)
          ? 'No browser plan yet: no browser path is counted.'
          : 'It drives no page of its own: no browser plan.',
        '',
      );
    } else if (m.browser.notTaken.length === 0) {
      lines.push('The browser paths take every transition.', '');
    } else {
      lines.push(
        'Transitions no browser path takes:',
        ...m.browser.notTaken.map((n) => `- \`${n.transition}\`: ${n.reason}`),
        '',
      );
    }
    return lines;
  });
  const markdown = [
    '# Path coverage',
    '',
    'Generated by `npm run coverage:paths` (and `npm run visualize`) from `machines/index.ts`, the path models in `test/machines/models/` and the browser plans in `e2e/paths/`. Do not edit by hand.',
    '',
    '- **Unit paths** are replayed on each real machine in Vitest (`test/paths/`); `npm test` fails when they miss a state or a transition.',
    '- **Browser paths** are driven through the real app in Playwright (`e2e/paths/*.paths.spec.ts`); the figure is reported.',
    '',
    '| machine | unit paths | unit states | unit transitions | browser paths | browser states | browser transitions |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...details,
  ].join('\n');
  return new Map([
    ['coverage.md', markdown],
    ['coverage.json', `${JSON.stringify({ machines: report } satisfies CoverageFile, null, 2)}\n`],
  ]);
}
