/**
 * Tells in-process caches that a statement wrote to a table they copy from (the session cache
 * copies users, sessions and portals). Both drivers report through this, after the statement
 * has finished or, inside a transaction, after the transaction has committed or rolled back,
 * so a reader that starts afterwards sees the new rows. Writes made by another process are
 * not seen here: caches bound that with their time to live.
 */
export type WriteListener = (tables: ReadonlySet<string>) => void;

/** `insert into t`, `update [only] t`, `delete from t`, `truncate [table] t`, `merge into t`; a schema prefix and quotes are allowed. */
const WRITE =
  /\b(?:insert\s+into|(?<!\bdo\s+)update(?:\s+only)?|delete\s+from(?:\s+only)?|truncate(?:\s+table)?(?:\s+only)?|merge\s+into)\s+(?:"?[a-z_][a-z0-9_]*"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * The migrations' functions that write, and the tables they write to: a statement that calls one
 * names none of them. `test/api/writing-functions.test.ts` reads every function the database has
 * and fails when one that writes is missing here, or writes a table not listed.
 */
export const WRITING_FUNCTIONS: Readonly<Record<string, readonly string[]>> = {
  record_charge: ['subscriptions', 'users', 'transactions', 'payment_attempts', 'idempotency_keys'],
  charge_checkout: ['subscriptions', 'users', 'transactions', 'payment_attempts', 'idempotency_keys'],
};
const CALL = new RegExp(`\\b(${Object.keys(WRITING_FUNCTIONS).join('|')})\\s*\\(`, 'gi');

/** Cheap first test: most statements are reads and never reach the full pattern. */
const MAYBE_WRITE = new RegExp(`insert|update|delete|truncate|merge|${Object.keys(WRITING_FUNCTIONS).join('|')}`, 'i');

/**
 * The statements' texts come from the server's code, so there are few of them: each is read once.
 * A bound all the same, so no path can grow this without end.
 */
const KNOWN_STATEMENTS = 2_000;
const known = new Map<string, ReadonlySet<string>>();

/** The tables a statement writes to, lower-cased. Errs towards naming too many, which only costs a cache refill. */
export function writtenTables(sql: string): ReadonlySet<string> {
  const seen = known.get(sql);
  if (seen) return seen;
  const tables = new Set<string>();
  if (MAYBE_WRITE.test(sql)) {
    for (const match of sql.matchAll(WRITE)) tables.add(match[1]!.toLowerCase());
    for (const match of sql.matchAll(CALL))
      WRITING_FUNCTIONS[match[1]!.toLowerCase()]!.forEach((table) => tables.add(table));
  }
  if (known.size < KNOWN_STATEMENTS) known.set(sql, tables);
  return tables;
}

export interface WriteWatch {
  /** Calls `listener` after every write; answers a function that stops it. */
  onWrite(listener: WriteListener): () => void;
  /** Reports the tables `sql` wrote, if any. */
  wrote(sql: string): void;
  /** Collects the writes of one transaction and reports them once, when it has ended. */
  transaction(): { wrote(sql: string): void; end(): void };
}

export function createWriteWatch(): WriteWatch {
  const listeners = new Set<WriteListener>();
  const report = (tables: ReadonlySet<string>) => {
    if (tables.size === 0) return;
    for (const listener of listeners) listener(tables);
  };
  return {
    onWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    wrote: (sql) => report(writtenTables(sql)),
    transaction() {
      const tables = new Set<string>();
      return {
        wrote: (sql) => writtenTables(sql).forEach((t) => tables.add(t)),
        end: () => report(tables),
      };
    },
  };
}
