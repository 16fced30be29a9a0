import type { Context } from 'hono';
import { config, safeParse, type output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';
import { ApiError, fieldsFromZod } from './errors';

// zod/mini leaves out the wording of its built-in messages ("Invalid input" for every issue); the
// field messages of a rejected request keep naming what is wrong, in English, as they always have.
config(en());

export async function readJson<S extends $ZodType>(c: Context, schema: S): Promise<output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'The body must be JSON.', { body: 'must be valid JSON' });
  }
  return check(schema, raw, 'The body has invalid fields.');
}

export function readQuery<S extends $ZodType>(c: Context, schema: S): output<S> {
  return check(schema, c.req.query(), 'The query has invalid parameters.', true);
}

export function readParams<S extends $ZodType>(c: Context, schema: S): output<S> {
  return check(schema, c.req.param(), 'The path has invalid parameters.', true);
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
