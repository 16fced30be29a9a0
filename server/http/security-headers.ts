import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';

const policy = (frameAncestors: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; frame-ancestors ${frameAncestors}; base-uri 'self'; form-action 'self'; object-src 'none'`;

/**
 * Strict defaults for every answer; the sandbox frame sets its own frame-ancestors. The app's
 * pages may be framed by the configured affiliate partners (AFFILIATE_ORIGINS) and nobody else.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  if (h.has('Content-Security-Policy')) return;
  const { appBase, affiliateOrigins } = c.get('config');
  const isAppPage =
    (c.req.path === appBase || c.req.path.startsWith(`${appBase}/`)) &&
    (h.get('Content-Type') ?? '').startsWith('text/html');
  if (isAppPage && affiliateOrigins.length > 0) {
    // X-Frame-Options cannot name other origins; browsers follow frame-ancestors instead.
    h.set('Content-Security-Policy', policy(`'self' ${affiliateOrigins.join(' ')}`));
    return;
  }
  h.set('Content-Security-Policy', policy("'none'"));
  h.set('X-Frame-Options', 'DENY');
};
