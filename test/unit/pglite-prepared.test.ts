import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import { preparedStatementsOf } from '../../server/db/pglite-prepared';
import type { Database } from '../../server/db/database';

const TYPED_ROW = `select $1::bigint as big, $2::numeric as amount, $3::timestamptz as at, $4::jsonb as doc, $5::boolean as yes,
  $6::text[] as codes, $7::uuid as id, $8::text as nothing, $9::int as small, $10::date as day`;
const TYPED_VALUES = [
  '9007199254740993',
  '12.50',
  '2026-12-07T05:00:00.000Z',
  JSON.stringify({ a: [1, 'two'] }),
  true,
  ['ACTV', 'PEND'],
  '5eed0000-0000-4000-8000-000000000001',
  null,
  42,
  '2026-12-07',
];

describe('prepared statements (PGlite)', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    await pg.exec('create table notes (id int primary key, body text not null)');
  });
  afterAll(() => pg.close());

  it("answers the rows PGlite's own query answers, value for value and type for type", async () => {
    const prepared = preparedStatementsOf(pg);
    const own = await pg.query(TYPED_ROW, TYPED_VALUES);
    const rows = await prepared.run(TYPED_ROW, TYPED_VALUES);
    expect(rows).toEqual(own.rows);
    expect(rows![0]).toMatchObject({
      codes: ['ACTV', 'PEND'],
      nothing: null,
      small: 42,
      yes: true,
      doc: { a: [1, 'two'] },
    });
    expect((rows![0] as { at: unknown }).at).toBeInstanceOf(Date);
  });

  it('prepares each text once, and runs it again with new values', async () => {
    const prepared = preparedStatementsOf(pg);
    const countPrepared = async () =>
      (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    const before = await countPrepared();
    for (let i = 0; i < 3; i++)
      expect(await prepared.run('select $1::int * 2 as twice', [i])).toEqual([{ twice: i * 2 }]);
    expect(prepared.size).toBe(1);
    await prepared.run('select $1::int * 3 as thrice', [1]);
    expect(prepared.size).toBe(2);
    expect(await countPrepared(), 'the database holds one statement per text').toBe(before + 2);
  });

  it("leaves statements without parameters, and those past its limit, to PGlite's own query", async () => {
    const prepared = preparedStatementsOf(pg, 1);
    expect(await prepared.run('select 1 as one', [])).toBeUndefined();
    expect(await prepared.run('select $1::int as a', [1])).toEqual([{ a: 1 }]);
    expect(await prepared.run('select $1::int as b', [1])).toBeUndefined();
    expect(await prepared.run('select $1::int as a', [2]), 'the one it named still runs prepared').toEqual([{ a: 2 }]);
  });

  it("throws the database's error, naming the statement, and keeps working afterwards", async () => {
    const prepared = preparedStatementsOf(pg);
    await prepared.run('insert into notes (id, body) values ($1, $2)', [1, 'first']);
    const failure = await prepared
      .run('insert into notes (id, body) values ($1, $2)', [1, 'again'])
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: '23505',
      constraint: 'notes_pkey',
      query: 'insert into notes (id, body) values ($1, $2)',
    });
    const syntax = await prepared.run('selec $1', [1]).catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    expect(await prepared.run('select body from notes where id = $1', [1])).toEqual([{ body: 'first' }]);
  });
});

describe('PGlite database: statements with parameters run prepared', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await db.query('create table items (id int primary key, label text not null)');
  });
  afterAll(() => db.close());

  it("commits a transaction's prepared writes together, and rolls them back together on an error", async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into items (id, label) values ($1, $2)', [1, 'kept']);
      await tx.query('insert into items (id, label) values ($1, $2)', [2, 'kept too']);
    });
    const failed = db.transaction(async (tx) => {
      await tx.query('insert into items (id, label) values ($1, $2)', [3, 'lost']);
      await tx.query('insert into items (id, label) values ($1, $2)', [1, 'a second id 1']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('select id, label from items where id > $1 order by id', [0])).toEqual([
      { id: 1, label: 'kept' },
      { id: 2, label: 'kept too' },
    ]);
  });

  it('keeps a statement outside a transaction waiting until the transaction has ended', async () => {
    // PGlite is one session: a statement let in while a transaction is open would run inside it,
    // and read the transaction's write before it is rolled back.
    const [before] = await db.query<{ label: string }>('select label from items where id = $1', [1]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const updated = new Promise<void>((resolve) => (written = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('update items set label = $1 where id = $2', ['never committed', 1]);
      written();
      await held;
      throw new Error('changed my mind');
    });
    await updated;
    const outside = db.query<{ label: string }>('select label from items where id = $1', [1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow('changed my mind');
    expect(await outside).toEqual([before]);
  });

  it('reports the tables a prepared statement wrote to', async () => {
    const written: string[] = [];
    const stop = db.onWrite!((tables) => written.push(...tables));
    await db.query('update items set label = $1 where id = $2', ['again', 2]);
    stop();
    expect(written).toEqual(['items']);
  });
});

describe('PGlite database once closed', () => {
  it('refuses a statement with parameters as PGlite refuses any, instead of calling into a database that is gone', async () => {
    const db = await openPglite();
    await db.query('select $1::int as n', [1]);
    await db.close();
    await expect(db.query('select $1::int as n', [2])).rejects.toThrow(/closed/i);
  });
});
