import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';

/** The explorer's page at /flows on the whole server: served with its configuration, behind its access check, linked from the dashboard when on. */
describe('the flow explorer page', () => {
  const dist = mkdtempSync(join(tmpdir(), 'rp-flows-page-'));
  writeFileSync(
    join(dist, 'flows.html'),
    '<!doctype html><html><head><meta name="app-config" content="__APP_CONFIG__"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  let open: TestApi;
  let production: TestApi;
  let guarded: TestApi;
  beforeAll(async () => {
    [open, production, guarded] = await Promise.all([
      startTestApi('pglite', { DIST_DIR: dist }),
      startTestApi('pglite', { DIST_DIR: dist, NODE_ENV: 'production' }),
      startTestApi('pglite', {
        DIST_DIR: dist,
        NODE_ENV: 'production',
        FLOWS_EXPLORER: '1',
        FLOWS_TOKEN: 'explorer-token-1',
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), production?.close(), guarded?.close()]);
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves flows.html at /flows with where the API is, and the coverage report beside it', async () => {
    const page = await open.raw('/flows');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('content="{&quot;apiBase&quot;:&quot;/api&quot;');
    const coverage = await open.get<{ machines: { machine: string }[] }>('/flows/coverage.json');
    expect(coverage.status).toBe(200);
    expect(coverage.body.machines.map((m) => m.machine)).toContain('purchaseFunnel');
  });

  it('is not served as a file of the app', async () => {
    expect((await open.raw('/payment/flows.html')).status).toBe(404);
  });

  it('is off in production unless FLOWS_EXPLORER=1, and the dashboard links it only when it is on', async () => {
    expect((await production.raw('/flows')).status).toBe(404);
    expect((await production.raw('/flows/coverage.json')).status).toBe(404);
    expect((await production.raw('/api/flows/machines')).status).toBe(404);
    const link = '<a href="/flows">';
    expect((await production.get<string>('/dashboard')).body).not.toContain(link);
    expect((await open.get<string>('/dashboard')).body).toContain(link);
    expect((await guarded.get<string>('/dashboard')).body).toContain(link);
  });

  it('with a token: 401 without it, the cookie from /flows?token= opens the page and the coverage report', async () => {
    const refused = await guarded.raw('/flows');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="flows"');
    expect((await guarded.raw('/api/flows/machines')).status).toBe(401);
    const taken = await guarded.raw('/flows?token=explorer-token-1');
    expect(taken.status).toBe(302);
    expect(taken.headers.get('location')).toBe('/flows');
    const cookie = (taken.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toBe('flows_token=explorer-token-1');
    expect((await guarded.get('/flows', cookie)).status).toBe(200);
    expect((await guarded.get('/flows/coverage.json', cookie)).status).toBe(200);
    expect((await guarded.raw('/flows', { headers: { authorization: 'Bearer explorer-token-1' } })).status).toBe(200);
    // The app's recorded transitions are never gated: the answer is the route's own, not the token's 401.
    const recorded = await guarded.post('/api/flows/transitions', { transitions: [] });
    expect(recorded.status).not.toBe(401);
  });
});
