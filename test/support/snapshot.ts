import type { Queryable } from '../../server/db/database';

export interface TableState {
  n: number;
  digest: string;
}

/**
 * Row count and a digest of every row of each table: two snapshots are equal only when
 * nothing was inserted, updated or deleted in between.
 */
export async function snapshot(db: Queryable, tables: readonly string[]): Promise<Record<string, TableState>> {
  const state: Record<string, TableState> = {};
  for (const table of tables) {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
    const [row] = await db.query<TableState>(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
    );
    state[table] = row!;
  }
  return state;
}

export async function countRows(db: Queryable, table: string, where = 'true', params: unknown[] = []): Promise<number> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return row!.n;
}
