import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFloorApp, productOutputOptions } from '../../bench/floor-app';
import { requireBuildManifest } from '../../server/http/build-manifest';
import viteConfig from '../../vite.config';

const outDir = mkdtempSync(join(tmpdir(), 'rp-floor-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/**
 * The floor app is the reference every page figure is divided by: it must be built the way the
 * product is, with the product's chunk groups, or the two JS figures are not alike.
 */
describe('the floor app', () => {
  it("is built with the product's chunk groups, and measured by the manifest walk", async () => {
    const floor = await buildFloorApp('bench/results', outDir);
    const files = Object.values(requireBuildManifest(outDir)).map((chunk) => chunk.file);
    // The libraries fall into the product's groups, as they do in the app's own build.
    for (const group of ['react', 'routing', 'state', 'aria'])
      expect(
        files.some((file) => new RegExp(`^assets/${group}-[\\w-]{8}\\.js$`).test(file)),
        `${group} in ${files.join(', ')}`,
      ).toBe(true);
    // The lazy tooltip is not in its first view's figure; React and the rest are.
    expect(floor.jsGzipKb).toBeGreaterThan(100);
  }, 120_000);

  it('refuses a config whose client environment has no output options of its own', () => {
    expect(() => productOutputOptions({ build: {} })).toThrow(/client environment/);
    expect(productOutputOptions(viteConfig)).toHaveProperty('codeSplitting');
  });
});
