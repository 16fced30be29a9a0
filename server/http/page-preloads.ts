import {
  APP_MODULE,
  EARLY_PAGES,
  STARTUP_READS,
  STARTUP_SCHEMAS,
  earlyPageOf,
  pageModuleOf,
  textPackModule,
  textPacksForPath,
} from '../../src/server-drawn';
import { filesOf, readBuildManifest, staticClosureOf, type BuildManifest } from './build-manifest';

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

export interface PreloadOptions {
  /** The server drew the page's top (checkout, billing history, the survey), so its code and styles are asked for at once. */
  pageDrawn?: boolean;
  /**
   * The server drew the whole page at rest (drawn-sell-page.ts): its styles, those of the parts below
   * its first screen too, are linked; nothing is read ahead, as the app does not start before the
   * visitor touches the page.
   */
  atRest?: boolean;
  /** The person the session cookie names: their id and their account's culture (one we have texts for). */
  signedIn?: { userUid: string; culture: string };
}

export interface PagePreloads {
  /** For the head: the page's own styles (linked, so the frame the server draws is styled at the first paint) and its first reads. */
  head: string;
  /** Fetched once the page has painted (main.tsx adds them): code and texts, which would otherwise take bandwidth from that paint. */
  afterPaint: string;
}

/**
 * What lets the browser fetch a page's needs early: on every page the app's code (main.tsx starts
 * it after the first paint), the texts of the visitor's culture that the page draws from (the app
 * loads them before it draws) and start-up's reads; on a page whose module is known also its code and its styles, and
 * on a money page its own reads. Fetch
 * preloads are taken over by the app's identical reads.
 */
export function pagePreloads(distDir: string, appBase: string, apiBase: string) {
  let manifest: BuildManifest | null | undefined;
  let entryFiles: Set<string> = new Set();
  // What main.tsx imports one by one after the paint (React, the library chunks, the app) and the
  // schemas of start-up's reads: each would otherwise be a round trip of its own, one after the other.
  let startModules: string[] = [APP_MODULE, ...STARTUP_SCHEMAS];
  const load = (): BuildManifest | null => {
    if (manifest !== undefined) return manifest;
    manifest = readBuildManifest(distDir);
    const entry = manifest && Object.keys(manifest).find((key) => manifest![key]!.isEntry && key !== APP_MODULE);
    entryFiles = new Set(entry ? filesOf(manifest!, staticClosureOf(manifest!, [entry])) : []);
    startModules = [
      ...new Set([...((entry && manifest![entry]!.dynamicImports) ?? []), APP_MODULE, ...STARTUP_SCHEMAS]),
    ];
    return manifest;
  };

  return (pathname: string, search: string, culture: string, options: PreloadOptions = {}): PagePreloads => {
    const chunks = load();
    if (!chunks) return { head: '', afterPaint: '' };
    const page = earlyPageOf(pathname);
    const early = page ? EARLY_PAGES[page] : null;
    // A signed-in person's pages switch to their account's language once start-up knows it.
    const cultures = new Set([culture, ...(options.signedIn ? [options.signedIn.culture] : [])]);
    const packs = textPacksForPath(pathname);
    const texts = [...cultures]
      .flatMap((c) => packs.map((pack) => textPackModule(c, pack)))
      .filter((key) => chunks[key]);
    const notInEntry = (key: string) => !entryFiles.has(chunks[key]!.file);
    const appKeys = [...staticClosureOf(chunks, startModules)].filter(notInEntry);
    const pageModule = pageModuleOf(pathname);
    const pageKeys = [...staticClosureOf(chunks, [...(pageModule ? [pageModule] : []), ...texts])].filter(
      (key) => notInEntry(key) && !appKeys.includes(key),
    );
    const asset = (file: string) => escapeAttribute(`${appBase}/${file}`);
    const cssOf = (keys: string[]) => [...new Set(keys.flatMap((key) => chunks[key]!.css ?? []))];
    // An early page's frame, or a page top the server drew, is styled at the first paint: its
    // styles are linked; another page's are only fetched early, and applied when its code takes them.
    const stylesFirst = early !== null || options.pageDrawn === true;
    // At rest the whole page is drawn at once, with the app's shared styles and those of the parts it loads after its plans.
    const laterParts =
      options.atRest && pageModule
        ? [...staticClosureOf(chunks, chunks[pageModule]?.dynamicImports ?? [])].filter(
            (key) => notInEntry(key) && !appKeys.includes(key),
          )
        : [];
    const linked = options.atRest ? [...appKeys, ...pageKeys, ...laterParts] : pageKeys;
    const head = stylesFirst
      ? cssOf(linked).map((file) => `<link rel="stylesheet" crossorigin href="${asset(file)}">`)
      : [];
    // Where the server drew the page's top, the app draws it again from its first drawing, with the
    // page's own code: that code is asked for at once, beside the first paint's styles. Named after
    // the paint instead, it no longer shares the line with those styles and the first paint comes
    // earlier (Lighthouse's mobile LCP on checkout and billing history: about 1.1 s against 1.6),
    // but the app's start-up then runs after that paint, where its tasks count as blocking time
    // (TBT: about 180 ms against 100). Checkout's blocking time is the budget that binds.
    const pageCodeFirst = options.pageDrawn === true;
    if (pageCodeFirst)
      head.push(
        ...pageKeys
          .filter((key) => !key.startsWith('src/i18n/'))
          .map((key) => `<link rel="modulepreload" crossorigin href="${asset(chunks[key]!.file)}">`),
      );
    // A page opened with fromcache=FALSE adds that to every read, so these URLs would not match.
    if (!/[?&]fromcache=/i.test(search) && !options.atRest) {
      // Start-up reads a signed-in person's preferences as soon as it has their claims: named here, that is no round trip of its own.
      const ownReads = options.signedIn ? [`users/${encodeURIComponent(options.signedIn.userUid)}/preferences`] : [];
      for (const read of [...STARTUP_READS, ...ownReads, ...(early?.reads ?? [])])
        head.push(
          `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(`${apiBase}/${read}`)}">`,
        );
    }
    const afterPaint = [
      ...cssOf(options.atRest ? [] : stylesFirst ? appKeys : [...appKeys, ...pageKeys]).map(
        (file) => `<link rel="preload" as="style" crossorigin href="${asset(file)}">`,
      ),
      ...[...appKeys, ...pageKeys.filter((key) => !pageCodeFirst || key.startsWith('src/i18n/'))].map(
        (key) => `<link rel="modulepreload" crossorigin href="${asset(chunks[key]!.file)}">`,
      ),
    ];
    return { head: head.join(''), afterPaint: afterPaint.join('') };
  };
}
