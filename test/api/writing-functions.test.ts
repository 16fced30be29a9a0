import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITING_FUNCTIONS, writtenTables } from '../../server/db/write-watch';
import { openTestDatabase, targets, type TestDatabase } from '../support/databases';

/**
 * The caches learn of writes from the statements' text (server/db/write-watch.ts). A call of a
 * function names no table, so every function the migrations made that writes must be listed with
 * the tables it writes, or a payment would leave a stale copy of the person in the session cache.
 */
describe.each(targets)('functions that write (%s)', (target) => {
  let test: TestDatabase;
  let functions: { name: string; body: string }[];

  beforeAll(async () => {
    test = await openTestDatabase(target);
    functions = await test.db.query<{ name: string; body: string }>(
      `select p.proname as name, p.prosrc as body from pg_proc p join pg_language l on l.oid = p.prolang
        where p.pronamespace = 'public'::regnamespace and l.lanname in ('sql', 'plpgsql') order by p.proname`,
    );
  });
  afterAll(() => test?.dispose());

  it("finds the migrations' functions", () => {
    expect(functions.map((f) => f.name)).toEqual(
      expect.arrayContaining(['charge_checkout', 'lock_checkout', 'record_charge']),
    );
  });

  it('lists each one that writes, with every table its body writes (calls of listed functions included)', () => {
    const writers = functions.filter((f) => writtenTables(f.body).size > 0);
    expect(writers.map((f) => f.name).sort()).toEqual(Object.keys(WRITING_FUNCTIONS).sort());
    for (const writer of writers)
      expect([...WRITING_FUNCTIONS[writer.name]!].sort(), writer.name).toEqual(
        expect.arrayContaining([...writtenTables(writer.body)]),
      );
  });

  it('names those tables for any statement that calls one', () => {
    expect([...writtenTables('select kept_user from charge_checkout($1, $2)')].sort()).toEqual(
      [...WRITING_FUNCTIONS.charge_checkout!].sort(),
    );
    expect([...writtenTables('select stored_user from lock_checkout($1, $2)')]).toEqual([]);
  });
});
