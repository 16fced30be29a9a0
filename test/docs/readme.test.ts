/**
 * The README stays a short entry for users, and the docs it links to stay reachable. Tests written
 * outside the team find the demo personas and the sandbox's test cards in the README (DESIGN.md §3).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const README = 'README.md';
const DOCS = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

/** The persona ids and test cards DESIGN.md fixes as contracts for outside tests. */
const PERSONA_IDS = [
  'new-us',
  'trial-us',
  'active-us',
  'expiring-us',
  'expired-us',
  'suspended-us',
  'active-uk',
  'active-de',
  'new-in',
  'employer',
];
const TEST_CARDS = ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 3220'];

/** The docs issue #53 asks for, each linked from the README. */
const REQUIRED_DOCS = [
  'docs/architecture.md',
  'docs/flows.md',
  'docs/operations.md',
  'docs/benchmarks.md',
  'docs/api.md',
];

/** Private words the code base used for standard ones (render, static page, cached, navigate, baseline). */
const PRIVATE_WORDS = /\bdraw(s|n|ing)?\b|\bat[ -]rest\b|\bfloor\b|\bkept\b|\bmoves?\b/i;

/** Markdown without fenced code blocks and inline code, where link syntax is only text. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of inline links and images, and of reference definitions. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/** A link to a file of this repository: not a URL with a scheme, not protocol-relative, not an anchor on the same page. */
const isRelative = (target: string) =>
  !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//') && !target.startsWith('#');

/** The relative links of a markdown file whose target does not exist, as "file → target". */
function missingTargets(file: string): string[] {
  return linkTargets(read(file))
    .filter(isRelative)
    .filter((target) => {
      const path = decodeURIComponent(target.replace(/[?#].*$/, ''));
      const resolved = path.startsWith('/') ? join(root, path) : join(root, dirname(file), path);
      return !existsSync(resolved);
    })
    .map((target) => `${file} → ${target}`);
}

describe('link extraction', () => {
  it('finds inline links, images and reference definitions, and skips code', () => {
    const markdown = [
      'See [the docs](docs/a.md#part) and ![a picture](img/b.png "title").',
      '[ref]: ../c.md',
      'Not a link: `[x](code.md)`.',
      '```md',
      '[y](fenced.md)',
      '```',
      '[site](https://example.com) [top](#top)',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual(['docs/a.md#part', 'img/b.png', 'https://example.com', '#top', '../c.md']);
    expect(linkTargets(markdown).filter(isRelative)).toEqual(['docs/a.md#part', 'img/b.png', '../c.md']);
  });
});

describe('README', () => {
  const readme = read(README);

  it('is at most 150 lines', () => {
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(150);
  });

  it('names the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });

  it('lists every demo persona and how to sign in as one', () => {
    for (const id of PERSONA_IDS) expect(readme, id).toContain(`\`${id}\``);
    expect(readme).toContain('/api/demo/session?persona=');
  });

  it('lists every test card', () => {
    for (const card of TEST_CARDS) expect(readme, card).toContain(card);
  });

  it('links to each doc of docs/', () => {
    const linked = new Set(linkTargets(readme).map((target) => target.replace(/#.*$/, '')));
    for (const doc of [...REQUIRED_DOCS, ...DOCS]) expect([...linked], doc).toContain(doc);
  });
});

describe('docs', () => {
  it('holds the docs the README promises', () => {
    for (const doc of REQUIRED_DOCS) expect(existsSync(join(root, doc)), doc).toBe(true);
  });

  it('has no relative link to a missing file', () => {
    const missing = [README, ...DOCS].flatMap(missingTargets);
    expect(missing).toEqual([]);
  });

  it('uses the standard words', () => {
    const offending = [README, ...DOCS].flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(root, join(root, file))}:${index + 1}` }))
        .filter(({ line }) => PRIVATE_WORDS.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});
