import { requireBuildManifest, type BuildManifest } from '../../server/http/build-manifest';
import { APP_BASE } from '../../src/routing/route-table';

let manifest: BuildManifest | undefined;
/** The manifest of the build the server under test serves (dist, as scripts/e2e.ts starts it). */
const readManifest = (): BuildManifest => (manifest ??= requireBuildManifest(process.env.DIST_DIR ?? 'dist'));

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
