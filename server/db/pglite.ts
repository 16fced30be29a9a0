import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';
import { createWriteWatch } from './write-watch';

/** An in-process PostgreSQL. `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  const watch = createWriteWatch();
  const asQueryable = (target: Pick<PGlite, 'query'>, wrote: (sql: string) => void): Queryable => ({
    async query<Row>(text: string, params: unknown[] = []) {
      try {
        const result = await target.query<Row>(text, params);
        return result.rows;
      } finally {
        wrote(text);
      }
    },
  });
  const root = asQueryable(pg, watch.wrote);
  return {
    kind: 'pglite',
    query: root.query,
    async transaction(work) {
      const tx = watch.transaction();
      try {
        return await pg.transaction((inner) => work(asQueryable(inner, tx.wrote)));
      } finally {
        tx.end();
      }
    },
    close: () => pg.close(),
    onWrite: watch.onWrite,
  };
}
