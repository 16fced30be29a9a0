import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

/** An in-process PostgreSQL. `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  const asQueryable = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await target.query<Row>(text, params);
      return result.rows;
    },
  });
  const root = asQueryable(pg);
  return {
    kind: 'pglite',
    query: root.query,
    transaction: (work) => pg.transaction((tx) => work(asQueryable(tx))),
    close: () => pg.close(),
  };
}
