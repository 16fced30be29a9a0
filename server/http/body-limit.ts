import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';
import { ApiError } from './errors';

/** Every request body is at most this many bytes unless its route is listed in `BODY_LIMITS`. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * The routes that take more than the default, by method and path below the API base. An error
 * report carries a stack trace and the failed request (RawRequest, up to 16,000 characters).
 */
export const BODY_LIMITS: ReadonlyMap<string, number> = new Map([['POST /log', 128 * 1024]]);

export const payloadTooLarge = (limit: number) =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than this call takes (${limit} bytes at most).`);

/**
 * Refuses a body over its route's limit with 413 before anything reads it: a declared
 * Content-Length is judged at once, a chunked body is counted as it streams and cut off at the limit.
 */
export function limitBodies(apiBase: string): MiddlewareHandler<AppEnv> {
  const limiters = new Map<number, MiddlewareHandler<AppEnv>>();
  const limiterFor = (limit: number) => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      limiter = bodyLimit({ maxSize: limit, onError: () => { throw payloadTooLarge(limit); } });
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  return (c, next) => {
    const below = apiBase && c.req.path.startsWith(apiBase) ? c.req.path.slice(apiBase.length) || '/' : c.req.path;
    const limit = BODY_LIMITS.get(`${c.req.method} ${below.replace(/\/+$/, '') || '/'}`) ?? DEFAULT_BODY_LIMIT;
    return limiterFor(limit)(c, next);
  };
}
