import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { contract, routesCheckingOwnSession } from '../../server/http/contract';
import type { AppEnv } from '../../server/http/env';
import { ApiError } from '../../server/http/errors';
import { SESSION_COOKIE, loadSession } from '../../server/http/session';
import { createSessionCache } from '../../server/http/session-cache';
import type { Database } from '../../server/db/database';

/**
 * The session middleware leaves a cookie unchecked only for a route that checks it in its own
 * statement; if it ever leaves one unchecked for any other route, that route's contract checks
 * it before the handler runs, so no handler sees an unchecked session it did not ask for.
 */
describe('a session left unchecked for the route', () => {
  const LIVE = 'a-live-session';
  const USER = '5eed0000-0000-4000-8000-000000000001';

  /** Leaves every cookie unchecked, as if the predicate misfired for every route. */
  const appLeavingEverySessionUnchecked = () => {
    const lookups: unknown[][] = [];
    const db = {
      kind: 'pglite',
      async query(_text: string, params: unknown[] = []) {
        lookups.push(params);
        return params[0] === LIVE ? [{ user_uid: USER, session_expires_at: new Date(Date.now() + 60_000) }] : [];
      },
    } as unknown as Database;
    const app = new Hono<AppEnv>();
    app.onError((error, c) =>
      error instanceof ApiError ? c.json({ code: error.code }, error.status) : c.json({ code: 'UNEXPECTED' }, 500),
    );
    app.use('*', async (c, next) => {
      c.set('db', db);
      c.set('sessions', createSessionCache(0));
      await next();
    });
    app.use(
      '*',
      loadSession(() => true),
    );
    const seen = (c: { get: (key: 'user' | 'uncheckedSession') => unknown }) => ({
      user: (c.get('user') as { user_uid: string } | null)?.user_uid ?? null,
      unchecked: c.get('uncheckedSession') ?? null,
    });
    app.post(
      '/checks-its-own',
      contract({ summary: 'checks its own session', auth: 'user', responses: { 200: null }, checksOwnSession: true }),
      (c) => c.json(seen(c)),
    );
    app.post(
      '/does-not',
      contract({ summary: 'relies on the middleware', auth: 'user', responses: { 200: null } }),
      (c) => c.json(seen(c)),
    );
    const post = async (path: string, session?: string) => {
      const response = await app.request(path, {
        method: 'POST',
        headers: session ? { cookie: `${SESSION_COOKIE}=${session}` } : {},
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return { post, lookups };
  };

  it('reaches the route that checks its own session unchecked, with no lookup made', async () => {
    const { post, lookups } = appLeavingEverySessionUnchecked();
    expect(await post('/checks-its-own', LIVE)).toEqual({ status: 200, body: { user: null, unchecked: LIVE } });
    expect(await post('/checks-its-own', 'made-up')).toEqual({
      status: 200,
      body: { user: null, unchecked: 'made-up' },
    });
    expect(lookups).toEqual([]);
    expect((await post('/checks-its-own')).status, 'a guest has no session to check').toBe(401);
  });

  it('is checked by the contract of any other route before its handler', async () => {
    const { post, lookups } = appLeavingEverySessionUnchecked();
    expect(await post('/does-not', LIVE)).toEqual({ status: 200, body: { user: USER, unchecked: null } });
    expect(await post('/does-not', 'made-up')).toEqual({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(lookups).toEqual([[LIVE], ['made-up']]);
  });

  it('is left unchecked only on the routes whose contract says so, found by their full path', () => {
    const spec = (checksOwnSession: boolean) =>
      contract({ summary: 'a call', auth: 'user', responses: { 200: null }, checksOwnSession });
    const api = new Hono<AppEnv>();
    api.post('/pay', spec(true), (c) => c.body(null));
    api.get('/pay', spec(false), (c) => c.body(null));
    api.post('/other', spec(false), (c) => c.body(null));
    const app = new Hono<AppEnv>().route('/api', api);
    expect(routesCheckingOwnSession(app.routes)).toEqual(new Set(['POST /api/pay']));

    const withParameter = new Hono<AppEnv>();
    withParameter.post('/pay/:id', spec(true), (c) => c.body(null));
    expect(() => routesCheckingOwnSession(withParameter.routes)).toThrow(/cannot have parameters/);
  });
});
