import type { AddressInfo } from 'node:net';
import type { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { startTestApi, type TestApi } from '../support/api-client';
import { sessionCookieFrom } from '../support/session-cookie';

/**
 * Every kind of API answer (a read, a redirect, an empty one, each kind of error), sent over real
 * HTTP by @hono/node-server as in production, is marked no-store and carries the strict headers.
 * A JSON answer is written whole, with its length, not streamed in chunks.
 */
describe('API answers over HTTP', () => {
  let api: TestApi;
  let server: ReturnType<typeof createServer>;
  let base: string;

  beforeAll(async () => {
    api = await startTestApi('pglite');
    const app = createApp({ db: api.db, config: api.config });
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(s as ReturnType<typeof createServer>),
      ) as ReturnType<typeof createServer>;
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  const expectStrict = (response: Response, label: string) => {
    expect(response.headers.get('cache-control'), label).toBe('no-store');
    expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
    expect(response.headers.get('x-frame-options'), label).toBe('DENY');
    expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
    expect(response.headers.get('content-security-policy'), label).toContain("frame-ancestors 'none'");
  };

  it('reads, redirects, empty answers and errors alike', async () => {
    const signIn = await fetch(`${base}/api/demo/session?persona=active-us&next=/dashboard`, { redirect: 'manual' });
    expect(signIn.status).toBe(302);
    expectStrict(signIn, 'redirect');
    const cookie = sessionCookieFrom(signIn)!;

    const cases: [string, RequestInit, number][] = [
      ['/api/users/claims', { headers: { cookie } }, 200],
      ['/api/skus?countryCD=US&sellPageOnly=true', { headers: { cookie } }, 200],
      ['/api/users/claims', {}, 200],
      ['/api/skus?countryCD=nowhere', {}, 400],
      ['/api/subscriptions?userUID=5eed0000-0000-4000-8000-000000000001', {}, 401],
      ['/api/no-such-call', {}, 404],
      ['/api/users/claims', { method: 'POST' }, 404],
      ['/api/demo/session', { method: 'DELETE', headers: { cookie } }, 204],
    ];
    for (const [path, init, status] of cases) {
      const response = await fetch(`${base}${path}`, init);
      const label = `${init.method ?? 'GET'} ${path}`;
      expect(response.status, label).toBe(status);
      expectStrict(response, label);
      if (status !== 204) {
        expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
        expect(response.headers.get('transfer-encoding'), label).toBeNull();
        const text = await response.text();
        expect(Number(response.headers.get('content-length')), label).toBe(Buffer.byteLength(text));
      }
    }
  });
});
