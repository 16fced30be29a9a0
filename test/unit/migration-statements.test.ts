import { describe, expect, it } from 'vitest';
import { listMigrations, splitStatements } from '../../server/db/migrate';

describe('migration statements', () => {
  it('splits at semicolons that end a line, and drops comment lines', () => {
    const sql = '-- two tables\ncreate table a (x int);\n\ncreate table b (\n  y text -- why\n);\n';
    expect(splitStatements(sql)).toEqual(['create table a (x int)', 'create table b (\n  y text -- why\n)']);
  });

  it("keeps a function's dollar-quoted body whole, semicolons and all", () => {
    const sql = [
      'create function f(n int) returns int language plpgsql as $$',
      'begin',
      '  perform 1;',
      '  return n;',
      'end',
      '$$;',
      "create function g() returns text language sql as $body$ select 'a;' $body$;",
      'select 1;',
    ].join('\n');
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toBe(
      'create function f(n int) returns int language plpgsql as $$\nbegin\n  perform 1;\n  return n;\nend\n$$',
    );
    expect(statements[1]).toContain("$body$ select 'a;' $body$");
    expect(statements[2]).toBe('select 1');
  });

  it('finds the checkout lock function in one statement', () => {
    const migration = listMigrations().find((m) => m.version === '014_checkout_lock');
    const statements = splitStatements(migration!.sql);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^create function lock_checkout[\s\S]*end\n\$\$$/);
  });
});
