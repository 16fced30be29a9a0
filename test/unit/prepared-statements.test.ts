import { describe, expect, it } from 'vitest';
import { preparedStatements } from '../../server/db/postgres';

describe('prepared statements (PostgreSQL driver)', () => {
  it('gives each statement text with parameters one name, the same every time', () => {
    const prepared = preparedStatements();
    const first = prepared('select * from skus where sku_id = $1', [102]);
    const again = prepared('select * from skus where sku_id = $1', [120]);
    const other = prepared('select * from users where user_uid = $1', ['u']);
    expect(first.name).toEqual(expect.any(String));
    expect(again).toEqual({ name: first.name, text: 'select * from skus where sku_id = $1', values: [120] });
    expect(other.name).not.toBe(first.name);
  });

  it('leaves statements without parameters unnamed: a script of several statements cannot be prepared', () => {
    const prepared = preparedStatements();
    expect(prepared('begin', [])).toEqual({ text: 'begin', values: [] });
    expect(prepared('create table a (x int); create table b (y int)', []).name).toBeUndefined();
  });

  it('names no more texts than its limit, and runs the rest unnamed', () => {
    const prepared = preparedStatements(2);
    const a = prepared('select $1::int as a', [1]);
    const b = prepared('select $1::int as b', [1]);
    expect(prepared('select $1::int as c', [1]).name).toBeUndefined();
    expect(prepared('select $1::int as a', [1]).name, 'the named ones keep their names').toBe(a.name);
    expect(prepared('select $1::int as b', [1]).name).toBe(b.name);
  });
});
