import { messages, protocol, types, type PGlite } from '@electric-sql/pglite';

/** How many distinct statement texts get a name; any after these go through PGlite's own `query`. */
export const PGLITE_PREPARED_LIMIT = 1_000;

interface PreparedStatement {
  name: string;
  /** The type of each parameter, as the database inferred it: how a value is written for it. */
  parameterTypes: readonly number[];
}

const { serialize } = protocol;

/** Names are unique in this process, so two sets of statements on one database never take the same. */
let named = 0;

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
    const answer = await pg.execProtocolStream(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      {
        syncToFs: false,
      },
    );
    const description = answer.find((m) => m instanceof messages.ParameterDescriptionMessage);
    const statement = { name, parameterTypes: description?.dataTypeIDs ?? [] };
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
        const answer = await pg.execProtocolStream(
          Buffer.concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return rowsOf<Row>(answer, pg.parsers);
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

/** The rows of an answer as PGlite's own query makes them: an object per row, each value by its column's type. */
function rowsOf<Row>(answer: readonly unknown[], parsers: PGlite['parsers']): Row[] {
  let fields: readonly messages.Field[] = [];
  const rows: Row[] = [];
  for (const message of answer) {
    if (message instanceof messages.RowDescriptionMessage) fields = message.fields;
    else if (message instanceof messages.DataRowMessage) {
      const row: Record<string, unknown> = {};
      fields.forEach(
        (field, i) => (row[field.name] = types.parseType(message.fields[i] ?? null, field.dataTypeID, parsers)),
      );
      rows.push(row as Row);
    }
  }
  return rows;
}
