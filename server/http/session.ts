import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Queryable } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppEnv } from './env';
import { forbidden, unauthorized } from './errors';
import { findSessionUser } from '../repositories/users';
import type { UserRow } from '../repositories/users';

export const SESSION_COOKIE = 'rp_session';

/**
 * Resolves the signed-in user from the session cookie; an unknown or expired cookie is a guest.
 * The answer may come from the session cache (see session-cache.ts for how fresh it is).
 *
 * A stale cookie is left alone, not cleared: the answer to a request sent with the old cookie
 * can arrive after a new sign-in in the same browser, and clearing would then sign the person
 * out again. A stale cookie signs nobody in, and signing in or out replaces it.
 *
 * A request whose route checks the session in its own statement (`checksOwnSession`, see
 * `uncheckedSession`) is left unchecked here: no user yet, and no round trip of its own.
 */
export function loadSession(
  checksOwnSession: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sessionId = getCookie(c, SESSION_COOKIE) ?? null;
    if (sessionId && checksOwnSession(c)) {
      c.set('uncheckedSession', sessionId);
      c.set('sessionId', null);
      c.set('user', null);
      return next();
    }
    try {
      await resolveSession(c, sessionId);
    } catch (error) {
      // The front end's files do not depend on who asks: during an outage they are served as to a
      // guest, cookie untouched, and the page's own API calls answer 503. Anything else answers 503.
      if (!isDatabaseUnavailable(error) || !isFrontEndPath(c)) throw error;
      c.set('sessionId', null);
      c.set('user', null);
    }
    await next();
  };
}

/**
 * Checks a session cookie that loadSession left unchecked: `user` and `sessionId` are set after it.
 * It reads the database, never the session cache, as the route's own statement would have: a
 * session signed out by another process is refused at once, not up to the cache's lifetime later.
 */
export async function checkSession(c: Context<AppEnv>): Promise<void> {
  const sessionId = c.get('uncheckedSession');
  if (!sessionId) return;
  c.set('uncheckedSession', null);
  await resolveSession(c, sessionId, async () => (await findSessionUser(c.get('db'), sessionId))?.user ?? null);
}

async function resolveSession(
  c: Context<AppEnv>,
  sessionId: string | null,
  lookUp = (id: string) => c.get('sessions').user(id, () => findSessionUser(c.get('db'), id)),
): Promise<void> {
  const user = sessionId ? await lookUp(sessionId) : null;
  c.set('sessionId', user ? sessionId : null);
  c.set('user', user);
}

function isFrontEndPath(c: Context<AppEnv>): boolean {
  const { appBase, apiBase } = c.get('config');
  const under = (base: string) => c.req.path === base || c.req.path.startsWith(`${base}/`);
  return under(appBase) && !(apiBase && under(apiBase));
}

export const USER_STATUS_COOKIE = 'UserStatus';

/** Readable by the page: the sub-role and display name the start-up rules look at. */
export function setUserStatusCookie(c: Context<AppEnv>, user: Pick<UserRow, 'sub_role' | 'acc_display_name'>): void {
  // setCookie URL-encodes the value itself.
  setCookie(c, USER_STATUS_COOKIE, JSON.stringify({ SubRole: user.sub_role, AccDisplayName: user.acc_display_name }), {
    path: '/',
    sameSite: 'Lax',
    secure: c.get('config').production,
    maxAge: c.get('config').sessionDays * 86400,
  });
}

/** A new session of a user, stored; its id is the session cookie's value. */
export async function createSession(db: Queryable, userUid: string, days: number): Promise<string> {
  const sessionId = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (session_id, user_uid, expires_at) values ($1, $2, now() + make_interval(days => $3))`,
    [sessionId, userUid, days],
  );
  return sessionId;
}

export async function startSession(c: Context<AppEnv>, userUid: string): Promise<string> {
  const days = c.get('config').sessionDays;
  const sessionId = await createSession(c.get('db'), userUid, days);
  setCookie(c, SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('config').production,
    maxAge: days * 86400,
  });
  return sessionId;
}

/** Deletes a session and forgets it in this process at once (the write to sessions drops the cache as well). */
export async function revokeSession(c: Context<AppEnv>, sessionId: string): Promise<void> {
  await c.get('db').query('delete from sessions where session_id = $1', [sessionId]);
  c.get('sessions').forget(sessionId);
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const sessionId = c.get('sessionId');
  if (sessionId) await revokeSession(c, sessionId);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, USER_STATUS_COOKIE, { path: '/' });
}

export function requireUser(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/** The caller may only touch their own records: a guest gets 401, another user's id 403. */
export function requireSelf(c: Context<AppEnv>, userUid: string): UserRow {
  const user = requireUser(c);
  if (user.user_uid.toLowerCase() !== userUid.toLowerCase()) throw forbidden();
  return user;
}
