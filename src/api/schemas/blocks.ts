import * as z from 'zod/mini';

/**
 * The building blocks every request schema is made of, so that what a client sends is bounded
 * the way the database stores it: a value that passes these never makes PostgreSQL fail.
 *
 * Text, decided once for every field:
 * - U+0000 is refused everywhere: PostgreSQL cannot store it in text or jsonb.
 * - A lone surrogate (half of a UTF-16 pair, only reachable through a JSON `\uD800` escape) is
 *   refused: it is not Unicode text, and the drivers would silently turn it into U+FFFD.
 * - Single-line text also refuses the other C0 controls, DEL and the C1 controls; multi-line
 *   text keeps tab, line feed and carriage return.
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** A PostgreSQL `integer` column. */
export const int4 = z.int().check(z.minimum(INT4_MIN), z.maximum(INT4_MAX));
/** A positive `integer` key (a SKU or portal id). */
export const positiveInt4 = z.int().check(z.minimum(1), z.maximum(INT4_MAX));
/** A positive `bigint` identity (subscription, transaction, order): JavaScript's safe integers. */
export const positiveBigId = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/**
 * What the API document shows for a schema whose input JSON Schema cannot say (a text parameter
 * parsed as a number, a comma-separated list): server/openapi/json-schema.ts writes this instead.
 */
export const documentedAs = z.registry<Record<string, unknown>>();

const DIGITS = /^\d{1,16}$/;

/**
 * A path or query parameter holding a positive integer: digits only (no sign, exponent, hex or
 * spaces), then bounded like the column it is looked up in.
 */
export function idText(column: 'integer' | 'bigint' = 'integer') {
  const schema = z.pipe(
    z.string().check(z.regex(DIGITS, 'must be a positive whole number')),
    z.pipe(
      z.transform((digits: string) => Number(digits)),
      column === 'integer' ? positiveInt4 : positiveBigId,
    ),
  );
  // In the URL it is text, but what a client sends is the integer written out: the document says so.
  return schema.register(documentedAs, {
    type: 'integer',
    minimum: 1,
    maximum: column === 'integer' ? INT4_MAX : Number.MAX_SAFE_INTEGER,
  });
}

/** A query parameter holding a whole number between `min` and `max` (a page size, a day count). */
export function intText(min: number, max: number) {
  const schema = z.pipe(
    z.string().check(z.regex(/^-?\d{1,16}$/, 'must be a whole number')),
    z.pipe(
      z.transform((digits: string) => Number(digits)),
      z.int().check(z.minimum(min), z.maximum(max)),
    ),
  );
  return schema.register(documentedAs, { type: 'integer', minimum: min, maximum: max });
}

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** Text PostgreSQL can store as it is: no U+0000, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && isWellFormedText(value);
}

export interface TextOptions {
  max: number;
  min?: number;
  /** Keeps tab, line feed and carriage return (messages, stack traces). */
  multiline?: boolean;
  /** Trims surrounding white space before the length is checked. */
  trim?: boolean;
}

/**
 * At least `min` characters once surrounding white space is trimmed, as a pattern the API
 * document shows: that many characters from the first non-space one to the last.
 */
const trimmedAtLeast = (min: number) => (min === 1 ? /\S/ : new RegExp(`\\S[\\s\\S]{${min - 2},}\\S`));

/**
 * Text a person or a browser typed, bounded and free of what PostgreSQL or a log line must not get.
 * The control characters are refused by a pattern, so the API document shows it; well-formed
 * Unicode is a rule of every text field, written once in the document's description.
 */
export function text({ max, min = 0, multiline = false, trim = false }: TextOptions) {
  const forbidden = multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return z.string().check(
    ...(trim ? [z.trim()] : []),
    z.refine((value: string) => isWellFormedText(value), 'must be valid Unicode text'),
    z.regex(
      new RegExp(`^[^${forbidden.source.slice(1, -1)}]*$`),
      multiline ? 'must not contain control characters' : 'must be one line with no control characters',
    ),
    ...(min > 0 ? [z.minLength(min)] : []),
    // Trimmed first, so white space alone is too short: the pattern says so to a client.
    ...(min > 0 && trim ? [z.regex(trimmedAtLeast(min), 'must not be blank')] : []),
    z.maxLength(max),
  );
}

export interface JsonLimits {
  maxDepth: number;
  maxBytes: number;
}

export interface JsonProblem {
  /** Where the problem is: keys and indexes from the top; empty for the value itself. */
  path: (string | number)[];
  message: string;
}

/**
 * Why a free-form JSON value cannot be stored, or null when it can. Walks without recursion, so
 * no depth makes it throw; stops at the first problem.
 */
export function jsonProblem(value: unknown, { maxDepth, maxBytes }: JsonLimits): JsonProblem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  let bytes = 0;
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { path, message: 'must not contain U+0000 or lone surrogates' };
      bytes += current.length + 2;
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { path, message: 'must hold finite numbers' };
      bytes += 8;
    } else if (current === null || typeof current === 'boolean') {
      bytes += 5;
    } else if (typeof current === 'object') {
      if (path.length >= maxDepth) return { path, message: `must be nested at most ${maxDepth} deep` };
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((item, index) => [index, item])
        : Object.entries(current);
      for (const [key, item] of entries) {
        if (typeof key === 'string' && !isStorableText(key))
          return { path, message: 'must not have a key with U+0000 or lone surrogates' };
        bytes += String(key).length + 4;
        stack.push({ value: item, path: [...path, key] });
      }
      bytes += 2;
    } else {
      return { path, message: 'must be JSON' };
    }
    if (bytes > maxBytes) return { path: [], message: `must be at most ${maxBytes} bytes` };
  }
  return null;
}

/** A free-form JSON object (event properties, settings), capped in depth and in size. */
export function jsonObject(limits: JsonLimits) {
  return z.record(z.string(), z.unknown()).check(
    z.superRefine((value, ctx) => {
      const problem = jsonProblem(value, limits);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, input: value, path: problem.path });
    }),
  );
}
