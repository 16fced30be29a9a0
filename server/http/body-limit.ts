import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';
import { ApiError } from './errors';

/** A route's body is at most this many bytes unless its contract says otherwise (`bodyLimit`). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * The most any route takes (an error report carries a stack and the failed request): every
 * request, whatever its route, is cut off here before routing; a contract holds its own route to
 * its own limit, DEFAULT_BODY_LIMIT unless it names one up to this.
 */
export const LARGEST_BODY_LIMIT = 128 * 1024;

export const payloadTooLarge = (limit: number) =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than this call takes (${limit} bytes at most).`);

/** Refuses a body over `limit` with 413 before anything reads it: a declared Content-Length at once, a chunked body once it passes the limit. */
export const limitBody = (limit: number): MiddlewareHandler<AppEnv> =>
  bodyLimit({
    maxSize: limit,
    onError: () => {
      throw payloadTooLarge(limit);
    },
  });
