import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EARLY_PAGES, STARTUP_READS, earlyPageOf } from '../../src/routing/early-pages';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The browser's preferred languages, most wanted first, as `navigator.languages` would list them. */
export function languagesOf(acceptLanguage: string | undefined): string[] {
  return (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), weight: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map((l) => l.tag);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Head tags that let the browser fetch what a page needs while the app's own code is still
 * arriving: the texts of the visitor's culture (the app loads them all before it draws) and
 * start-up's reads, on every page; on a money page also its code, its styles (linked, so the
 * frame the server draws is styled from the first paint) and its own reads. Fetch preloads are
 * taken over by the app's identical reads.
 */
export function pagePreloads(distDir: string, appBase: string, apiBase: string) {
  let manifest: Manifest | null | undefined;
  let entryFiles: Set<string> = new Set();
  const load = (): Manifest | null => {
    if (manifest !== undefined) return manifest;
    const file = join(distDir, '.vite', 'manifest.json');
    manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
    const entry = manifest && Object.keys(manifest).find((key) => manifest![key]!.isEntry);
    entryFiles = new Set(entry ? [...closureOf(manifest!, [entry])].map((key) => manifest![key]!.file) : []);
    return manifest;
  };

  return (pathname: string, search: string, culture: string): string => {
    const chunks = load();
    if (!chunks) return '';
    const page = earlyPageOf(pathname);
    const early = page ? EARLY_PAGES[page] : null;
    const texts = Object.keys(chunks).filter((key) => key.startsWith(`src/i18n/locales/${culture}/`));
    const roots = [...(early ? [early.module] : []), ...texts].filter((key) => chunks[key]);
    const keys = [...closureOf(chunks, roots)].filter((key) => !entryFiles.has(chunks[key]!.file));
    const asset = (file: string) => escapeAttribute(`${appBase}/${file}`);
    const tags = [
      ...[...new Set(keys.flatMap((key) => chunks[key]!.css ?? []))].map((file) => `<link rel="stylesheet" crossorigin href="${asset(file)}">`),
      ...keys.map((key) => `<link rel="modulepreload" crossorigin href="${asset(chunks[key]!.file)}">`),
    ];
    // A page opened with fromcache=FALSE adds that to every read, so these URLs would not match.
    if (!/[?&]fromcache=/i.test(search)) {
      for (const read of [...STARTUP_READS, ...(early?.reads ?? [])]) tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(`${apiBase}/${read}`)}">`);
    }
    return tags.join('');
  };
}

function closureOf(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}
