/**
 * Draws a laid-out machine as an SVG string, with an optional overlay of recorded traffic
 * (edge thickness and a count on each label, entries and drop-off in each state) and of path
 * coverage (edges the unit or browser paths miss are drawn red). Pure data in, string out: the
 * checked-in diagrams, the explorer and its SVG export are the same picture.
 */
import type { FlowCounts } from '../api/schemas/flows';
import { START_EVENT, edgeKey, eventLabel, type EdgeCoverage } from './graph';
import {
  BOX,
  TEXT,
  edgeLabelLines,
  headerHeight,
  type LaidOutEdge,
  type LaidOutGraph,
  type LaidOutNode,
} from './layout';

export interface StateStats {
  entries: number;
  dropOff: number;
}

export interface FlowOverlay {
  /** Recorded transitions by edge key (`edgeKey`). An edge missing here counts 0. */
  edgeCounts?: Record<string, number>;
  /** Entries and drop-off by state id. */
  states?: Record<string, StateStats>;
  /** Coverage by edge key: see `coverageByKey`. */
  coverage?: Record<string, { unit: boolean; browser: boolean | null }>;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const idSafe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');

/** A count with thousands separators, the same in every runtime and locale. */
export const formatCount = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * One coverage mark per edge key: an edge is covered only when every transition drawn as it is
 * covered, so a gap in one guarded branch still shows.
 */
export function coverageByKey(edges: EdgeCoverage[]): Record<string, { unit: boolean; browser: boolean | null }> {
  const byKey: Record<string, { unit: boolean; browser: boolean | null }> = {};
  for (const e of edges) {
    const seen = byKey[e.key];
    byKey[e.key] = seen
      ? {
          unit: seen.unit && e.unit,
          browser: seen.browser === null || e.browser === null ? null : seen.browser && e.browser,
        }
      : { unit: e.unit, browser: e.browser };
  }
  return byKey;
}

/** The traffic overlay of the counts the API answers (`GET /api/flows/machines/{machine}/counts`). */
export function overlayFromCounts(counts: Pick<FlowCounts, 'edges' | 'states'>): FlowOverlay {
  const edgeCounts: Record<string, number> = {};
  for (const e of counts.edges) {
    const key = edgeKey(e.from, e.event, e.to);
    edgeCounts[key] = (edgeCounts[key] ?? 0) + e.count;
  }
  return {
    edgeCounts,
    states: Object.fromEntries(counts.states.map((s) => [s.state, { entries: s.entries, dropOff: s.dropOff }])),
  };
}

const MIN_STROKE = 1.3;
const MAX_STROKE = 9;

/** Stroke width for a count: the square root of its share of the busiest edge, so small flows stay visible. */
export const strokeWidth = (count: number, max: number) =>
  max <= 0 || count <= 0
    ? MIN_STROKE
    : Math.round((MIN_STROKE + (MAX_STROKE - MIN_STROKE) * Math.sqrt(count / max)) * 10) / 10;

const f = (n: number) => String(Math.round(n * 10) / 10);

const coverageMark = (c: { unit: boolean; browser: boolean | null } | undefined) => {
  if (!c) return '';
  const missed = [...(c.unit ? [] : ['unit']), ...(c.browser === false ? ['browser'] : [])];
  return missed.length ? `✗ ${missed.join('+')}` : '';
};

function drawNode(node: LaidOutNode, overlay: FlowOverlay | undefined): string {
  const { x, y, width: w, height: h } = node;
  if (node.kind === 'start') {
    const r = BOX.startSize / 2;
    return `<g class="start" data-state="${escape(node.id)}"><circle cx="${f(x + r)}" cy="${f(y + r)}" r="${f(r - 1)}"/></g>`;
  }
  const compound = node.kind === 'compound' || node.kind === 'parallel';
  const cx = compound ? x + BOX.padX : x + w / 2;
  const anchor = compound ? 'start' : 'middle';
  const lines: string[] = [];
  let baseline = y + BOX.top + 13;
  lines.push(`<text x="${f(cx)}" y="${f(baseline)}" text-anchor="${anchor}" class="name">${escape(node.label)}</text>`);
  if (node.subtitle) {
    baseline += 13;
    lines.push(
      `<text x="${f(cx)}" y="${f(baseline)}" text-anchor="${anchor}" class="sub">${escape(node.subtitle)}</text>`,
    );
  }
  const stats = overlay?.states?.[node.id];
  if (overlay?.states) {
    const s = stats ?? { entries: 0, dropOff: 0 };
    baseline += TEXT.lineHeight;
    lines.push(
      `<text x="${f(cx)}" y="${f(baseline)}" text-anchor="${anchor}" class="stats">${formatCount(s.entries)} in · ${formatCount(s.dropOff)} end</text>`,
    );
  }
  const title = `${node.id}${stats ? `: ${formatCount(stats.entries)} entries, ${formatCount(stats.dropOff)} ended here` : ''}`;
  const classes = ['state', node.kind, ...(node.initial ? ['initial'] : [])].join(' ');
  const headerRule = compound
    ? `<path class="header" d="M ${f(x)} ${f(y + headerHeight(node.subtitle))} H ${f(x + w)}"/>`
    : '';
  return (
    `<g class="${classes}" data-state="${escape(node.id)}"><title>${escape(title)}</title>` +
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${node.kind === 'final' ? BOX.finalRadius : 8}"/>${headerRule}${lines.join('')}</g>`
  );
}

function drawEdge(edge: LaidOutEdge, overlay: FlowOverlay | undefined, max: number, marker: string): string {
  const [first, ...rest] = edge.points;
  if (!first) return '';
  const d = `M ${f(first.x)} ${f(first.y)}${rest.map((p) => ` L ${f(p.x)} ${f(p.y)}`).join('')}`;
  const count = overlay?.edgeCounts ? (overlay.edgeCounts[edge.key] ?? 0) : null;
  const coverage = overlay?.coverage?.[edge.key];
  const classes = [
    'edge',
    ...(edge.event === START_EVENT ? ['start-edge'] : []),
    ...(coverage && !coverage.unit ? ['no-unit'] : []),
    ...(coverage?.browser === false ? ['no-browser'] : []),
  ];
  const style = count !== null ? ` style="stroke-width:${strokeWidth(count, max)}px"` : '';
  const lines = edgeLabelLines(edge.event, edge.guard);
  const extra = [
    ...(count !== null ? [formatCount(count)] : []),
    ...(coverageMark(coverage) ? [coverageMark(coverage)] : []),
  ].join(' · ');
  const { x, y, width } = edge.label;
  const cx = x + width / 2;
  const tspans = [...lines, ...(extra ? [extra] : [])]
    .map(
      (line, i) =>
        `<tspan x="${f(cx)}" y="${f(y + 11 + i * TEXT.lineHeight)}"${i === lines.length ? ' class="count"' : ''}>${escape(line)}</tspan>`,
    )
    .join('');
  const title = `${edge.source ?? 'start'} → ${edge.target} on ${eventLabel(edge.event)}${edge.guard ? ` if ${edge.guard}` : ''}${count !== null ? `: ${formatCount(count)} transitions` : ''}${coverage ? `; unit paths ${coverage.unit ? 'take it' : 'miss it'}${coverage.browser === null ? '' : `, browser paths ${coverage.browser ? 'take it' : 'miss it'}`}` : ''}`;
  return `<g class="${classes.join(' ')}" data-key="${escape(edge.key)}"><title>${escape(title)}</title><path d="${d}"${style} marker-end="url(#${marker})"/><text text-anchor="middle">${tspans}</text></g>`;
}

const STYLE = [
  'text{font-family:system-ui,sans-serif;font-size:12px;fill:#111827}',
  '.edge path{fill:none;stroke:#6b7280;stroke-width:1.3px}',
  '.edge text{font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}',
  '.edge .count{font-weight:600;fill:#1e3a8a}',
  '.edge.start-edge path{stroke:#111827}',
  '.edge.no-browser path{stroke:#b91c1c;stroke-dasharray:6 4}',
  '.edge.no-unit path{stroke:#b91c1c;stroke-dasharray:2 3}',
  '.edge.no-browser .count,.edge.no-unit .count{fill:#b91c1c}',
  '.start circle{fill:#111827}',
  '.state rect{fill:#eff6ff;stroke:#1d4ed8;stroke-width:1.5px}',
  '.state.compound rect,.state.parallel rect{fill:#f5f3ff;fill-opacity:.55;stroke:#6d28d9}',
  '.state.parallel rect{stroke-dasharray:8 3}',
  '.state .header{stroke:#6d28d9;stroke-opacity:.35}',
  '.state.final rect{fill:#ecfdf5;stroke:#047857;stroke-width:2.5px}',
  '.state.initial rect{stroke-width:3px}',
  '.name{font-weight:600}',
  '.sub{font-size:10px;fill:#374151}',
  '.stats{font-size:10px;fill:#1e3a8a;font-weight:600}',
].join('');

/** The SVG of a laid-out machine; `overlay` adds traffic and coverage. */
export function renderFlowSvg(graph: LaidOutGraph, overlay?: FlowOverlay): string {
  const prefix = `flow-${idSafe(graph.name)}`;
  const marker = `${prefix}-arrow`;
  const counts = overlay?.edgeCounts ? Object.values(overlay.edgeCounts) : [];
  const max = Math.max(0, ...counts);
  const states = graph.nodes.filter((n) => n.kind !== 'start');
  const transitions = graph.edges.filter((e) => e.source !== null);
  const start = graph.edges.find((e) => e.source === null);
  const summary = [
    `${states.length} states and ${transitions.length} transitions${start ? `; a visit starts in ${start.target}` : ''}.`,
    ...(overlay?.edgeCounts
      ? [`Edge thickness and the number under each label show recorded transitions (busiest: ${formatCount(max)}).`]
      : []),
    ...(overlay?.states ? ['Each state shows its entries and the visits that ended in it.'] : []),
    ...(overlay?.coverage
      ? [
          `Red dashed edges are not taken by any browser path, red dotted ones by no unit path: ${Object.values(overlay.coverage).filter((c) => c.browser === false).length} and ${Object.values(overlay.coverage).filter((c) => !c.unit).length}.`,
        ]
      : []),
  ].join(' ');
  const width = Math.ceil(graph.width);
  const height = Math.ceil(graph.height);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${prefix}-title ${prefix}-desc">`,
    `<title id="${prefix}-title">${escape(graph.name)} state machine</title>`,
    `<desc id="${prefix}-desc">${escape(summary)}</desc>`,
    `<defs><marker id="${marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#374151"/></marker></defs>`,
    `<style>${STYLE}</style>`,
    ...graph.nodes.map((n) => drawNode(n, overlay)),
    ...graph.edges.map((e) => drawEdge(e, overlay, max, marker)),
    '</svg>',
    '',
  ].join('\n');
}
