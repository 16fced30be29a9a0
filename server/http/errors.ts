import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { $ZodError } from 'zod/v4/core';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * A well-formed SKU id that names no SKU (404), or one this person cannot buy here (409): the
 * request was valid, so neither is a 400.
 */
export const noSuchSku = () => new ApiError(404, 'NO_SUCH_SKU', 'The SKU was not found.', { sku_id: 'no such SKU' });
export const skuNotSold = (why: string) =>
  new ApiError(409, 'SKU_NOT_SOLD', 'This SKU cannot be bought here.', { sku_id: why });
export const unauthorized = () => new ApiError(401, 'UNAUTHENTICATED', 'Sign in to use this call.');
export const forbidden = () => new ApiError(403, 'FORBIDDEN', 'This belongs to another user.');
export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} was not found.`);

/** One message per bad field, keyed by its dotted path ("body" when the whole input is wrong). */
export function fieldsFromZod(error: $ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The one error body; an unexpected failure also names its request id, which the log line carries too. */
export function errorResponse(c: Context, error: ApiError, requestId?: string) {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
  return c.json(body, error.status);
}

export const internalError = () => new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');

/**
 * PostgreSQL refused a value (SQLSTATE class 22, data exception: out of range, bad encoding,
 * invalid text) or found it too large for an index (class 54). The schemas are meant to stop
 * such input first; this keeps a value they missed a client's mistake, not a server failure.
 */
export function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code);
}
