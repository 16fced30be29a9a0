import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_BASE } from '../../src/routing/route-table';

type Manifest = Record<string, { file: string }>;

let manifest: Manifest | undefined;
/** The manifest of the build the server under test serves (dist, as scripts/e2e.ts starts it). */
const readManifest = (): Manifest => (manifest ??= JSON.parse(readFileSync(join(process.env.DIST_DIR ?? 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest);

/**
 * The address the browser fetches a source module's chunk from, read from the build's manifest,
 * so a test finds the chunk whatever name and hash the bundler gave it.
 */
export function builtFileOf(source: string): string {
  const entry = readManifest()[source];
  if (!entry) throw new Error(`The build has no chunk for ${source}`);
  return `${APP_BASE}/${entry.file}`;
}

/** Whether a request's address is the chunk of that source module. */
export const isBuiltFileOf = (source: string) => {
  const path = builtFileOf(source);
  return (url: string | URL) => new URL(url).pathname === path;
};
