import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { frontEndIsBuilt } from '../../scripts/lib';

/**
 * A real build of this tree for a test file: `npm test` has just built dist/, which is used as it is;
 * a file run alone makes a build of its own in a scratch folder, removed afterwards.
 */
export function realBuild(name: string): string {
  const prebuilt = frontEndIsBuilt();
  const dist = prebuilt ? 'dist' : mkdtempSync(join(tmpdir(), `rp-${name}-`));
  beforeAll(() => {
    if (prebuilt) return;
    const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'], {
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`vite build failed: ${built.stderr}`);
  }, 150_000);
  afterAll(() => {
    if (!prebuilt) rmSync(dist, { recursive: true, force: true });
  });
  return dist;
}
