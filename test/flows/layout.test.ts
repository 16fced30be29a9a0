import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machines } from '../../machines';
import { START_EVENT, edgeKey, toDiagram } from '../../src/flows/graph';
import { START_NODE_ID, layoutFlowGraph, textWidth, type LaidOutGraph, type LaidOutNode } from '../../src/flows/layout';
import { coverageByKey, formatCount, overlayFromCounts, renderFlowSvg, strokeWidth } from '../../src/flows/svg';

/** A small machine with every shape the layout meets: nesting two deep, a root transition, a self loop, two guards on one edge. */
const sample = createMachine({
  id: 'sample',
  initial: 'idle',
  on: { 'sample.reset': '.idle' },
  states: {
    idle: {
      on: {
        'sample.go': [
          { target: 'working', guard: 'isReady' },
          { target: 'working', guard: 'isForced' },
          { target: 'idle' },
        ],
        'sample.poke': {},
      },
    },
    working: {
      initial: 'first',
      states: {
        first: { on: { 'sample.next': 'second' } },
        second: {
          initial: 'a',
          states: { a: { on: { 'sample.flip': 'b' } }, b: {} },
          on: { 'sample.finish': '#sample.done' },
        },
      },
    },
    done: { type: 'final' },
  },
});

const inside = (child: LaidOutNode, parent: LaidOutNode) =>
  child.x >= parent.x &&
  child.y >= parent.y &&
  child.x + child.width <= parent.x + parent.width &&
  child.y + child.height <= parent.y + parent.height;

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const layouts: [string, () => Promise<LaidOutGraph>][] = [
  ['sample', () => layoutFlowGraph(toDiagram('sample', sample))],
  ...['purchaseFunnel', 'cancellationRequest', 'billingHistory'].map((name): [string, () => Promise<LaidOutGraph>] => [
    name,
    () => layoutFlowGraph(toDiagram(name, machines[name]!)),
  ]),
];

describe('layoutFlowGraph', () => {
  it.each(layouts)(
    '%s: nests every state inside its parent box and keeps sibling boxes apart',
    async (_name, layout) => {
      const graph = await layout();
      const byId = new Map(graph.nodes.map((n) => [n.id, n]));
      for (const node of graph.nodes) {
        expect(node.x).toBeGreaterThanOrEqual(0);
        expect(node.y).toBeGreaterThanOrEqual(0);
        expect(node.x + node.width).toBeLessThanOrEqual(graph.width);
        expect(node.y + node.height).toBeLessThanOrEqual(graph.height);
        if (node.parent) expect(inside(node, byId.get(node.parent)!), `${node.id} inside ${node.parent}`).toBe(true);
      }
      const siblings = new Map<string | null, LaidOutNode[]>();
      for (const node of graph.nodes) siblings.set(node.parent, [...(siblings.get(node.parent) ?? []), node]);
      for (const group of siblings.values()) {
        for (const [i, a] of group.entries())
          for (const b of group.slice(i + 1)) expect(overlap(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
      }
    },
  );

  it.each(layouts)(
    '%s: gives every edge a route and a placed label, and one start edge into the deepest initial state',
    async (_name, layout) => {
      const graph = await layout();
      for (const edge of graph.edges) {
        expect(edge.points.length, edge.key).toBeGreaterThanOrEqual(2);
        expect(edge.key).toBe(edgeKey(edge.source, edge.event, edge.target));
        expect(edge.label.text.length).toBeGreaterThan(0);
        expect(edge.label.width).toBeGreaterThan(0);
        expect(edge.label.height).toBeGreaterThan(0);
        expect(edge.label.x + edge.label.width).toBeLessThanOrEqual(graph.width);
      }
      const starts = graph.edges.filter((e) => e.source === null);
      expect(starts).toHaveLength(1);
      expect(starts[0]!.event).toBe(START_EVENT);
      expect(graph.nodes.find((n) => n.id === starts[0]!.target)).toBeDefined();
      expect(graph.nodes.find((n) => n.id === START_NODE_ID)?.kind).toBe('start');
    },
  );

  it('draws the sample as the machine defines it: root transitions from the machine box, one edge per (source, event, target)', async () => {
    const graph = await layoutFlowGraph(toDiagram('sample', sample));
    expect(graph.nodes.map((n) => [n.id, n.parent])).toEqual([
      [START_NODE_ID, null],
      ['sample', null],
      ['sample.idle', 'sample'],
      ['sample.working', 'sample'],
      ['sample.working.first', 'sample.working'],
      ['sample.working.second', 'sample.working'],
      ['sample.working.second.a', 'sample.working.second'],
      ['sample.working.second.b', 'sample.working.second'],
      ['sample.done', 'sample'],
    ]);
    expect(graph.edges.find((e) => e.source === null)?.target).toBe('sample.idle');
    const go = graph.edges.filter((e) => e.event === 'sample.go' && e.target === 'sample.working');
    expect(go).toHaveLength(1);
    expect(go[0]!.guard).toBe('isReady | isForced');
    expect(graph.edges.find((e) => e.event === 'sample.poke')).toMatchObject({
      source: 'sample.idle',
      target: 'sample.idle',
    });
    expect(graph.edges.find((e) => e.event === 'sample.reset')).toMatchObject({
      source: 'sample',
      target: 'sample.idle',
    });
  });

  it('is deterministic: the same machine gives the same SVG twice', async () => {
    const diagram = toDiagram('purchaseFunnel', machines.purchaseFunnel!);
    const [a, b] = [renderFlowSvg(await layoutFlowGraph(diagram)), renderFlowSvg(await layoutFlowGraph(diagram))];
    expect(a).toBe(b);
  });

  it('measures text by a fixed estimate', () => {
    expect(textWidth('', 12)).toBe(0);
    expect(textWidth('mmmm', 12)).toBeGreaterThan(textWidth('iiii', 12));
    expect(textWidth('abc', 12, true)).toBeGreaterThan(textWidth('abc', 12));
  });
});

describe('renderFlowSvg', () => {
  it('is an accessible image with a title and a description', async () => {
    const svg = renderFlowSvg(await layoutFlowGraph(toDiagram('sample', sample)));
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="flow-sample-title flow-sample-desc"/);
    expect(svg).toContain('<title id="flow-sample-title">sample state machine</title>');
    expect(svg).toMatch(
      /<desc id="flow-sample-desc">8 states and \d+ transitions; a visit starts in sample\.idle\.<\/desc>/,
    );
    expect(svg.match(/<g class="state /g)).toHaveLength(8);
  });

  it('draws traffic: stroke width by count, the count on the label, entries and drop-off in the state', async () => {
    const graph = await layoutFlowGraph(toDiagram('sample', sample));
    const plain = renderFlowSvg(graph);
    const busy = edgeKey('sample.idle', 'sample.go', 'sample.working');
    const quiet = edgeKey('sample.working.first', 'sample.next', 'sample.working.second');
    const svg = renderFlowSvg(graph, {
      edgeCounts: { [busy]: 12_000, [quiet]: 30 },
      states: { 'sample.idle': { entries: 12_345, dropOff: 345 } },
    });
    expect(svg).not.toBe(plain);
    const edge = (s: string, key: string) =>
      s.split('\n').find((line) => line.includes(`data-key="${key.replace('>', '&#62;')}"`))!;
    expect(edge(plain, busy)).not.toContain('stroke-width');
    expect(edge(svg, busy)).toContain(`stroke-width:${strokeWidth(12_000, 12_000)}px`);
    expect(edge(svg, quiet)).toContain(`stroke-width:${strokeWidth(30, 12_000)}px`);
    expect(strokeWidth(12_000, 12_000)).toBeGreaterThan(strokeWidth(30, 12_000));
    expect(edge(svg, busy)).toContain('>12,000</tspan>');
    expect(edge(svg, quiet)).toContain('>30</tspan>');
    expect(svg).toContain('12,345 in · 345 end');
    expect(svg).toContain('0 in · 0 end');
  });

  it('marks the edges the paths miss', async () => {
    const graph = await layoutFlowGraph(toDiagram('sample', sample));
    const flip = edgeKey('sample.working.second.a', 'sample.flip', 'sample.working.second.b');
    const go = edgeKey('sample.idle', 'sample.go', 'sample.working');
    const coverage = coverageByKey([
      {
        key: flip,
        source: 'sample.working.second.a',
        event: 'sample.flip',
        target: 'sample.working.second.b',
        unit: true,
        browser: false,
        reason: 'not driven',
      },
      { key: go, source: 'sample.idle', event: 'sample.go', target: 'sample.working', unit: true, browser: true },
      { key: go, source: 'sample.idle', event: 'sample.go', target: 'sample.working', unit: false, browser: true },
    ]);
    expect(coverage[go]).toEqual({ unit: false, browser: true });
    const svg = renderFlowSvg(graph, { coverage });
    expect(svg).toMatch(
      /<g class="edge no-browser" data-key="sample\.working\.second\.a --sample\.flip--&#62; sample\.working\.second\.b">.*✗ browser/,
    );
    expect(svg).toMatch(/<g class="edge no-unit" data-key="sample\.idle --sample\.go--&#62; sample\.working">.*✗ unit/);
    expect(renderFlowSvg(graph)).not.toContain('no-browser"');
  });

  it('formats counts the same everywhere', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});

describe('overlayFromCounts', () => {
  it('keys the API counts by edge key, the start of a visit included', () => {
    const overlay = overlayFromCounts({
      edges: [
        { from: null, event: 'xstate.init', to: 'sample.idle', count: 7 },
        { from: 'sample.idle', event: 'sample.go', to: 'sample.working', count: 5 },
      ],
      states: [{ state: 'sample.idle', entries: 7, dropOff: 2 }],
    });
    expect(overlay).toEqual({
      edgeCounts: { '(start) --xstate.init--> sample.idle': 7, 'sample.idle --sample.go--> sample.working': 5 },
      states: { 'sample.idle': { entries: 7, dropOff: 2 } },
    });
  });
});
