import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One module of a Vite build, as its manifest (`build.manifest`) describes it. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** Where a build in `distDir` keeps its manifest (the app's, or the flow explorer's `flows-manifest.json`). */
export const manifestPathOf = (distDir: string, name = 'manifest.json') => join(distDir, '.vite', name);

/** The build's manifest, or null when `distDir` holds no build. */
export function readBuildManifest(distDir: string, name = 'manifest.json'): BuildManifest | null {
  const file = manifestPathOf(distDir, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : null;
}

/** The build's manifest; throws, naming what is missing, when `distDir` holds no build. */
export function requireBuildManifest(distDir: string, name = 'manifest.json'): BuildManifest {
  const manifest = readBuildManifest(distDir, name);
  if (!manifest)
    throw new Error(`No build in ${distDir}: ${manifestPathOf(distDir, name)} is missing (run npm run build)`);
  return manifest;
}

/** The manifest keys a browser loads before `roots` run: the roots and their static imports, all the way down. */
export function staticClosureOf(manifest: BuildManifest, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** The built files of the given manifest keys, in their order. */
export function filesOf(manifest: BuildManifest, keys: Iterable<string>): string[] {
  return [...keys].map((key) => manifest[key]!.file);
}
