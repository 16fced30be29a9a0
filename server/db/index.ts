import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite, pgliteImageOf } from './pglite';
import { openPostgres, type PostgresOptions } from './postgres';
import { seed } from './seed';
import { retryWhileUnavailable } from './startup';

export interface OpenOptions extends PostgresOptions {
  databaseUrl?: string;
  /** PGlite data folder; omitted means an in-memory database. */
  dataDir?: string;
  /** For an in-memory PGlite: the image (`seededPgliteImage`) it starts from instead of an empty database. */
  pgliteImage?: Blob;
  /** How long to keep trying a PostgreSQL server that cannot be reached; 0 (the default) tries once. */
  startupWaitMs?: number;
}

/** Opens the configured database, applies pending migrations and seeds an empty one. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const { databaseUrl, dataDir, pgliteImage, startupWaitMs = 0, ...postgres } = options;
  const db = databaseUrl
    ? await retryWhileUnavailable(() => openPostgres(databaseUrl, postgres), {
        waitMs: startupWaitMs,
        log: postgres.log ?? console.error,
      })
    : await openPglite({ dataDir, image: pgliteImage });
  await migrate(db);
  await seed(db);
  return db;
}

/** An in-memory PGlite database, migrated and seeded, as an image `openDatabase` can start from. */
export function seededPgliteImage(): Promise<Blob> {
  return pgliteImageOf(async (db) => {
    await migrate(db);
    await seed(db);
  });
}

export type { Database } from './database';
