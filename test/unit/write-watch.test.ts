import { describe, expect, it } from 'vitest';
import { createWriteWatch, writtenTables } from '../../server/db/write-watch';

describe('write watch', () => {
  it('names the tables a statement writes, and none for reads', () => {
    const cases: [string, string[]][] = [
      ['select u.*, p.portal_cd from users u join portals p on p.portal_id = u.portal_id', []],
      ['select updated_at, deleted from sessions', []],
      ["update users set user_type = 'ACTV' where user_uid = $1", ['users']],
      ['UPDATE ONLY "users" SET x = 1', ['users']],
      ['delete from sessions where session_id = $1', ['sessions']],
      ['insert into sessions (session_id, user_uid, expires_at) values ($1, $2, now())', ['sessions']],
      [
        'insert into rate_limits (bucket) values ($1) on conflict (bucket) do update set hits = rate_limits.hits + 1',
        ['rate_limits'],
      ],
      [
        'with gone as (delete from public.sessions where expires_at < now() returning user_uid) update users set x = 1 from gone',
        ['sessions', 'users'],
      ],
      ['truncate table sessions', ['sessions']],
      ['  insert\n  into\n  users (user_uid) values ($1)', ['users']],
    ];
    for (const [sql, tables] of cases) expect([...writtenTables(sql)].sort(), sql).toEqual(tables.sort());
    // Each statement is read once and its answer kept: asked again, the same answer.
    for (const [sql, tables] of cases) expect([...writtenTables(sql)].sort(), sql).toEqual(tables.sort());
  });

  it("reports a plain write at once, and a transaction's writes once it has ended", () => {
    const watch = createWriteWatch();
    const seen: string[][] = [];
    const stop = watch.onWrite((tables) => seen.push([...tables].sort()));
    watch.wrote('select 1');
    watch.wrote('delete from sessions where session_id = $1');
    expect(seen).toEqual([['sessions']]);
    const tx = watch.transaction();
    tx.wrote("update users set user_type = 'ACTV'");
    tx.wrote('insert into transactions (id) values (1)');
    expect(seen, 'nothing before the transaction ends').toHaveLength(1);
    tx.end();
    expect(seen).toEqual([['sessions'], ['transactions', 'users']]);
    stop();
    watch.wrote('delete from users');
    expect(seen).toHaveLength(2);
  });
});
