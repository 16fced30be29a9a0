import { eventLabel, type Diagram, type DiagramNode } from './graph';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const CHAR = 7.2;
const BOX_H = 44;
const GAP_X = 200;
const GAP_Y = 36;

interface Placed {
  node: DiagramNode;
  x: number;
  y: number;
  w: number;
}

const displayName = (node: DiagramNode) => (node.parent ? node.id.split('.').slice(-2).join('.') : node.key);
const subtitle = (node: DiagramNode) => [...node.invokes.map((i) => `invoke ${i}`), ...node.tags.map((t) => `#${t}`)].join(' · ');

/** Layers by distance from the initial state; a deterministic, dependency-free layout. */
function layers(diagram: Diagram): DiagramNode[][] {
  const next = new Map<string, string[]>();
  const link = (a: string, b: string) => next.set(a, [...(next.get(a) ?? []), b]);
  for (const e of diagram.edges) if (e.source !== e.target) link(e.source, e.target);
  for (const n of diagram.nodes) if (n.parent && n.initial) link(n.parent, n.id);
  const start = diagram.nodes.find((n) => n.parent === null && n.initial) ?? diagram.nodes[0];
  const depth = new Map<string, number>();
  if (start) depth.set(start.id, 0);
  const queue = start ? [start.id] : [];
  while (queue.length) {
    const id = queue.shift()!;
    for (const target of next.get(id) ?? []) {
      if (!depth.has(target)) {
        depth.set(target, depth.get(id)! + 1);
        queue.push(target);
      }
    }
  }
  const last = Math.max(0, ...depth.values()) + 1;
  const result: DiagramNode[][] = [];
  for (const node of diagram.nodes) {
    const d = depth.get(node.id) ?? last;
    (result[d] ??= []).push(node);
  }
  return result.filter(Boolean);
}

export function toSvg(diagram: Diagram): string {
  const columns = layers(diagram);
  const placed = new Map<string, Placed>();
  let x = 20;
  let height = 0;
  for (const column of columns) {
    const widths = column.map((n) => Math.max(120, displayName(n).length * CHAR + 24, subtitle(n).length * 6 + 24));
    const w = Math.max(...widths);
    column.forEach((node, i) => {
      const y = 40 + i * (BOX_H + GAP_Y);
      placed.set(node.id, { node, x, y, w });
      height = Math.max(height, y + BOX_H);
    });
    x += w + GAP_X;
  }
  const width = x - GAP_X + 20;
  const parts: string[] = [];
  // Transitions between the same two states share one arrow with one label line each.
  const grouped = new Map<string, { source: string; target: string; labels: string[] }>();
  for (const edge of diagram.edges) {
    const key = `${edge.source}>${edge.target}`;
    const entry = grouped.get(key) ?? { source: edge.source, target: edge.target, labels: [] };
    entry.labels.push(`${eventLabel(edge.event)}${edge.guard ? ` [${edge.guard}]` : ''}`);
    grouped.set(key, entry);
  }
  for (const node of diagram.nodes) {
    if (!node.parent || !node.initial) continue;
    const a = placed.get(node.parent);
    const b = placed.get(node.id);
    if (a && b) parts.push(`<path class="initial-link" d="M ${a.x + a.w / 2} ${a.y + BOX_H} C ${a.x + a.w / 2} ${a.y + BOX_H + 40}, ${b.x - 40} ${b.y + BOX_H / 2}, ${b.x} ${b.y + BOX_H / 2}" marker-end="url(#arrow)"/>`);
  }
  [...grouped.values()].forEach((edge) => {
    const a = placed.get(edge.source);
    const b = placed.get(edge.target);
    if (!a || !b) return;
    const labels = edge.labels;
    const x1 = a.x + a.w;
    const y1 = a.y + BOX_H / 2;
    const forward = b.x > a.x;
    const x2 = forward ? b.x : b.x + b.w / 2;
    const y2 = forward ? b.y + BOX_H / 2 : b.y + BOX_H;
    const path = a === b
      ? `M ${x1} ${y1 - 8} C ${x1 + 50} ${y1 - 40}, ${x1 + 50} ${y1 + 40}, ${x1} ${y1 + 8}`
      : forward
        ? `M ${x1} ${y1} C ${x1 + GAP_X / 2} ${y1}, ${x2 - GAP_X / 2} ${y2}, ${x2} ${y2}`
        : `M ${x1} ${y1} C ${x1 + 60} ${y1 + 80}, ${x2} ${y2 + 80}, ${x2} ${y2}`;
    const lx = a === b ? x1 + 54 : forward ? (x1 + x2) / 2 : (x1 + x2) / 2;
    const ly = a === b ? y1 : forward ? (y1 + y2) / 2 - 4 : Math.max(y1, y2) + 50;
    const top = ly - ((labels.length - 1) * 13) / 2;
    const tspans = labels.map((label, i) => `<tspan x="${lx.toFixed(1)}" y="${(top + i * 13).toFixed(1)}">${escape(label)}</tspan>`).join('');
    parts.push(`<g class="edge"><path d="${path}" marker-end="url(#arrow)"/><text text-anchor="middle">${tspans}</text></g>`);
    height = Math.max(height, top + labels.length * 13 + 20);
  });
  for (const { node, x: nx, y, w } of placed.values()) {
    const name = displayName(node);
    const sub = subtitle(node);
    parts.push(
      `<g class="state ${node.kind}${node.initial ? ' initial' : ''}"><rect x="${nx}" y="${y}" width="${w}" height="${BOX_H}" rx="${node.kind === 'final' ? 22 : 8}"/>` +
        `<text x="${nx + w / 2}" y="${y + (sub ? 19 : 27)}" text-anchor="middle" class="name">${escape(name)}</text>` +
        (sub ? `<text x="${nx + w / 2}" y="${y + 35}" text-anchor="middle" class="sub">${escape(sub)}</text>` : '') +
        `</g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(height + 20)}" role="img" aria-labelledby="title">
<title id="title">${escape(diagram.name)} state machine</title>
<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#374151"/></marker></defs>
<style>text{font-family:system-ui,sans-serif;font-size:12px;fill:#111827}.edge path{fill:none;stroke:#6b7280;stroke-width:1.3}.initial-link{fill:none;stroke:#6d28d9;stroke-dasharray:4 3}.edge text{font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:4px}.state rect{fill:#eff6ff;stroke:#1d4ed8;stroke-width:1.5}.state.compound rect{fill:#f5f3ff;stroke:#6d28d9}.state.final rect{fill:#ecfdf5;stroke:#047857;stroke-width:2.5}.state.initial rect{stroke-width:3}.name{font-weight:600}.sub{font-size:10px;fill:#374151}</style>
${parts.join('\n')}
</svg>
`;
}
