import type { Database } from './database';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { seed } from './seed';

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; omitted means an in-memory database. */
  dataDir?: string;
}

/** Opens the configured database, applies pending migrations and seeds an empty one. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  await migrate(db);
  await seed(db);
  return db;
}

export type { Database, Queryable } from './database';
export { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';
