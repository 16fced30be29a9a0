import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
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

/** The size of each body already read from Node's request, so a later, smaller limit is checked without reading again. */
const bodySizes = new WeakMap<IncomingMessage, number>();

/**
 * Refuses a body over `limit` with 413 before anything reads it: a declared Content-Length at once, a chunked body once it passes the limit.
 *
 * On Node's server the first limit (every request's, before routing) reads the body itself, straight
 * from Node's request, and leaves it where `c.req.text()` finds it. Through Hono's own middleware
 * every request, even a GET, was made a fetch Request with a web stream for its body: about a
 * sixth of the server's time under a load of payments. Elsewhere (`app.request` in tests) Hono's
 * middleware does the work.
 */
export const limitBody = (limit: number): MiddlewareHandler<AppEnv> => {
  const throughHono = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw payloadTooLarge(limit);
    },
  });
  return async (c, next) => {
    const incoming = nodeRequestOf(c);
    if (!incoming) return throughHono(c, next);
    const size = bodySizes.get(incoming);
    if (size !== undefined) {
      if (size > limit) throw payloadTooLarge(limit);
      return next();
    }
    // @hono/node-server gives a GET or HEAD no body, whatever it sent.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = declaredLength(incoming);
    if (declared !== null && declared > limit) throw payloadTooLarge(limit);
    const body = await readWithin(incoming, limit);
    if (body === 'over') throw payloadTooLarge(limit);
    keepBody(c, body);
    if (body instanceof Uint8Array) bodySizes.set(incoming, body.byteLength);
    return next();
  };
};

function nodeRequestOf(c: Context): IncomingMessage | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : null;
}

/** The Content-Length a body declares, when it is not chunked. */
function declaredLength(incoming: IncomingMessage): number | null {
  if (incoming.headers['transfer-encoding'] !== undefined) return null;
  const length = incoming.headers['content-length'];
  return length === undefined ? null : Number.parseInt(length, 10);
}

/** The whole body, 'over' as soon as it passes `limit` (the rest is left unread), or the error that ended it. */
function readWithin(incoming: IncomingMessage, limit: number): Promise<Uint8Array | 'over' | { failed: unknown }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: Uint8Array | 'over' | { failed: unknown }) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      incoming.pause();
      settle('over');
    };
    const onEnd = () => settle(Buffer.concat(chunks, size));
    const onError = (error: unknown) => settle({ failed: error });
    const onClose = () => settle({ failed: new Error('the request closed before its body ended') });
    incoming.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
  });
}

/**
 * Leaves the body where Hono's `c.req.text()` (and `arrayBuffer()`) look first. Decoded as a fetch
 * Request's text() decodes: UTF-8, a leading byte order mark dropped, bad bytes replaced.
 */
function keepBody(c: Context, body: Uint8Array | { failed: unknown }) {
  const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
  if (body instanceof Uint8Array) {
    cache.text = Promise.resolve(new TextDecoder().decode(body));
    cache.arrayBuffer = Promise.resolve(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
    return;
  }
  // A body that broke off is an error for whoever reads it (a 400 in readJson), not for a route that does not.
  const failed = Promise.reject(body.failed);
  failed.catch(() => undefined);
  cache.text = failed;
  cache.arrayBuffer = failed;
}
