import { protocol, types, type PGlite } from '@electric-sql/pglite';

/** How many distinct statement texts get a name; any after these go through PGlite's own `query`. */
export const PGLITE_PREPARED_LIMIT = 1_000;

interface PreparedStatement {
  name: string;
  /** The type of each parameter, as the database inferred it: how a value is written for it. */
  parameterTypes: readonly number[];
}

interface Field {
  name: string;
  dataTypeID: number;
}

type Message = { name: string } & Partial<{ dataTypeIDs: number[]; fields: Field[] | (string | null)[] }>;

const { serialize } = protocol;

/** Names are unique in this process, so two sets of statements on one database never take the same. */
let named = 0;

function joined(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * Runs statements that take parameters as named prepared statements, the way the PostgreSQL path
 * does (postgres.ts): each text is parsed and planned once, then every run binds and executes it in
 * one call into the database. PGlite's own `query` parses and plans the text again on every run,
 * over six calls (parse, describe, bind, describe, execute, sync); under a load of payments that
 * was most of the server's time. Values are written and rows read with PGlite's own serializers and
 * parsers, so callers get what `query` gave them.
 *
 * `run` answers undefined for a statement it does not take (no parameters, or the limit reached):
 * the caller runs it through `query` instead. The caller holds PGlite's locks around `run`. As on
 * PostgreSQL, a prepared `select *` fails once its table's columns change while the process runs:
 * migrations run before the first statement.
 */
export function preparedStatementsOf(pg: PGlite, limit = PGLITE_PREPARED_LIMIT) {
  const statements = new Map<string, PreparedStatement>();

  async function prepared(text: string): Promise<PreparedStatement | undefined> {
    const known = statements.get(text);
    if (known || statements.size >= limit) return known;
    const name = `pglite_${++named}`;
    const messages = (await pg.execProtocolStream(joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    })) as Message[];
    const statement = { name, parameterTypes: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    return statement;
  }

  function written(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : pg.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  return {
    async run<Row>(text: string, params: readonly unknown[]): Promise<Row[] | undefined> {
      if (params.length === 0) return undefined;
      try {
        const statement = await prepared(text);
        if (!statement) return undefined;
        const values = params.map((value, i) => written(value, statement.parameterTypes[i]));
        const messages = (await pg.execProtocolStream(
          joined([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        )) as Message[];
        return rowsOf<Row>(messages, pg.parsers);
      } catch (error) {
        // As PGlite's own query reports a failed statement: the error names it.
        if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: undefined });
        throw error;
      }
    },
    get size() {
      return statements.size;
    },
  };
}

function rowsOf<Row>(messages: Message[], parsers: PGlite['parsers']): Row[] {
  let fields: Field[] = [];
  const rows: Row[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') fields = message.fields as Field[];
    else if (message.name === 'dataRow') {
      const values = message.fields as (string | null)[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = types.parseType(values[i] ?? null, fields[i]!.dataTypeID, parsers);
      rows.push(row as Row);
    }
  }
  return rows;
}
