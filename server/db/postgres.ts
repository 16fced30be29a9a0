import pg from 'pg';
import type { Database, Queryable } from './database';
import { createWriteWatch } from './write-watch';

// Keep numeric and bigint columns as exact strings; the API decides how to present them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await pool.query('select 1');
  const watch = createWriteWatch();
  return {
    kind: 'postgres',
    async query<Row>(text: string, params: unknown[] = []) {
      try {
        const result = await pool.query(text, params);
        return result.rows as Row[];
      } finally {
        watch.wrote(text);
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      const written = watch.transaction();
      const tx: Queryable = {
        async query<Row>(text: string, params: unknown[] = []) {
          try {
            const result = await client.query(text, params);
            return result.rows as Row[];
          } finally {
            written.wrote(text);
          }
        },
      };
      try {
        await client.query('begin');
        const value = await work(tx);
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
        written.end();
      }
    },
    close: () => pool.end(),
    onWrite: watch.onWrite,
  };
}
