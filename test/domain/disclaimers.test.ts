import { describe, expect, it } from 'vitest';
import {
  FOOTNOTE_MARKERS,
  decodeEntities,
  disclaimerNodes,
  nodesText,
  parseDisclaimers,
  parseSafeHtml,
  safeHref,
  visibleDisclaimers,
  type SafeNode,
} from '../../src/domain/disclaimers';

const entry = (over: Record<string, unknown>) => ({
  type: 'footnote',
  marker: '¹',
  markerTextSeparator: ' ',
  order: 1,
  display: true,
  text: 'Text',
  isHtml: false,
  ...over,
});

describe('§3 disclaimers: only display=true, sorted by order', () => {
  it('filters and sorts', () => {
    const list = parseDisclaimers([
      entry({ marker: '³', order: 3, text: 'third' }),
      entry({ marker: '*', order: 0, text: 'hidden', display: false }),
      entry({ marker: '¹', order: 1, text: 'first' }),
      entry({ marker: '²', order: 2, text: 'second' }),
    ]);
    expect(visibleDisclaimers(list).map((d) => d.text)).toEqual(['first', 'second', 'third']);
  });

  it.each([
    [
      [entry({ order: 2, text: 'b' }), entry({ order: 2, text: 'c' }), entry({ order: 1, text: 'a' })],
      ['a', 'b', 'c'],
    ],
    [
      [entry({ order: undefined, text: 'last' }), entry({ order: 5, text: 'five' })],
      ['five', 'last'],
    ],
    [
      [entry({ order: '10', text: 'ten' }), entry({ order: 9, text: 'nine' })],
      ['nine', 'ten'],
    ],
    [
      [entry({ order: -1, text: 'minus' }), entry({ order: 0, text: 'zero' })],
      ['minus', 'zero'],
    ],
  ])('order ties keep config order and missing orders go last: %#', (list, texts) => {
    expect(visibleDisclaimers(parseDisclaimers(list)).map((d) => d.text)).toEqual(texts);
  });

  it.each([
    [true, true],
    ['true', true],
    [' TRUE ', true],
    [false, false],
    ['false', false],
    ['yes', false],
    [1, false],
    [undefined, false],
  ])('display %j shows: %s', (display, shown) => {
    expect(visibleDisclaimers(parseDisclaimers([entry({ display })]))).toHaveLength(shown ? 1 : 0);
  });

  it('reads { disclaimers: [...] } and skips entries without text', () => {
    const list = parseDisclaimers({
      disclaimers: [entry({ text: '' }), entry({ text: '  ' }), null, 'x', entry({ text: 'kept' })],
    });
    expect(list.map((d) => d.text)).toEqual(['kept']);
  });

  it.each([[null], [undefined], ['text'], [{}], [{ disclaimers: 'no' }]])('%j has no disclaimers', (data) => {
    expect(parseDisclaimers(data)).toEqual([]);
  });

  it('defaults: separator a space, type and marker empty, not HTML', () => {
    expect(parseDisclaimers([{ text: 'plain', display: true }])[0]).toEqual({
      type: '',
      marker: '',
      markerTextSeparator: ' ',
      order: Number.POSITIVE_INFINITY,
      display: true,
      text: 'plain',
      isHtml: false,
    });
  });

  it.each(FOOTNOTE_MARKERS.map((m) => [m]))('keeps the marker %s and its separator', (marker) => {
    const [d] = parseDisclaimers([entry({ marker: ` ${marker} `, markerTextSeparator: '' })]);
    expect(d).toMatchObject({ marker, markerTextSeparator: '' });
  });
});

describe('§3 disclaimer text is never injected as HTML', () => {
  it('plain text stays exactly as written, tags and all', () => {
    expect(disclaimerNodes({ text: '<b>1 & 2</b>', isHtml: false })).toEqual([{ kind: 'text', text: '<b>1 & 2</b>' }]);
  });

  const cases: [string, string, SafeNode[]][] = [
    [
      'bold and italic',
      'Save <b>14</b> days <i>now</i>',
      [
        { kind: 'text', text: 'Save ' },
        { kind: 'element', tag: 'strong', children: [{ kind: 'text', text: '14' }] },
        { kind: 'text', text: ' days ' },
        { kind: 'element', tag: 'em', children: [{ kind: 'text', text: 'now' }] },
      ],
    ],
    [
      'superscript and a break',
      'Price<sup>1</sup><br/>Terms',
      [
        { kind: 'text', text: 'Price' },
        { kind: 'element', tag: 'sup', children: [{ kind: 'text', text: '1' }] },
        { kind: 'break' },
        { kind: 'text', text: 'Terms' },
      ],
    ],
    [
      'a safe link',
      'See <a href="https://example.com/terms" onclick="x()">terms</a>.',
      [
        { kind: 'text', text: 'See ' },
        { kind: 'link', href: 'https://example.com/terms', children: [{ kind: 'text', text: 'terms' }] },
        { kind: 'text', text: '.' },
      ],
    ],
    [
      'a javascript link keeps only its text',
      '<a href="javascript:alert(1)">click</a>',
      [{ kind: 'text', text: 'click' }],
    ],
    ['a scheme hidden by entities', '<a href="jav&#x09;ascript:alert(1)">x</a>', [{ kind: 'text', text: 'x' }]],
    ['a script is dropped with its content', 'a<script>alert("x")</script>b', [{ kind: 'text', text: 'ab' }]],
    [
      'nested script tags inside a dropped block',
      '<style>p{}<style>q{}</style>r{}</style>ok',
      [{ kind: 'text', text: 'ok' }],
    ],
    ['an image with an onerror handler disappears', 'x<img src=x onerror=alert(1)>y', [{ kind: 'text', text: 'xy' }]],
    [
      'unknown tags keep their text',
      '<span class="red">red</span> <font>old</font>',
      [{ kind: 'text', text: 'red old' }],
    ],
    [
      'blocks become line breaks',
      '<p>one</p><p>two</p>',
      [{ kind: 'text', text: 'one' }, { kind: 'break' }, { kind: 'text', text: 'two' }],
    ],
    ['comments are dropped', 'a<!-- <script>x</script> -->b', [{ kind: 'text', text: 'ab' }]],
    [
      'entities are decoded once',
      'Fish &amp; chips &lt;b&gt; &copy; &#8364; &amp;lt;',
      [{ kind: 'text', text: 'Fish & chips <b> © € &lt;' }],
    ],
    ['a stray angle bracket is text', '1 < 2 and 3 > 2', [{ kind: 'text', text: '1 < 2 and 3 > 2' }]],
    [
      'an unclosed tag closes at the end',
      '<b>bold',
      [{ kind: 'element', tag: 'strong', children: [{ kind: 'text', text: 'bold' }] }],
    ],
    ['a stray closing tag is ignored', 'a</b>b', [{ kind: 'text', text: 'ab' }]],
    [
      'mis-nested tags close what is open',
      '<b><i>x</b>y',
      [
        {
          kind: 'element',
          tag: 'strong',
          children: [{ kind: 'element', tag: 'em', children: [{ kind: 'text', text: 'x' }] }],
        },
        { kind: 'text', text: 'y' },
      ],
    ],
  ];
  it.each(cases)('%s', (_name, html, nodes) => {
    expect(parseSafeHtml(html)).toEqual(nodes);
  });

  it('HTML text reads the same as its visible words', () => {
    expect(nodesText(disclaimerNodes({ text: '<p>Cancel <b>any time</b>.</p><p>See terms.</p>', isHtml: true }))).toBe(
      'Cancel any time.\nSee terms.',
    );
  });
});

describe('link addresses', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['tel:+18005550134', 'tel:+18005550134'],
    ['/payment/terms', '/payment/terms'],
    ['terms.html#refunds', 'terms.html#refunds'],
    ['#refunds', '#refunds'],
    ['  HTTPS://example.com ', 'HTTPS://example.com'],
    ['javascript:alert(1)', null],
    [' JaVaScRiPt:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['vbscript:msgbox', null],
    ['//evil.example.com', null],
    ['\\\\evil', null],
    ['', null],
    ['&#106;avascript:alert(1)', null],
  ])('%j → %j', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });

  it.each([
    ['&#0;', '\ufffd'],
    ['&#xD800;', '\ufffd'],
    ['&unknown;', '&unknown;'],
    ['&#x1F600;', '😀'],
  ])('entity %s → %s', (text, decoded) => {
    expect(decodeEntities(text)).toBe(decoded);
  });
});
