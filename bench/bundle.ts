import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { filesOf, manifestPathOf, readBuildManifest, staticClosureOf } from '../server/http/build-manifest';

export interface BundleFigure {
  route: string;
  /** The page is drawn whole by the server and starts the app on the visitor's first touch: the JS figures are the page's own script. */
  atRest: boolean;
  jsGzipKb: number;
  jsBrotliKb: number;
  cssGzipKb: number;
  cssBrotliKb: number;
  files: string[];
  /** For a page at rest: what its first touch then loads (the walk of a page that is not at rest), gzip KB. */
  onFirstTouchJsGzipKb: number | null;
}

/** A route's own lazy chunk (null when it is not split out), or that chunk for a page the server draws at rest. */
export type RouteChunk = string | null | { atRest: string };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * What a route loads before it can be used: every entry chunk (the page's script and the app it
 * starts after the first paint) with its static imports, the modules every page loads at start
 * (`startModules`: the product's start-up schemas, which the server names with the app's code), and
 * the route's own lazy chunk with its static imports (when the route is split out), plus their CSS.
 * A page at rest (the server draws it whole; the app starts on the visitor's first touch) loads only
 * the HTML entry's script and its static imports before that touch, with every stylesheet of the
 * walk above and of the parts the page loads after its plans, which the server links; the walk
 * above is then what the first touch loads.
 */
export function measureBundles(
  distDir: string,
  routeChunks: Record<string, RouteChunk>,
  startModules: string[] = [],
): BundleFigure[] | { missing: string } {
  const manifest = readBuildManifest(distDir);
  if (!manifest) return { missing: `${manifestPathOf(distDir)} (run npm run build)` };
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entryKeys.length === 0) return { missing: 'an entry chunk in the manifest' };
  const htmlEntries = entryKeys.filter((k) => k.endsWith('.html'));
  const sizes = (files: string[]) =>
    files.reduce(
      (sum, file) => {
        const content = readFileSync(join(distDir, file));
        return {
          gzip: sum.gzip + gzipSync(content, { level: 9 }).length,
          brotli: sum.brotli + brotliCompressSync(content).length,
        };
      },
      { gzip: 0, brotli: 0 },
    );

  return Object.entries(routeChunks).map(([route, chunk]) => {
    const atRest = chunk !== null && typeof chunk === 'object';
    const chunkSource = atRest ? chunk.atRest : chunk;
    const routeKey = chunkSource
      ? Object.keys(manifest).find((k) => k === chunkSource || manifest[k]!.src === chunkSource)
      : undefined;
    const walked = staticClosureOf(manifest, [...entryKeys, ...startModules, ...(routeKey ? [routeKey] : [])]);
    const laterParts =
      atRest && routeKey ? staticClosureOf(manifest, manifest[routeKey]!.dynamicImports ?? []) : new Set<string>();
    const js = atRest ? filesOf(manifest, staticClosureOf(manifest, htmlEntries)) : filesOf(manifest, walked);
    const css = [...new Set([...walked, ...laterParts].flatMap((k) => manifest[k]!.css ?? []))];
    const jsSize = sizes(js);
    const cssSize = sizes(css);
    return {
      route,
      atRest,
      jsGzipKb: kb(jsSize.gzip),
      jsBrotliKb: kb(jsSize.brotli),
      cssGzipKb: kb(cssSize.gzip),
      cssBrotliKb: kb(cssSize.brotli),
      files: [...js, ...css],
      onFirstTouchJsGzipKb: atRest ? kb(sizes(filesOf(manifest, walked)).gzip) : null,
    };
  });
}
