import pg from 'pg';
import { availabilityLog } from './availability';
import type { Database, Queryable } from './database';
import { asUnavailable, isConnectionFailure } from './unavailable';
import { createWriteWatch } from './write-watch';

// Keep numeric and bigint columns as exact strings; the API decides how to present them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export interface PostgresOptions {
  /** How long to wait for a connection, a new one or a free one from the pool. */
  connectTimeoutMs?: number;
  /** The longest one statement may take (the server's statement_timeout); 0 means no limit. */
  queryTimeoutMs?: number;
  /** Gets one line when the database goes out of reach and one when it is back. */
  log?: (line: string) => void;
}

export const POSTGRES_CONNECT_TIMEOUT_MS = 3_000;
export const POSTGRES_QUERY_TIMEOUT_MS = 5_000;
/** How much longer than statement_timeout the client waits: enough for the server's own cancel to arrive first. */
const READ_TIMEOUT_MARGIN_MS = 1_000;

/** How many distinct statement texts get a name; any after these run unnamed, as before. */
export const PREPARED_STATEMENT_LIMIT = 1_000;

/**
 * Names each statement text that takes parameters, so a connection parses and plans it once and
 * then only binds and runs it (the driver remembers per connection which names it has prepared).
 * Statement texts are the code's own constants; the limit bounds what a text built at run time
 * could add. Texts without parameters (begin, commit, a seed's script of several statements) run
 * unnamed. A column added to a table while this process runs makes its prepared `select *` fail
 * ("cached plan must not change result type"): a migration that changes a table's columns is
 * deployed by restarting the processes, as any schema change of running code already asks.
 */
export function preparedStatements(limit = PREPARED_STATEMENT_LIMIT) {
  const names = new Map<string, string>();
  return (text: string, values: unknown[]): pg.QueryConfig => {
    let name = names.get(text);
    if (name === undefined && values.length > 0 && names.size < limit) {
      name = `rp${names.size}`;
      names.set(text, name);
    }
    return name === undefined || values.length === 0 ? { text, values } : { name, text, values };
  };
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const {
    connectTimeoutMs = POSTGRES_CONNECT_TIMEOUT_MS,
    queryTimeoutMs = POSTGRES_QUERY_TIMEOUT_MS,
    log = console.error,
  } = options;
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(queryTimeoutMs > 0
      ? { statement_timeout: queryTimeoutMs, query_timeout: queryTimeoutMs + READ_TIMEOUT_MARGIN_MS }
      : {}),
    // Notices a connection that died silently (a host gone, a network cut) while it sat idle in the pool.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const prepared = preparedStatements();
  const availability = availabilityLog(log);
  // An idle pooled connection that drops is reported here, after the pool has discarded it; the
  // next query opens a new one. Unhandled, this event would end the process.
  pool.on('error', (error) => availability.failed(error));

  /** Runs one driver call: a connection-class failure becomes a DatabaseUnavailableError. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      const value = await call();
      availability.answered();
      return value;
    } catch (error) {
      if (isConnectionFailure(error)) availability.failed(error);
      else availability.answered();
      throw asUnavailable(error);
    }
  }

  try {
    await pool.query('select 1');
  } catch (error) {
    // Not through the availability log: start-up reports its own attempts.
    await pool.end().catch(() => undefined);
    throw asUnavailable(error);
  }

  const watch = createWriteWatch();
  return {
    kind: 'postgres',
    async query<Row>(text: string, params: unknown[] = []) {
      try {
        const result = await guarded(() => pool.query(prepared(text, params)));
        return result.rows as Row[];
      } finally {
        watch.wrote(text);
      }
    },
    async transaction(work) {
      const client = await guarded(() => pool.connect());
      // While checked out, the client itself reports a dropped connection, between statements too.
      let lost: unknown;
      const onLost = (error: unknown) => {
        lost ??= error;
        availability.failed(error);
      };
      client.on('error', onLost);
      const written = watch.transaction();
      const tx: Queryable = {
        async query<Row>(text: string, params: unknown[] = []) {
          try {
            const result = await guarded(() => client.query(prepared(text, params)));
            return result.rows as Row[];
          } finally {
            written.wrote(text);
          }
        },
      };
      let destroy = false;
      try {
        await tx.query('begin');
        const value = await work(tx);
        await tx.query('commit');
        return value;
      } catch (error) {
        if (lost !== undefined || isConnectionFailure(error)) destroy = true;
        else await client.query('rollback').catch(() => (destroy = true));
        throw error;
      } finally {
        client.off('error', onLost);
        // A client whose connection failed is destroyed, never handed to the next request.
        client.release(destroy || lost !== undefined);
        written.end();
      }
    },
    close: () => pool.end(),
    onWrite: watch.onWrite,
  };
}
