import { readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the server sends compressed (server/http/static-app.ts); anything smaller is sent as it is. */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.css', '.json', '.svg', '.txt']);
export const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside each of the
 * files, once, at build time: the server then sends those as they are instead of spending CPU on
 * compression while it answers. Answers the files it compressed.
 */
export async function precompressFiles(dir: string, files: string[]): Promise<string[]> {
  const chosen = files.filter((file) => PRECOMPRESSED_EXTENSIONS.has(extname(file)));
  const done = await Promise.all(
    chosen.map(async (file) => {
      const path = join(dir, file);
      const body = await readFile(path);
      if (body.length <= PRECOMPRESS_MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      return file;
    }),
  );
  return done.filter((file): file is string => file !== null);
}

/** The build step: every emitted asset of every environment gets its compressed copies. */
export function precompressPlugin(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      await precompressFiles(
        options.dir,
        Object.keys(bundle).filter((file) => file.startsWith('assets/')),
      );
    },
  };
}
