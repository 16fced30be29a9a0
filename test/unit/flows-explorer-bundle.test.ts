import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundles } from '../../bench/bundle';
import { filesOf, requireBuildManifest, staticClosureOf, type BuildManifest } from '../../server/http/build-manifest';
import { STARTUP_SCHEMAS } from '../../src/server-drawn';
import { realBuild } from '../support/real-build';
import { CHUNK_MODULES_FILE, type ChunkModules } from '../../scripts/chunk-modules';
import { STARTUP_MACHINE_FAMILIES } from '../../src/start/startup-machines';

const dist = realBuild('flows-bundle');

const manifest = (name: string): BuildManifest => requireBuildManifest(dist, name);
const sellPageFiles = () => {
  const figures = measureBundles(
    dist,
    { pricing: 'src/features/purchase-funnel/sell-page/SellPage.tsx' },
    STARTUP_SCHEMAS,
  );
  if (!Array.isArray(figures)) throw new Error(`no bundle figures: ${figures.missing}`);
  return figures[0]!.files;
};

/** The build's own record of the project's modules in each chunk (scripts/chunk-modules.ts). */
const chunkModules = (): ChunkModules =>
  JSON.parse(readFileSync(join(dist, '.vite', CHUNK_MODULES_FILE), 'utf8')) as ChunkModules;
/** The file a module is built into. */
const fileHolding = (module: string): string | undefined =>
  Object.entries(chunkModules()).find(([, modules]) => modules.includes(module))?.[0];

/** The files a chunk loads before it runs: itself and its static imports, all the way down. */
const staticClosure = (chunks: BuildManifest, key: string): string[] => filesOf(chunks, staticClosureOf(chunks, [key]));

/**
 * The flow explorer is its own Vite build (flows.html): after a real build, nothing the sell page
 * loads (its entries and the sell page's chunk, walked as the bench walks them) holds the
 * explorer's code or the layout library.
 */
describe('the flow explorer in the build', () => {
  it("keeps the explorer's code and elkjs out of every file the sell page loads", () => {
    const sellFiles = sellPageFiles();
    expect(sellFiles.length).toBeGreaterThan(3);

    const app = manifest('manifest.json');
    expect(
      Object.keys(app).filter((key) => key.includes('flows-explorer') || key.includes('elkjs') || key === 'flows.html'),
    ).toEqual([]);

    const explorer = manifest('flows-manifest.json');
    expect(explorer['flows.html']?.isEntry).toBe(true);
    // The explorer's own chunks (its entry and the app it loads) are none of the sell page's files.
    const explorerFiles = Object.entries(explorer)
      .filter(([key]) => key === 'flows.html' || key.startsWith('src/flows-explorer/'))
      .map(([, chunk]) => chunk.file);
    expect(explorerFiles.length).toBeGreaterThan(1);
    expect(sellFiles.filter((file) => explorerFiles.includes(file))).toEqual([]);

    // And no sell-page file carries the layout library's code or the explorer's texts.
    for (const file of sellFiles.filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(dist, file), 'utf8');
      expect(code.includes('org.eclipse.elk'), `${file} holds elkjs`).toBe(false);
      expect(code.includes('Flow explorer'), `${file} holds the explorer`).toBe(false);
    }
    const explorerCode = explorerFiles
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dist, f), 'utf8'))
      .join('\n');
    expect(explorerCode).toContain('Flow explorer');
  });
});

/**
 * Collapsed, the tester panel is a small button: what it shows only when opened (the selects,
 * fields and lists, with react-aria's list box) is a chunk of its own, loaded on demand.
 */
describe('the tester panel in the build', () => {
  it('loads nothing but its own small file beyond what the sell page already loaded, until it is opened', () => {
    const app = manifest('manifest.json');
    const widget = 'src/features/tester-panel/TesterPanelWidget.tsx';
    const content = 'src/features/tester-panel/TesterPanelContent.tsx';
    expect(app[widget]?.dynamicImports).toContain(content);
    const sellFiles = sellPageFiles();
    const beyondTheSellPage = staticClosure(app, widget).filter((file) => !sellFiles.includes(file));
    const contentFile = app[content]!.file;
    expect(beyondTheSellPage).not.toContain(contentFile);
    // Its own file and the storage helpers it shares with the open panel, and nothing else.
    expect(beyondTheSellPage.map((file) => file.replace(/^assets\/|-[\w-]{8}\.js$/g, '')).sort()).toEqual([
      'TesterPanelWidget',
      'panel-storage',
    ]);
    expect(readFileSync(join(dist, contentFile), 'utf8')).toContain('listbox');
  });
});

/**
 * main.tsx runs the start-up's chunks one step at a time, a pause after each, so none of them is
 * one long task (vite.config.ts groups them). That holds only while no step's chunk imports the
 * chunk of a later step: the later one would then run early, inside the earlier step's task.
 */
describe("the start-up's steps in the build", () => {
  it("each step runs a chunk of its own, and none of them loads a later step's chunk", () => {
    const chunks = manifest('manifest.json');
    const steps = chunks['index.html']!.dynamicImports ?? [];
    expect(steps.slice(0, 3)).toEqual([
      'node_modules/react-dom/client.js',
      'src/start/aria-libraries.ts',
      'src/start/libraries.ts',
    ]);
    expect(steps).toContain('src/app/startup.ts');
    expect(steps.at(-1)).toBe('src/boot.tsx');
    const ownChunks = steps.slice(0, -1).map((step) => chunks[step]!.imports ?? []);
    ownChunks.forEach((own, i) => expect(own.length, steps[i]).toBeGreaterThan(0));
    expect(new Set(ownChunks.flat()).size, 'each step has chunks no other step has').toBe(ownChunks.flat().length);
    steps.slice(0, -1).forEach((step, i) => {
      const loads = staticClosure(chunks, step);
      for (const later of ownChunks.slice(i + 1).flat())
        expect(loads, `${step} loads ${later}`).not.toContain(chunks[later]!.file);
    });
  });

  it("builds each machine held at start, the app's logic and the rest of the app in files of their own, each a step", () => {
    const chunks = manifest('manifest.json');
    const steps = chunks['index.html']!.dynamicImports ?? [];
    const machineSteps = STARTUP_MACHINE_FAMILIES.map(({ family }) => `machines/${family}.machine.ts`);
    // main.tsx names its steps one by one (Vite needs each import written out): they follow the list, in its order.
    expect(steps.filter((step) => step.startsWith('machines/'))).toEqual(machineSteps);
    const parts = [...machineSteps, 'src/api/index.ts', 'src/app/startup.ts'];
    expect(steps).toEqual(expect.arrayContaining(parts));
    // Where each part's module is built (a step's own file only re-exports it from there).
    const files = parts.map((part) => fileHolding(part));
    expect(new Set(files).size, files.join(', ')).toBe(parts.length);
    STARTUP_MACHINE_FAMILIES.forEach(({ family }, i) =>
      expect(files[i]).toMatch(new RegExp(`^assets/machines-${family}-[\\w-]{8}\\.js$`)),
    );
    expect(files.at(-2)).toMatch(/^assets\/app-logic-/);
  });

  it("holds no machine in the sell page's start-up files but those of the list, each in a file its own step loads first", () => {
    const chunks = manifest('manifest.json');
    const sellFiles = sellPageFiles();
    const machinesAtStart = sellFiles
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) =>
        (chunkModules()[file] ?? [])
          .filter((module) => module.startsWith('machines/'))
          .map((module) => ({ module, file })),
      );
    const listed = STARTUP_MACHINE_FAMILIES.flatMap(({ family, modules }) =>
      modules.map((module) => ({ module: `machines/${module}.ts`, family })),
    );
    // A machine the app holds at start that is not on the list would be built inside another step's task.
    const unlisted = machinesAtStart.filter(
      ({ module }) => module.endsWith('.machine.ts') && !listed.some((entry) => entry.module === module),
    );
    expect(unlisted).toEqual([]);
    // The list's modules are all there, each in its family's file, which the family's step loads
    // and no earlier step does.
    const steps = chunks['index.html']!.dynamicImports ?? [];
    for (const { module, family } of listed) {
      const file = machinesAtStart.find((found) => found.module === module)?.file;
      expect(file, `${module} is among the sell page's files`).toBeDefined();
      expect(file, module).toMatch(new RegExp(`^assets/machines-${family}-`));
      const step = steps.indexOf(`machines/${family}.machine.ts`);
      expect(staticClosure(chunks, steps[step]!), `${file} is loaded by its step`).toContain(file);
      for (const earlier of steps.slice(0, step))
        expect(staticClosure(chunks, earlier), `${earlier} loads ${file}`).not.toContain(file);
    }
  });
});

/**
 * The API's schemas are built when a call first reads them (src/api/lazy-schemas.ts): each module
 * is a chunk of its own that the app imports on demand. The sell page loads only those of
 * start-up's reads (the server names them with the app's code), and none of another page's.
 */
describe("the API's schemas in the build", () => {
  it('keeps each schema module in a chunk the app imports when a call needs it, and the sell page loads only those of start-up', () => {
    const chunks = manifest('manifest.json');
    const sellFiles = sellPageFiles();
    const onDemand = (key: string) => Object.values(chunks).some((chunk) => chunk.dynamicImports?.includes(key));
    for (const key of STARTUP_SCHEMAS) {
      expect(chunks[key]?.isEntry ?? false, key).toBe(false);
      expect(onDemand(key), `${key} is imported on demand`).toBe(true);
      expect(sellFiles, `${key} is counted with the sell page`).toContain(chunks[key]!.file);
    }
    for (const group of [
      'payments',
      'subscriptions',
      'documents',
      'upsell',
      'services',
      'winback',
      'captcha',
      'jobs',
      'events',
      'answers',
    ]) {
      const key = `src/api/schemas/${group}.ts`;
      expect(chunks[key], key).toBeDefined();
      expect(onDemand(key), `${key} is imported on demand`).toBe(true);
      expect(sellFiles, `${key} is loaded before the sell page starts`).not.toContain(chunks[key]!.file);
    }
  });
});
