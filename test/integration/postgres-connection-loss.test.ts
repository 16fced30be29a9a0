import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { DatabaseUnavailableError } from '../../server/db/unavailable';
import { createScratchDatabase, dropScratchDatabase } from '../../scripts/scratch-database';

const hasPostgres = Boolean(process.env.DATABASE_URL);
if (!hasPostgres)
  console.warn(
    'the connection-loss test needs a PostgreSQL server (DATABASE_URL); npm test starts one when the binaries are installed',
  );

const POOL_SIZE = 10;

/**
 * The PostgreSQL adapter when the server ends its connections (pg_terminate_backend, as a
 * restart or a failover does): nothing crashes the process, a broken connection never goes back
 * to the pool, and the pool opens new ones.
 */
describe.skipIf(!hasPostgres)('the PostgreSQL adapter losing connections', () => {
  let url: string;
  let db: Database;
  let admin: pg.Client;
  const lines: string[] = [];

  beforeAll(async () => {
    url = await createScratchDatabase();
    db = await openPostgres(url, { connectTimeoutMs: 1_000, queryTimeoutMs: 500, log: (line) => lines.push(line) });
    await db.query('create table outage_rows (n int)');
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await db?.close();
    if (url) await dropScratchDatabase(url);
  });

  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

  it('destroys the client of a transaction whose connection is lost, so the pool never runs dry', async () => {
    // More broken transactions than the pool holds: one leaked client each would exhaust it.
    for (let n = 0; n < POOL_SIZE + 2; n += 1) {
      const broken = db.transaction(async (tx) => {
        await tx.query('insert into outage_rows values ($1)', [n]);
        const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }];
        await terminate(pid);
        // Half of them lose the connection between statements, when only the client can tell.
        if (n % 2) await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.query('select 1');
      });
      await expect(broken).rejects.toBeInstanceOf(DatabaseUnavailableError);
    }
    const started = performance.now();
    expect(await db.transaction((tx) => tx.query('select count(*)::int as rows from outage_rows'))).toEqual([
      { rows: 0 },
    ]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('survives idle pooled connections being ended, logs it once, and opens new ones', async () => {
    lines.length = 0;
    await Promise.all(Array.from({ length: 3 }, () => db.transaction((tx) => tx.query('select pg_sleep(0.05)'))));
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    expect(lines).toEqual([
      expect.stringMatching(/^database unavailable: 57P01 /),
      expect.stringMatching(/^database available again after \d+\.\ds$/),
    ]);
  });

  it('ends a statement that runs past the query timeout as unavailable, and keeps SQL errors as they are', async () => {
    await expect(db.query('select pg_sleep(2)')).rejects.toMatchObject({
      name: 'DatabaseUnavailableError',
      reason: expect.stringContaining('57014'),
    });
    await expect(db.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    expect(await db.query('select 2 as two')).toEqual([{ two: 2 }]);
  });
});
