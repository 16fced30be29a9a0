/**
 * Vitest's global setup: one migrated and seeded PGlite database, dumped once to a file, that
 * every suite's fresh PGlite database starts from (test/support/databases.ts). Creating and
 * filling a PGlite database takes seconds; starting from the image takes about one.
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seededPgliteImage } from '../../server/db';

declare module 'vitest' {
  export interface ProvidedContext {
    seededPgliteImagePath: string;
  }
}

export default async function setup(project: TestProject) {
  const path = join(tmpdir(), `rp-seeded-pglite-${process.pid}.img`);
  await writeFile(path, Buffer.from(await (await seededPgliteImage()).arrayBuffer()));
  project.provide('seededPgliteImagePath', path);
  return () => rm(path, { force: true });
}
