/**
 * Lays a machine's diagram out with elkjs's layered algorithm: compound states are nested boxes
 * (hierarchy handled across levels), elk places the edge labels, and every coordinate comes back
 * absolute. Text is measured by a fixed estimate, not the DOM, so Node and the browser lay the
 * same graph out identically. Pure apart from being async (elk's API is).
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import { START_EVENT, edgeKey, eventLabel, stateLabel, stateSubtitle, type Diagram, type DiagramNode } from './graph';

export type LaidOutNodeKind = DiagramNode['kind'] | 'start';

export interface LaidOutNode {
  id: string;
  label: string;
  subtitle: string;
  kind: LaidOutNodeKind;
  initial: boolean;
  parent: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface LaidOutEdge {
  /** `edgeKey(source, event, target)`: the key the counts and the coverage use. */
  key: string;
  /** null: the start of a visit. */
  source: string | null;
  target: string;
  event: string;
  /** The guard's name; several guarded transitions with one key are joined with ` | `. */
  guard: string | null;
  points: Point[];
  label: { text: string; x: number; y: number; width: number; height: number };
}

export interface LaidOutGraph {
  name: string;
  width: number;
  height: number;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

/** The id of the pseudo-state drawn where a visit starts. */
export const START_NODE_ID = '(start)';

/** Font sizes and line heights the renderer draws with; the layout reserves room for them. */
export const TEXT = {
  name: 12,
  sub: 10,
  label: 11,
  lineHeight: 13,
  /** Room kept in every box and label for the overlay's counts, so the picture does not move with traffic. */
  statsSample: '000,000 in · 000,000 end',
  countSample: '000,000 · ✗ browser',
} as const;

const NARROW = new Set([..."ilIj.,:;'|!()[]{} tf`"]);
const WIDE = new Set([...'mwMW@%']);

/** A deterministic estimate of a text's width in px for a system sans-serif font. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const ch of text) {
    if (NARROW.has(ch)) em += 0.3;
    else if (WIDE.has(ch)) em += 0.86;
    else if (ch >= 'A' && ch <= 'Z') em += 0.66;
    else if (ch >= '0' && ch <= '9') em += 0.56;
    else if (ch.charCodeAt(0) > 0x2000) em += 0.8;
    else em += 0.55;
  }
  return Math.ceil(em * fontSize * (bold ? 1.07 : 1));
}

/** Box metrics: the header holds the name, an optional subtitle and the reserved stats line. */
export const BOX = { padX: 12, top: 6, minWidth: 96, finalRadius: 18, startSize: 16 } as const;

export const headerHeight = (subtitle: string) => BOX.top + 16 + (subtitle ? 13 : 0) + TEXT.lineHeight + 4;

const round = (n: number) => Math.round(n * 10) / 10;

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.randomSeed': '1',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
};

interface MergedEdge {
  key: string;
  source: string | null;
  target: string;
  event: string;
  guards: (string | null)[];
}

/** Transitions with the same (source, event, target) are one edge: the counts cannot tell them apart. */
function mergedEdges(diagram: Diagram): MergedEdge[] {
  const byKey = new Map<string, MergedEdge>();
  const start: MergedEdge = {
    key: edgeKey(null, START_EVENT, diagram.startId),
    source: null,
    target: diagram.startId,
    event: START_EVENT,
    guards: [null],
  };
  byKey.set(start.key, start);
  for (const e of diagram.edges) {
    const key = edgeKey(e.source, e.event, e.target);
    const found = byKey.get(key);
    if (found) found.guards.push(e.guard);
    else byKey.set(key, { key, source: e.source, target: e.target, event: e.event, guards: [e.guard] });
  }
  return [...byKey.values()];
}

const guardText = (guards: (string | null)[]) => {
  const named = [...new Set(guards.filter((g): g is string => g !== null))];
  if (!named.length) return null;
  return [...named, ...(guards.includes(null) ? ['otherwise'] : [])].join(' | ');
};

/** The label's lines: the event, the guard, and a line kept for the overlay. */
export const edgeLabelLines = (event: string, guard: string | null) => [
  event === START_EVENT ? 'start' : eventLabel(event),
  ...(guard ? [`[${guard}]`] : []),
];

let elk: InstanceType<typeof ELK> | null = null;

export async function layoutFlowGraph(diagram: Diagram): Promise<LaidOutGraph> {
  elk ??= new ELK();
  const childrenOf = new Map<string | null, DiagramNode[]>();
  for (const node of diagram.nodes) childrenOf.set(node.parent, [...(childrenOf.get(node.parent) ?? []), node]);

  const toElk = (node: DiagramNode): ElkNode => {
    const label = stateLabel(node);
    const subtitle = stateSubtitle(node);
    const width =
      Math.max(
        BOX.minWidth,
        textWidth(label, TEXT.name, true),
        textWidth(subtitle, TEXT.sub),
        textWidth(TEXT.statsSample, TEXT.sub),
      ) +
      2 * BOX.padX;
    const height = headerHeight(subtitle);
    const children = childrenOf.get(node.id) ?? [];
    if (!children.length) return { id: node.id, width, height };
    return {
      id: node.id,
      children: children.map(toElk),
      layoutOptions: {
        'elk.padding': `[top=${height + 6},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width}, ${height + 20})`,
      },
    };
  };

  const edges = mergedEdges(diagram);
  // Transitions the machine itself defines (`on` at its root) start from the machine: then it is drawn as the box around its states.
  const rootNode: DiagramNode | null = diagram.edges.some(
    (e) => e.source === diagram.rootId || e.target === diagram.rootId,
  )
    ? { id: diagram.rootId, key: diagram.name, parent: null, kind: 'compound', initial: false, tags: [], invokes: [] }
    : null;
  if (rootNode) {
    childrenOf.set(rootNode.id, childrenOf.get(null) ?? []);
    childrenOf.set(null, [rootNode]);
  }
  const graph: ElkNode = {
    id: '(graph)',
    layoutOptions: ROOT_OPTIONS,
    children: [
      { id: START_NODE_ID, width: BOX.startSize, height: BOX.startSize },
      ...(childrenOf.get(null) ?? []).map(toElk),
    ],
    edges: edges.map((e, i): ElkExtendedEdge => {
      const lines = edgeLabelLines(e.event, guardText(e.guards));
      const width =
        Math.max(...lines.map((l) => textWidth(l, TEXT.label)), textWidth(TEXT.countSample, TEXT.label)) + 6;
      return {
        id: `e${i}`,
        sources: [e.source ?? START_NODE_ID],
        targets: [e.target],
        labels: [
          {
            id: `e${i}.label`,
            text: lines.join('\n'),
            width,
            height: (lines.length + 1) * TEXT.lineHeight + 4,
            layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' },
          },
        ],
      };
    }),
  };

  const result = await elk.layout(graph);

  const nodes: LaidOutNode[] = [];
  const byId = new Map([...(rootNode ? [rootNode] : []), ...diagram.nodes].map((n) => [n.id, n]));
  const readNodes = (elkNode: ElkNode, parent: string | null) => {
    for (const child of elkNode.children ?? []) {
      const node = byId.get(child.id);
      const box = {
        x: round(child.x ?? 0),
        y: round(child.y ?? 0),
        width: round(child.width ?? 0),
        height: round(child.height ?? 0),
      };
      if (node) {
        nodes.push({
          id: node.id,
          label: stateLabel(node),
          subtitle: stateSubtitle(node),
          kind: node.kind,
          initial: node.initial,
          parent,
          ...box,
        });
      } else {
        nodes.push({ id: child.id, label: 'start', subtitle: '', kind: 'start', initial: false, parent: null, ...box });
      }
      readNodes(child, child.id);
    }
  };
  readNodes(result, null);

  const laidEdges = new Map<string, ElkExtendedEdge>();
  const collectEdges = (elkNode: ElkNode) => {
    for (const e of elkNode.edges ?? []) laidEdges.set(e.id, e);
    for (const child of elkNode.children ?? []) collectEdges(child);
  };
  collectEdges(result);

  return {
    name: diagram.name,
    width: round(result.width ?? 0),
    height: round(result.height ?? 0),
    nodes,
    edges: edges.map((e, i) => {
      const laid = laidEdges.get(`e${i}`);
      const points: Point[] = [];
      for (const section of laid?.sections ?? []) {
        for (const p of [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]) {
          const last = points[points.length - 1];
          const next = { x: round(p.x), y: round(p.y) };
          if (!last || last.x !== next.x || last.y !== next.y) points.push(next);
        }
      }
      const label = laid?.labels?.[0];
      const guard = guardText(e.guards);
      return {
        key: e.key,
        source: e.source,
        target: e.target,
        event: e.event,
        guard,
        points,
        label: {
          text: edgeLabelLines(e.event, guard).join(' '),
          x: round(label?.x ?? 0),
          y: round(label?.y ?? 0),
          width: round(label?.width ?? 0),
          height: round(label?.height ?? 0),
        },
      };
    }),
  };
}
