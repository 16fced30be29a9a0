import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  filesOf,
  readBuildManifest,
  requireBuildManifest,
  staticClosureOf,
  type BuildManifest,
} from '../../server/http/build-manifest';

const made: string[] = [];
const distWith = (manifest: BuildManifest | null) => {
  const dist = mkdtempSync(join(tmpdir(), 'manifest-'));
  made.push(dist);
  if (manifest) {
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dist;
};
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const chunks: BuildManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/Page.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  'src/Page.tsx': { file: 'assets/Page.js', src: 'src/Page.tsx', imports: ['_react.js', '_aria.js'] },
  '_aria.js': { file: 'assets/aria.js', imports: ['_react.js'] },
};

describe('the build manifest', () => {
  it('is read from .vite/manifest.json, or null where there is no build', () => {
    expect(readBuildManifest(distWith(chunks))).toEqual(chunks);
    expect(readBuildManifest(distWith(null))).toBeNull();
  });

  it('is required loudly: a folder with no build names the file it lacks', () => {
    expect(requireBuildManifest(distWith(chunks))).toEqual(chunks);
    const empty = distWith(null);
    expect(() => requireBuildManifest(empty)).toThrow(join(empty, '.vite', 'manifest.json'));
  });

  it('walks static imports only, all the way down, once each', () => {
    expect([...staticClosureOf(chunks, ['index.html'])].sort()).toEqual(['_react.js', 'index.html']);
    expect([...staticClosureOf(chunks, ['src/Page.tsx'])].sort()).toEqual(['_aria.js', '_react.js', 'src/Page.tsx']);
    expect([...staticClosureOf(chunks, ['missing.js'])]).toEqual([]);
  });

  it('names the built files of the keys it is given, in their order', () => {
    expect(filesOf(chunks, staticClosureOf(chunks, ['src/Page.tsx']))).toEqual([
      'assets/Page.js',
      'assets/react.js',
      'assets/aria.js',
    ]);
    expect(filesOf(chunks, [])).toEqual([]);
  });
});
