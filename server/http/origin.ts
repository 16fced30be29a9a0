import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard. Browsers send Origin on every unsafe request, so a
 * present Origin must be this server's own (or configured); clients that are not browsers
 * send none and are not at risk.
 */
export const checkOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  if (origin === undefined) return next();
  const own = new URL(c.req.url).origin;
  const host = c.req.header('host');
  const allowed = new Set([own, ...c.get('config').allowedOrigins]);
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (!allowed.has(origin)) throw new ApiError(403, 'ORIGIN_REJECTED', 'Requests from this origin are not accepted.');
  return next();
};
