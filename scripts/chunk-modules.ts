import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the app's build lists the source modules of each chunk, beside Vite's manifest. */
export const CHUNK_MODULES_FILE = 'chunk-modules.json';

/** Chunk file → the project's own modules in it (paths from the project's root), as the build wrote it. */
export type ChunkModules = Record<string, string[]>;

/**
 * Writes `.vite/chunk-modules.json` for the app's build: Vite's manifest names a chunk's entry
 * module only, and the build tests need every module a chunk holds (which machines a start-up file
 * carries, say). Libraries' modules are left out.
 */
export function chunkModulesPlugin(): Plugin {
  let root = '';
  return {
    name: 'chunk-modules',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const modules: ChunkModules = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[file] = output.moduleIds
          .filter((id) => id.startsWith(`${root}/`) && !id.includes('/node_modules/'))
          .map((id) => relative(root, id));
      }
      this.emitFile({ type: 'asset', fileName: `.vite/${CHUNK_MODULES_FILE}`, source: JSON.stringify(modules) });
    },
  };
}
