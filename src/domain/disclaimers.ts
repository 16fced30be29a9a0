/**
 * Disclaimers under the sell page (spec §3 "Disclaimer").
 *
 * Config Data: a list (or { disclaimers: [...] }) of { type, marker, markerTextSeparator,
 * order, display, text, isHtml }. Markers are footnote signs such as ¹ ² ³ ⁴ * 1. 2.
 * - Only entries with display true are shown, sorted by order (ties keep the config order;
 *   an entry without an order goes last).
 * - Text marked isHtml is never injected as HTML: it is read into a small tree of safe nodes
 *   (bold, italic, underline, super/subscript, line breaks, links to http(s), mailto, tel
 *   or relative addresses) and everything else becomes plain text. Script-like elements
 *   are dropped with their content.
 */

export const FOOTNOTE_MARKERS = ['¹', '²', '³', '⁴', '*', '1.', '2.'] as const;

export interface Disclaimer {
  type: string;
  marker: string;
  markerTextSeparator: string;
  order: number;
  display: boolean;
  text: string;
  isHtml: boolean;
}

const asFlag = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');

const asOrder = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
};

function parseDisclaimer(value: unknown): Disclaimer | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = value as Record<string, unknown>;
  if (typeof d.text !== 'string' || d.text.trim() === '') return null;
  return {
    type: typeof d.type === 'string' ? d.type.trim() : '',
    marker: typeof d.marker === 'string' ? d.marker.trim() : '',
    markerTextSeparator: typeof d.markerTextSeparator === 'string' ? d.markerTextSeparator : ' ',
    order: asOrder(d.order),
    display: asFlag(d.display),
    text: d.text,
    isHtml: asFlag(d.isHtml),
  };
}

/** Every readable entry of the config Data, in config order; unreadable entries are skipped. */
export function parseDisclaimers(data: unknown): Disclaimer[] {
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && Array.isArray((data as { disclaimers?: unknown }).disclaimers)
      ? (data as { disclaimers: unknown[] }).disclaimers
      : [];
  return list.map(parseDisclaimer).filter((d): d is Disclaimer => d !== null);
}

/** Entries to show: display true, by order. */
export function visibleDisclaimers(list: readonly Disclaimer[]): Disclaimer[] {
  return list
    .map((d, index) => ({ d, index }))
    .filter(({ d }) => d.display)
    .sort((a, b) => (a.d.order === b.d.order ? a.index - b.index : a.d.order < b.d.order ? -1 : 1))
    .map(({ d }) => d);
}

// ---------------------------------------------------------------------------------------
// A safe subset of HTML, as data the view renders with React elements.

export type SafeTag = 'strong' | 'em' | 'u' | 'sup' | 'sub';

export type SafeNode =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'element'; tag: SafeTag; children: SafeNode[] }
  | { kind: 'link'; href: string; children: SafeNode[] };

const TAGS: Readonly<Record<string, SafeTag>> = {
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  u: 'u',
  sup: 'sup',
  sub: 'sub',
};
const BLOCKS = new Set(['p', 'div', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'table', 'blockquote']);
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'textarea',
  'title',
  'head',
  'select',
]);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  sup1: '¹',
  sup2: '²',
  sup3: '³',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** An address a disclaimer link may point to: http(s), mailto, tel or relative; null otherwise. */
export function safeHref(raw: string): string | null {
  const href = decodeEntities(raw).trim();
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = [...href]
    .filter((c) => c.charCodeAt(0) > 0x20 && c !== '\u007f')
    .join('')
    .toLowerCase();
  if (compact === '' || compact.startsWith('//') || compact.startsWith('\\')) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  if (scheme === undefined) return compact.includes(':') && !/^[^:]*[/?#]/.test(compact) ? null : href;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme) ? href : null;
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

interface Frame {
  name: string;
  children: SafeNode[];
}

/** Reads HTML into safe nodes; what is not in the subset is kept as its text, or dropped if script-like. */
export function parseSafeHtml(html: string): SafeNode[] {
  const root: Frame = { name: '#root', children: [] };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1]!;
  const pushText = (text: string) => {
    if (!text) return;
    const children = top().children;
    const last = children[children.length - 1];
    if (last?.kind === 'text') last.text += text;
    else children.push({ kind: 'text', text });
  };
  const pushBreak = () => {
    const children = top().children;
    if (children.length > 0 && children[children.length - 1]!.kind !== 'break') children.push({ kind: 'break' });
  };

  let dropping: { name: string; depth: number } | null = null;
  let cursor = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [whole, slash, rawName = '', attributes = ''] = match;
    const text = html.slice(cursor, match.index);
    cursor = match.index + whole.length;
    if (!dropping) pushText(decodeEntities(text));
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    const closing = slash === '/';

    if (dropping) {
      if (name === dropping.name) dropping.depth += closing ? -1 : 1;
      if (dropping.depth === 0) dropping = null;
      continue;
    }
    if (DROPPED.has(name)) {
      if (!closing && !/\/\s*>$/.test(whole)) dropping = { name, depth: 1 };
      continue;
    }
    if (name === 'br') {
      top().children.push({ kind: 'break' });
      continue;
    }
    if (BLOCKS.has(name)) {
      pushBreak();
      continue;
    }
    const tag = TAGS[name];
    const isLink = name === 'a';
    if (!tag && !isLink) continue;

    if (closing) {
      const at = stack.findLastIndex((f) => f.name === (isLink ? 'a' : tag));
      if (at <= 0) continue;
      while (stack.length > at) stack.pop();
      continue;
    }
    if (isLink) {
      const found = HREF.exec(attributes);
      const href = found ? safeHref(found[1] ?? found[2] ?? found[3] ?? '') : null;
      if (href === null) continue;
      const node: SafeNode = { kind: 'link', href, children: [] };
      top().children.push(node);
      stack.push({ name: 'a', children: node.children });
      continue;
    }
    const node: SafeNode = { kind: 'element', tag: tag!, children: [] };
    top().children.push(node);
    stack.push({ name: tag!, children: node.children });
  }
  if (!dropping) pushText(decodeEntities(html.slice(cursor)));
  return trimBreaks(root.children);
}

function trimBreaks(nodes: SafeNode[]): SafeNode[] {
  let start = 0;
  let end = nodes.length;
  while (start < end && nodes[start]!.kind === 'break') start += 1;
  while (end > start && nodes[end - 1]!.kind === 'break') end -= 1;
  return nodes.slice(start, end);
}

/** A disclaimer's text as safe nodes: plain text stays exactly as written. */
export function disclaimerNodes(disclaimer: Pick<Disclaimer, 'text' | 'isHtml'>): SafeNode[] {
  return disclaimer.isHtml ? parseSafeHtml(disclaimer.text) : [{ kind: 'text', text: disclaimer.text }];
}

/** The text alone, for a test or an accessible name. */
export function nodesText(nodes: readonly SafeNode[]): string {
  return nodes.map((n) => (n.kind === 'text' ? n.text : n.kind === 'break' ? '\n' : nodesText(n.children))).join('');
}
