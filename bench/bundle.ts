import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { filesOf, manifestPathOf, readBuildManifest, staticClosureOf } from '../server/http/build-manifest';

export interface BundleFigure {
  route: string;
  jsGzipKb: number;
  jsBrotliKb: number;
  cssGzipKb: number;
  cssBrotliKb: number;
  files: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * What a route loads before it can be used: every entry chunk (the page's script and the app it
 * starts after the first paint) with its static imports, the modules every page loads at start
 * (`startModules`: the product's start-up schemas, which the server names with the app's code), and
 * the route's own lazy chunk with its static imports (when the route is split out), plus their CSS.
 */
export function measureBundles(distDir: string, routeChunks: Record<string, string | null>, startModules: string[] = []): BundleFigure[] | { missing: string } {
  const manifest = readBuildManifest(distDir);
  if (!manifest) return { missing: `${manifestPathOf(distDir)} (run npm run build)` };
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entryKeys.length === 0) return { missing: 'an entry chunk in the manifest' };

  return Object.entries(routeChunks).map(([route, chunkSource]) => {
    const routeKey = chunkSource ? Object.keys(manifest).find((k) => k === chunkSource || manifest[k]!.src === chunkSource) : undefined;
    const keys = staticClosureOf(manifest, [...entryKeys, ...startModules, ...(routeKey ? [routeKey] : [])]);
    const js = filesOf(manifest, keys);
    const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
    const sizes = (files: string[]) =>
      files.reduce(
        (sum, file) => {
          const content = readFileSync(join(distDir, file));
          return { gzip: sum.gzip + gzipSync(content, { level: 9 }).length, brotli: sum.brotli + brotliCompressSync(content).length };
        },
        { gzip: 0, brotli: 0 },
      );
    const jsSize = sizes(js);
    const cssSize = sizes(css);
    return { route, jsGzipKb: kb(jsSize.gzip), jsBrotliKb: kb(jsSize.brotli), cssGzipKb: kb(cssSize.gzip), cssBrotliKb: kb(cssSize.brotli), files: [...js, ...css] };
  });
}
