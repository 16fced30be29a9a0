import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type ApiResponse, type TestApi } from '../support/api-client';
import { solveCaptcha } from '../support/captcha';
import { targets } from '../support/databases';
import { snapshot } from '../support/snapshot';
import { FOREIGN_ORIGIN, apiRoutes, routeKey, snapshotAll, type Route } from './support';

/**
 * Cross-site request forgery: a browser names the page's origin on every unsafe request, so
 * every POST/PUT/PATCH/DELETE of the API, listed from the router itself, refuses a foreign
 * Origin with 403 ORIGIN_REJECTED before it reads or writes anything, and accepts the app's own
 * origin (and the origins the operator configured).
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OWN_ORIGIN = 'http://localhost';
const CONFIGURED_ORIGIN = 'https://shop.example';

/** Origins a browser could send from pages that are not this app's. */
const FOREIGN_ORIGINS = [
  FOREIGN_ORIGIN,
  'null', // sandboxed iframes, data: URLs, some redirects
  'http://localhost.attacker.example', // a prefix match would let this through
  'http://localhost:8443', // the same host on another port is another origin
  'https://shop.example.attacker.example',
];

/** A concrete path for a route pattern: the signed-in user's own id, a plausible record id. */
const concretePath = (route: Route, self: string) =>
  route.path.replace(/:(userId|uid)\b/g, self).replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'x'));

describe.each(targets)('Origin check on unsafe API calls (%s)', (target) => {
  let api: TestApi;
  let unsafeRoutes: Route[];
  const cookies: Record<string, string> = {};

  const send = (method: string, path: string, body: unknown, headers: Record<string, string>): Promise<ApiResponse> =>
    api
      .raw(path, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: method === 'DELETE' ? undefined : JSON.stringify(body),
      })
      .then(async (r) => {
        const text = await r.text();
        return { status: r.status, body: text ? JSON.parse(text) : null, headers: r.headers };
      });

  beforeAll(async () => {
    api = await startTestApi(target, { APP_ORIGINS: CONFIGURED_ORIGIN });
    for (const persona of ['active-us', 'new-in', 'active-uk'] as const) cookies[persona] = await api.signIn(persona);
    unsafeRoutes = apiRoutes(api.db, api.config).filter((r) => UNSAFE.has(r.method));
  });
  afterAll(() => api?.close());

  it('the router has the unsafe calls this test expects to sweep (the list is read from it, not typed here)', () => {
    const keys = unsafeRoutes.map(routeKey);
    for (const known of [
      'POST /api/payments',
      'POST /api/v2/subscriptions/cancel',
      'POST /api/subscriptions/cancelv2',
      'POST /api/events',
      'DELETE /api/demo/session',
    ]) {
      expect(keys).toContain(known);
    }
  });

  it.each(FOREIGN_ORIGINS)(
    'every unsafe call answers 403 ORIGIN_REJECTED to Origin %s, signed in, and nothing at all is written',
    async (origin) => {
      const before = await snapshotAll(api.db);
      for (const route of unsafeRoutes) {
        const response = await send(
          route.method,
          concretePath(route, PERSONA_UID['active-us']),
          {},
          { origin, cookie: cookies['active-us']! },
        );
        expect(response.status, routeKey(route)).toBe(403);
        expect(response.body, routeKey(route)).toEqual({
          error: { code: 'ORIGIN_REJECTED', message: expect.any(String) },
        });
      }
      expect(await snapshotAll(api.db)).toEqual(before);
    },
  );

  /** Real, valid requests that write when let through: refused from abroad, accepted from home. */
  const WRITES: {
    label: string;
    persona?: keyof typeof cookies;
    method: string;
    path: string;
    body: () => Promise<unknown> | unknown;
    table: string;
    ok: number;
  }[] = [
    {
      label: 'logged-out cancellation request',
      method: 'POST',
      path: '/api/v2/subscriptions/cancel',
      body: async () => ({
        email_address: 'someone@example.org',
        portal_id: 1,
        account_id: '4711',
        is_extraordinary_cancellation: false,
        cancellation_request_time: '2026-11-22T10:00:00',
        captcha: await solveCaptcha(api),
      }),
      table: 'cancellation_requests',
      ok: 201,
    },
    {
      label: 'analytics event',
      persona: 'active-us',
      method: 'POST',
      path: '/api/events',
      body: () => ({ user_id: PERSONA_UID['active-us'], event_name: 'csrf probe' }),
      table: 'events',
      ok: 202,
    },
    {
      label: 'saving a preference',
      persona: 'active-us',
      method: 'POST',
      path: `/api/users/${PERSONA_UID['active-us']}/savepreference`,
      body: () => ({ code: 'CANCELLATION_REMINDER', value: 'true' }),
      table: 'user_preferences',
      ok: 200,
    },
    {
      label: 'a card payment',
      persona: 'new-in',
      method: 'POST',
      path: '/api/payments',
      body: async () => {
        const skus = (await api.get('/api/skus?sellPageOnly=true', cookies['new-in'])).body.Skus as {
          SkuID: number;
          PlanTier: string | null;
        }[];
        const sku = skus.find((s) => s.PlanTier !== null)!;
        return {
          user_uid: PERSONA_UID['new-in'],
          sku_id: sku.SkuID,
          session_guid: randomUUID(),
          payment_method: 'CRCD',
          card_type: 'VISA',
          last_four_digits: '4242',
        };
      },
      table: 'transactions',
      ok: 201,
    },
  ];

  it.each(WRITES)(
    '$label: refused from a foreign origin with nothing written, then accepted from the app origin',
    async (w) => {
      const body = await w.body();
      const headers = (origin: string): Record<string, string> => ({
        origin,
        ...(w.persona ? { cookie: cookies[w.persona]! } : {}),
      });
      const before = await snapshot(api.db, [w.table]);
      const refused = await send(w.method, w.path, body, headers(FOREIGN_ORIGIN));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: { code: 'ORIGIN_REJECTED', message: expect.any(String) } });
      expect(await snapshot(api.db, [w.table])).toEqual(before);

      const accepted = await send(w.method, w.path, body, headers(OWN_ORIGIN));
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(w.ok);
      expect(await snapshot(api.db, [w.table])).not.toEqual(before);
    },
  );

  it('signed-in cancellation (cancelv2) from a foreign origin leaves the plan active; from a configured origin it cancels', async () => {
    const uid = PERSONA_UID['active-uk'];
    const [sub] = await api.db.query<{ subscription_id: string }>(
      `select subscription_id from subscriptions where user_uid = $1 and status_cd = 'ACTV'`,
      [uid],
    );
    const body = { user_uid: uid, subscription_id: Number(sub!.subscription_id) };
    const refused = await send('POST', '/api/subscriptions/cancelv2', body, {
      origin: FOREIGN_ORIGIN,
      cookie: cookies['active-uk']!,
    });
    expect(refused.status).toBe(403);
    expect((await api.get('/api/users/claims', cookies['active-uk'])).body.UserType).toBe('ACTV');

    const accepted = await send('POST', '/api/subscriptions/cancelv2', body, {
      origin: CONFIGURED_ORIGIN,
      cookie: cookies['active-uk']!,
    });
    expect(accepted.status).toBe(200);
    expect((await api.get('/api/users/claims', cookies['active-uk'])).body.UserType).toBe('EXPR');
  });

  it('signing out from a foreign origin keeps the session; from the app origin it ends it', async () => {
    const cookie = await api.signIn('expired-us');
    const refused = await send('DELETE', '/api/demo/session', undefined, { origin: FOREIGN_ORIGIN, cookie });
    expect(refused.status).toBe(403);
    expect((await api.get('/api/users/claims', cookie)).body.Role).toBe('user');
    const accepted = await send('DELETE', '/api/demo/session', undefined, { origin: OWN_ORIGIN, cookie });
    expect(accepted.status).toBe(204);
    expect((await api.get('/api/users/claims', cookie)).body.Role).toBe('guest');
  });

  it('reads (GET) are not blocked by a foreign Origin: they change nothing', async () => {
    const response = await api.raw('/api/skus?countryCD=US', { headers: { origin: FOREIGN_ORIGIN } });
    expect(response.status).toBe(200);
  });
});
