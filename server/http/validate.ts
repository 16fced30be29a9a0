import type { Context } from 'hono';
import { config, safeParse, type output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { ApiError, fieldsFromZod } from './errors';
import { isStorableText, jsonProblem } from '../../src/api/schemas/blocks';

// zod/mini leaves out the wording of its built-in messages ("Invalid input" for every issue); the
// field messages of a rejected request keep naming what is wrong, in English, as they always have.
config(en());

/** Deeper than any body this API takes; checked before parsing, so nothing deeper is ever built. */
export const MAX_JSON_DEPTH = 32;

/** What a body is sent as unless its contract names other media types: JSON, read as UTF-8. */
export const JSON_MEDIA_TYPES: readonly string[] = ['application/json'];

const unsupportedMediaType = (sent: string, accepted: readonly string[]) =>
  new ApiError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `This call takes a body sent as ${accepted.join(' or ')} in UTF-8, not ${sent}.`,
  );

/** A Content-Type's media type, lower-cased, and its charset parameter if it names one. */
function parseMediaType(header: string): { type: string; charset?: string } {
  const [essence = '', ...parameters] = header.split(';');
  const charset = parameters
    .map((parameter) => parameter.split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset')?.[1]
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  return { type: essence.trim().toLowerCase(), ...(charset !== undefined && { charset }) };
}

/**
 * Refuses with 415 a body in a media type the operation does not list, before it is parsed.
 * Parameters are allowed (`application/json; charset=utf-8`), but a charset other than UTF-8 is
 * not: the body is read as UTF-8, so another would be misread. A body with no Content-Type at
 * all is refused too; an empty one without it is left to readJson, which calls it missing.
 */
export async function checkMediaType(c: Context, accepted: readonly string[]): Promise<void> {
  const header = c.req.header('content-type');
  if (header === undefined) {
    if ((await readText(c)) !== '') throw unsupportedMediaType('no Content-Type', accepted);
    return;
  }
  const { type, charset } = parseMediaType(header);
  if (!accepted.includes(type) || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8'))
    throw unsupportedMediaType(header.trim().slice(0, 100) || 'an empty Content-Type', accepted);
}

const invalidJson = (why: string) => new ApiError(400, 'INVALID_JSON', 'The body must be JSON.', { body: why });

/**
 * The body as JSON, checked at the edge before its schema sees it: nested at most MAX_JSON_DEPTH
 * deep, and no string or key with U+0000 or a lone surrogate (which PostgreSQL cannot store). Its
 * size was capped by the body limit before it was read.
 */
export async function readJson<S extends $ZodType>(c: Context, schema: S): Promise<output<S>> {
  const text = await readText(c);
  if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) throw invalidJson(`must be nested at most ${MAX_JSON_DEPTH} deep`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalidJson('must be valid JSON');
  }
  const problem = jsonProblem(raw, { maxDepth: MAX_JSON_DEPTH, maxBytes: Number.POSITIVE_INFINITY });
  if (problem)
    throw new ApiError(400, 'VALIDATION_FAILED', 'The body has invalid fields.', {
      [problem.path.join('.') || 'body']: problem.message,
    });
  return check(schema, raw, 'The body has invalid fields.');
}

/** The body's text; Hono keeps it, so a second read costs nothing. */
async function readText(c: Context): Promise<string> {
  try {
    return await c.req.text();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalidJson('could not be read');
  }
}

export function readQuery<S extends $ZodType>(c: Context, schema: S): output<S> {
  return check(
    schema,
    safeTexts(c.req.query(), 'The query has invalid parameters.'),
    'The query has invalid parameters.',
    true,
  );
}

export function readParams<S extends $ZodType>(c: Context, schema: S): output<S> {
  return check(
    schema,
    safeTexts(c.req.param(), 'The path has invalid parameters.'),
    'The path has invalid parameters.',
    true,
  );
}

/** Query and path values: none may carry U+0000 or a lone surrogate, whatever its schema says. */
function safeTexts(values: Record<string, string>, message: string): Record<string, string> {
  for (const [name, value] of Object.entries(values)) {
    if (!isStorableText(value))
      throw new ApiError(400, 'VALIDATION_FAILED', message, { [name]: 'must not contain U+0000' });
  }
  return values;
}

/** Whether JSON text opens more than `limit` arrays and objects inside each other; strings are skipped. */
export function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Query and path parameters are flat: a bad part of one (a list item) is reported under the parameter's name. */
function check<S extends $ZodType>(schema: S, raw: unknown, message: string, flat = false): output<S> {
  const result = safeParse(schema, raw);
  if (!result.success) {
    const fields = fieldsFromZod(result.error);
    if (!flat) throw new ApiError(400, 'VALIDATION_FAILED', message, fields);
    const named: Record<string, string> = {};
    for (const [key, text] of Object.entries(fields)) named[key.split('.')[0]!] ??= text;
    throw new ApiError(400, 'VALIDATION_FAILED', message, named);
  }
  return result.data;
}
