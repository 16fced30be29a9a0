import type { Context } from 'hono';
import { ApiError } from './errors';

/** Long enough for a restarting database to come back, short enough that a client does not wait for nothing. */
export const RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new ApiError(
    503,
    'DATABASE_UNAVAILABLE',
    'The service cannot reach its database right now. Please try again in a few seconds.',
  );

/** The 503 of a database outage: the API's error body (plus `extra`), a Retry-After header, never cached. */
export function databaseUnavailableResponse(c: Context, extra: Record<string, unknown> = {}) {
  const error = databaseUnavailable();
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  // Also when the session lookup fails, before the API's own middleware has run.
  c.header('Cache-Control', 'no-store');
  return c.json({ error: { code: error.code, message: error.message }, ...extra }, error.status);
}
