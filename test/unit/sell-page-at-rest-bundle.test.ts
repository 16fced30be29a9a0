import { describe, expect, it } from 'vitest';
import { measureBundles } from '../../bench/bundle';
import { filesOf, requireBuildManifest, staticClosureOf } from '../../server/http/build-manifest';
import { APP_MODULE, STARTUP_SCHEMAS } from '../../src/server-drawn';
import { realBuild } from '../support/real-build';

const dist = realBuild('at-rest-bundle');

const SELL_PAGE = 'src/features/purchase-funnel/sell-page/SellPage.tsx';

/**
 * A guest's sell page at rest loads only the page's own script before the visitor's first touch:
 * the build must keep every library and the app out of that script's static imports, and the
 * bench's walk counts the page at rest as the browser loads it.
 */
describe("the sell page's script at rest, in a real build", () => {
  it("the page's entry imports no library and none of the app's code statically, only the bundler's own helpers: the rest comes on the first touch", () => {
    const manifest = requireBuildManifest(dist);
    const entryFiles = filesOf(manifest, staticClosureOf(manifest, ['index.html']));
    const appFiles = filesOf(manifest, staticClosureOf(manifest, [APP_MODULE, ...STARTUP_SCHEMAS]));
    expect(entryFiles[0]).toBe(manifest['index.html']!.file);
    // The module loader's runtime and the preload helper (with the page-at-rest marks, vite.config.ts), which the app shares.
    expect(entryFiles.slice(1).sort()).toEqual([
      expect.stringMatching(/^assets\/preload-[\w-]+\.js$/),
      expect.stringMatching(/^assets\/rolldown-runtime-[\w-]+\.js$/),
    ]);
    expect(appFiles.length).toBeGreaterThan(10);
  });

  it("the bench's walk counts that script alone for the page at rest, every stylesheet the server links for it, and what the first touch loads", () => {
    const figures = measureBundles(dist, { atRest: { atRest: SELL_PAGE }, started: SELL_PAGE }, STARTUP_SCHEMAS);
    if (!Array.isArray(figures)) throw new Error(figures.missing);
    const [atRest, started] = figures as [(typeof figures)[0], (typeof figures)[0]];
    expect(atRest.atRest).toBe(true);
    expect(started.atRest).toBe(false);
    expect(atRest.files.filter((file) => file.endsWith('.js'))).toEqual(
      filesOf(requireBuildManifest(dist), staticClosureOf(requireBuildManifest(dist), ['index.html'])),
    );
    expect(atRest.jsGzipKb).toBeLessThan(started.jsGzipKb / 10);
    expect(atRest.onFirstTouchJsGzipKb).toBe(started.jsGzipKb);
    expect(started.onFirstTouchJsGzipKb).toBeNull();
    // The page at rest is drawn whole, the parts below its plans too: their styles are linked with the rest.
    const css = (files: string[]) => files.filter((file) => file.endsWith('.css'));
    expect(css(atRest.files)).toEqual(expect.arrayContaining(css(started.files)));
    expect(css(atRest.files).length).toBeGreaterThan(css(started.files).length);
  });
});
