import { timingSafeEqual, createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './env';
import { ApiError } from './errors';

/** The cookie `/flows?token=…` sets, so the explorer's page and its reads carry the token without a header. */
export const FLOWS_TOKEN_COOKIE = 'flows_token';

/** The explorer's page, on the same server as the app. */
export const FLOWS_PAGE_PATH = '/flows';

/**
 * Whether a call under the API base is one of the explorer's: every read under /flows and both
 * simulator calls. The transitions the app records (POST /flows/transitions) are never gated.
 */
export function isFlowsGated(method: string, routePath: string, apiBase: string): boolean {
  const rest = routePath.startsWith(`${apiBase}/`) ? routePath.slice(apiBase.length) : null;
  if (rest === null || !(rest === '/flows' || rest.startsWith('/flows/'))) return false;
  if (rest === '/flows/simulate' || rest.startsWith('/flows/simulate/')) return true;
  return method === 'GET' || method === 'HEAD';
}

/** Compares in constant time (over the digests, so the lengths need not match). */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

function bearerOf(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Whether this request may use the explorer: it is on, and it carries the token when one is configured. */
function access(c: Context<AppEnv>): 'off' | 'denied' | 'allowed' {
  const { flowsExplorer, flowsToken } = c.get('config');
  if (!flowsExplorer) return 'off';
  if (!flowsToken) return 'allowed';
  const given = bearerOf(c) ?? getCookie(c, FLOWS_TOKEN_COOKIE);
  return given !== undefined && sameToken(given, flowsToken) ? 'allowed' : 'denied';
}

function denied(c: Context<AppEnv>): ApiError {
  c.header('WWW-Authenticate', 'Bearer realm="flows"');
  return new ApiError(
    401,
    'UNAUTHORIZED',
    `The flow explorer needs its token: open ${FLOWS_PAGE_PATH}?token=… once, or send it as a bearer token.`,
  );
}

/**
 * In front of the API: the explorer's calls answer 404 while the explorer is off (as if they did
 * not exist) and 401 without the configured token. Every other call passes untouched.
 */
export const flowsApiAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isFlowsGated(c.req.method, c.req.path, c.get('config').apiBase)) return next();
  const verdict = access(c);
  if (verdict === 'off') throw new ApiError(404, 'NOT_FOUND', 'There is no such API call.');
  if (verdict === 'denied') throw denied(c);
  return next();
};

/**
 * In front of the page and its files: 404 while the explorer is off. With a token configured,
 * `?token=` that matches sets the HttpOnly, SameSite=Strict cookie and comes back without it in
 * the address; a request without the token is refused with 401.
 */
export const flowsPageAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { flowsExplorer, flowsToken } = c.get('config');
  if (!flowsExplorer) throw new ApiError(404, 'NOT_FOUND', 'Nothing is here.');
  const url = new URL(c.req.url);
  const offered = url.searchParams.get('token');
  if (flowsToken && offered !== null && c.req.method === 'GET') {
    if (!sameToken(offered, flowsToken)) throw denied(c);
    url.searchParams.delete('token');
    setCookie(c, FLOWS_TOKEN_COOKIE, offered, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: url.protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https',
    });
    return c.redirect(`${url.pathname}${url.search}`, 302);
  }
  if (access(c) === 'denied') throw denied(c);
  return next();
};
