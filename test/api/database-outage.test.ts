import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { responseCheckFor } from '../support/contract-check';
import type { Database } from '../../server/db/database';
import { DatabaseUnavailableError } from '../../server/db/unavailable';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { STAND_IN_SCRIPT, standInFrontEnd } from '../support/stand-in-front-end';

/**
 * The real database behind a switch: while "down", every call fails as the adapter fails when
 * the server is out of reach; while "hanging", every call waits for ever.
 */
function switchable(real: Database) {
  let state: 'up' | 'down' | 'hanging' = 'up';
  const gate = <T>(call: () => Promise<T>): Promise<T> => {
    if (state === 'down') return Promise.reject(new DatabaseUnavailableError('connect ECONNREFUSED 127.0.0.1:5432'));
    if (state === 'hanging') return new Promise<T>(() => undefined);
    return call();
  };
  const db: Database = {
    kind: real.kind,
    query: (text, params) => gate(() => real.query(text, params)),
    transaction: (work) => gate(() => real.transaction(work)),
    close: () => real.close(),
    ...(real.onWrite ? { onWrite: real.onWrite } : {}),
  };
  return { db, set: (next: typeof state) => void (state = next) };
}

describe.each(targets)('a database outage (%s)', (target) => {
  let api: TestApi;
  let dist: string;
  let outage: ReturnType<typeof switchable>;
  let app: ReturnType<typeof createApp>;
  let cookie: string;
  let checkResponse: ReturnType<typeof responseCheckFor>;
  // Every answer of the outage, 503s included, must be one the published document describes.
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await app.request(`http://localhost${path}`, init);
    if (path.startsWith('/api/'))
      await checkResponse((init.method ?? 'GET').toUpperCase(), new URL(path, 'http://localhost').pathname, response);
    return response;
  };
  const signedIn = (path: string, init: RequestInit = {}) =>
    request(path, { ...init, headers: { cookie, ...init.headers } });

  beforeAll(async () => {
    dist = standInFrontEnd();
    // No session cache: every request asks the database who is signed in, as after the cache's two seconds.
    api = await startTestApi(target, { SESSION_CACHE_MS: '0', DIST_DIR: dist, DB_HEALTH_TIMEOUT_MS: '200' });
    outage = switchable(api.db);
    app = createApp({ db: outage.db, config: api.config });
    checkResponse = responseCheckFor(app, api.config.apiBase);
    cookie = await api.signIn('active-us');
  });
  afterEach(() => outage.set('up'));
  afterAll(async () => {
    await api?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  async function expectUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.error).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(/try again/i) });
    return body;
  }

  it('answers an API call that needs the database with 503, the error body and Retry-After', async () => {
    outage.set('down');
    await expectUnavailable(await signedIn('/api/users/claims'));
    await expectUnavailable(await request(`/api/skus?userUID=${PERSONA_UID['active-us']}&sellPageOnly=true`));
    const payment = {
      user_uid: PERSONA_UID['active-us'],
      sku_id: 122,
      session_guid: crypto.randomUUID(),
      payment_method: 'CRCD',
      card_type: 'VISA',
      last_four_digits: '4242',
    };
    await expectUnavailable(
      await signedIn('/api/payments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payment),
      }),
    );
  });

  it("serves the front end's pages and files as to a guest, and leaves the session cookie alone", async () => {
    outage.set('down');
    for (const path of ['/payment/pricing', '/payment/mysettings', STAND_IN_SCRIPT]) {
      const response = await signedIn(path);
      expect(response.status, path).toBe(200);
      expect(
        response.headers.getSetCookie().filter((c) => c.startsWith('rp_session=')),
        path,
      ).toEqual([]);
    }
  });

  it('knows the same session again once the database is back', async () => {
    outage.set('down');
    await expectUnavailable(await signedIn('/api/users/claims'));
    outage.set('up');
    const claims = await signedIn('/api/users/claims');
    expect(claims.status).toBe(200);
    expect(await claims.json()).toMatchObject({ Role: 'user', UserUID: PERSONA_UID['active-us'] });
  });

  it('reports the database in /api/health: up, down, or down when it does not answer in time', async () => {
    const up = await request('/api/health');
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ ok: true, database: 'up', kind: target });

    outage.set('down');
    expect(await expectUnavailable(await request('/api/health'))).toMatchObject({ database: 'down' });

    outage.set('hanging');
    const started = performance.now();
    expect(await expectUnavailable(await request('/api/health'))).toMatchObject({ database: 'down' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
