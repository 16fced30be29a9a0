/**
 * The diagram model of a state machine, read from its live definition with `toDirectedGraph`:
 * its state nodes (nested by parent) and its transitions as (source, event, target) edges with
 * the guard's name. Pure: the visualize script, the explorer and the compliance rules share it.
 */
import { and, not, or, stateIn, type AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

export interface DiagramNode {
  /** XState's node id (`machine.state.child`). */
  id: string;
  key: string;
  /** The parent state's id; null for a top-level state. */
  parent: string | null;
  kind: 'atomic' | 'compound' | 'parallel' | 'final';
  /** The state its parent enters first. */
  initial: boolean;
  tags: string[];
  invokes: string[];
}

export interface DiagramEdge {
  source: string;
  /** A targetless transition's target is its source, as `toDirectedGraph` gives it. */
  target: string;
  event: string;
  guard: string | null;
}

export interface Diagram {
  name: string;
  rootId: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  /** The deepest initial state: where a visit starts (`from: null, event: 'xstate.init'`). */
  startId: string;
}

/** The event a visit's first recorded transition carries. */
export const START_EVENT = 'xstate.init';

/**
 * The key of one edge in overlays, CSV and tables: `(start)` stands for the start of a visit.
 * Two guarded transitions with the same source, event and target share one key.
 */
export const edgeKey = (from: string | null, event: string, to: string): string =>
  `${from ?? '(start)'} --${event}--> ${to}`;

/** XState's higher-order guards, told apart by their checker: a function's own name does not survive minifying. */
const combinators: [string, unknown][] = [
  ['and', (and([]) as unknown as { check: unknown }).check],
  ['or', (or([]) as unknown as { check: unknown }).check],
  ['not', (not('') as unknown as { check: unknown }).check],
  ['stateIn', (stateIn('') as unknown as { check: unknown }).check],
];

const guardName = (guard: unknown): string | null => {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    const { check, guards, stateValue } = guard as { check?: unknown; guards?: unknown; stateValue?: unknown };
    const combinator = combinators.find(([, c]) => c === check)?.[0];
    if (combinator === 'stateIn')
      return `stateIn(${typeof stateValue === 'string' ? stateValue : JSON.stringify(stateValue)})`;
    if (combinator)
      return `${combinator}(${(Array.isArray(guards) ? guards : [guards]).map((g) => guardName(g) ?? 'guard').join(', ')})`;
    return 'inline guard';
  }
  return 'guard';
};

/** Event names read better without XState's internal prefixes. */
export const eventLabel = (event: string) =>
  event.replace(/^xstate\.done\.actor\.(.+)$/, '$1.done').replace(/^xstate\.error\.actor\.(.+)$/, '$1.error');

/** A state's name on the drawing: its key at the top level, its last two id segments below. */
export const stateLabel = (node: DiagramNode) => (node.parent ? node.id.split('.').slice(-2).join('.') : node.key);

/** What a state does besides waiting: its invoked actors and its tags. */
export const stateSubtitle = (node: DiagramNode) =>
  [...node.invokes.map((i) => `invoke ${i}`), ...node.tags.map((t) => `#${t}`)].join(' · ');

export function toDiagram(name: string, machine: AnyStateMachine): Diagram {
  const root = toDirectedGraph(machine);
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  const visit = (graphNode: DirectedGraphNode, parent: string | null) => {
    const node = graphNode.stateNode;
    if (parent !== null) {
      const parentNode = node.parent;
      nodes.push({
        id: node.id,
        key: node.key,
        parent: parent === root.id ? null : parent,
        kind:
          node.type === 'final'
            ? 'final'
            : node.type === 'parallel'
              ? 'parallel'
              : node.type === 'compound'
                ? 'compound'
                : 'atomic',
        initial: Boolean(
          parentNode && parentNode.initial && parentNode.initial.target.some((t: { id: string }) => t.id === node.id),
        ),
        tags: [...node.tags].sort(),
        invokes: node.invoke.map((i: { id: string }) => i.id),
      });
    }
    for (const edge of graphNode.edges) {
      edges.push({
        source: edge.source.id,
        target: edge.target.id,
        event: edge.transition.eventType,
        guard: guardName(edge.transition.guard),
      });
    }
    for (const child of graphNode.children) visit(child, graphNode.id);
  };
  visit(root, null);
  return { name, rootId: root.id, nodes, edges, startId: startLeaf(machine) };
}

/** The deepest initial state, following each compound state's initial child down from the root. */
function startLeaf(machine: AnyStateMachine): string {
  let node = machine.root;
  while (node.type === 'compound' && node.initial?.target[0]) node = node.initial.target[0];
  return node.id;
}

/**
 * Whether the generated paths take one graph edge (`visualizations/coverage.json`, per machine):
 * `unit` for the Vitest paths, `browser` for the Playwright plans (null: the machine has no
 * browser plan), `reason` for an edge no browser path takes, as its plan gives it.
 */
export interface EdgeCoverage {
  key: string;
  source: string;
  event: string;
  target: string;
  unit: boolean;
  browser: boolean | null;
  reason?: string;
  /** The key of the transition it draws, as the path tests name it (test/machines/coverage.ts). */
  transition?: string;
}

/** What `visualizations/coverage.json` holds that the explorer reads (each machine has more). */
export interface CoverageFile {
  machines: { machine: string; edges: EdgeCoverage[] }[];
}
