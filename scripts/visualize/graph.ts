import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

export interface DiagramNode {
  id: string;
  key: string;
  parent: string | null;
  kind: 'atomic' | 'compound' | 'parallel' | 'final';
  initial: boolean;
  tags: string[];
  invokes: string[];
}

export interface DiagramEdge {
  source: string;
  target: string;
  event: string;
  guard: string | null;
}

export interface Diagram {
  name: string;
  rootId: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

const guardName = (guard: unknown): string | null => {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
};

/** Event names read better without XState's internal prefixes. */
export const eventLabel = (event: string) => event.replace(/^xstate\.done\.actor\.(.+)$/, '$1.done').replace(/^xstate\.error\.actor\.(.+)$/, '$1.error');

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
        kind: node.type === 'final' ? 'final' : node.type === 'parallel' ? 'parallel' : node.type === 'compound' ? 'compound' : 'atomic',
        initial: Boolean(parentNode && parentNode.initial && parentNode.initial.target.some((t: { id: string }) => t.id === node.id)),
        tags: [...node.tags].sort(),
        invokes: node.invoke.map((i: { id: string }) => i.id),
      });
    }
    for (const edge of graphNode.edges) {
      edges.push({ source: edge.source.id, target: edge.target.id, event: edge.transition.eventType, guard: guardName(edge.transition.guard) });
    }
    for (const child of graphNode.children) visit(child, graphNode.id);
  };
  visit(root, null);
  return { name, rootId: root.id, nodes, edges };
}
