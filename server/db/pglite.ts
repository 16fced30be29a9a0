import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';
import { preparedStatementsOf } from './pglite-prepared';
import { createWriteWatch } from './write-watch';

/**
 * An in-process PostgreSQL. Without `dataDir` everything stays in memory (tests), starting empty
 * or from `image`, a data directory dumped by `pgliteImageOf`: much faster than creating and
 * filling a database again.
 */
export async function openPglite(source: { dataDir?: string; image?: Blob } = {}): Promise<Database> {
  const { dataDir, image } = source;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite(image ? { loadDataDir: image } : {});
  await pg.waitReady;
  return adapt(pg);
}

/** An in-memory database prepared by `prepare`, dumped as an image `openPglite` can start from. */
export async function pgliteImageOf(prepare: (db: Database) => Promise<void>): Promise<Blob> {
  const pg = new PGlite();
  await pg.waitReady;
  try {
    await prepare(adapt(pg));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

/**
 * PGlite runs each statement on this thread, and the promises around it settle as microtasks,
 * which Node runs to the end after every I/O callback. So accepting one connection or reading one
 * request first ran all the database work queued behind it: under load, new connections waited
 * seconds to be accepted while those already in were served in milliseconds. Each statement first
 * waits for the event loop's next turn, so I/O and the database's queue take turns.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function adapt(pg: PGlite): Database {
  const watch = createWriteWatch();
  const prepared = preparedStatementsOf(pg);
  /**
   * A statement with parameters runs prepared (pglite-prepared.ts) under the locks PGlite's own
   * `query` takes: outside a transaction both the transaction's and the statement's lock, inside
   * one (whose callback already holds the transaction's) the statement's lock only. Answers
   * undefined for a statement left to `query`.
   */
  async function runPrepared<Row>(text: string, params: unknown[], inTransaction: boolean): Promise<Row[] | undefined> {
    const run = () => pg._runExclusiveQuery(() => prepared.run<Row>(text, params));
    if (inTransaction) return run();
    const rows = await pg._runExclusiveTransaction(run);
    // As PGlite's own query does after a statement outside a transaction.
    if (rows) await pg.syncToFs();
    return rows;
  }
  const asQueryable = (
    target: Pick<PGlite, 'query'>,
    inTransaction: boolean,
    wrote: (sql: string) => void,
  ): Queryable => ({
    async query<Row>(text: string, params: unknown[] = []) {
      await nextTurn();
      try {
        // A closed database is left to `query`, which says so.
        const rows = params.length > 0 && !pg.closed ? await runPrepared<Row>(text, params, inTransaction) : undefined;
        return rows ?? (await target.query<Row>(text, params)).rows;
      } finally {
        wrote(text);
      }
    },
  });
  const root = asQueryable(pg, false, watch.wrote);
  return {
    kind: 'pglite',
    query: root.query,
    async transaction(work) {
      const tx = watch.transaction();
      try {
        return await pg.transaction((inner) => work(asQueryable(inner, true, tx.wrote)));
      } finally {
        tx.end();
      }
    },
    close: () => pg.close(),
    onWrite: watch.onWrite,
  };
}
