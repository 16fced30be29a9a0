import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { AppEnv } from '../../server/http/env';
import { ApiError, errorResponse } from '../../server/http/errors';
import { flowsApiAccess, flowsPageAccess, isFlowsGated } from '../../server/http/flows-access';

/** The explorer's access check alone, in front of stand-in routes, for each configuration. */
function appWith(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', config);
    await next();
  });
  const api = new Hono<AppEnv>();
  api.use('*', flowsApiAccess);
  api.get('/flows/machines', (c) => c.json({ read: true }));
  api.get('/flows/machines/:machine/counts', (c) => c.json({ read: true }));
  api.post('/flows/transitions', (c) => c.json({ recorded: 1 }, 202));
  api.post('/flows/simulate', (c) => c.json({ simulated: true }));
  api.post('/flows/simulate/open', (c) => c.json({ opened: true }));
  api.get('/users/claims', (c) => c.json({ claims: true }));
  app.route('/api', api);
  const page = new Hono<AppEnv>();
  page.use('*', flowsPageAccess);
  page.get('/', (c) => c.html('<p>explorer</p>'));
  app.route('/flows', page);
  app.onError((error, c) => (error instanceof ApiError ? errorResponse(c, error) : c.text('unexpected', 500)));
  const request = (path: string, init: RequestInit = {}) => app.request(`http://localhost${path}`, init);
  return { request };
}

const GATED: [string, string][] = [
  ['GET', '/api/flows/machines'],
  ['GET', '/api/flows/machines/purchaseFunnel/counts'],
  ['POST', '/api/flows/simulate'],
  ['POST', '/api/flows/simulate/open'],
  ['GET', '/flows'],
];
const send = (
  request: ReturnType<typeof appWith>['request'],
  method: string,
  path: string,
  headers: Record<string, string> = {},
) =>
  request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });

describe('flow explorer access', () => {
  it('names the gated calls: every read under /flows and both simulator calls, never the recorded transitions', () => {
    expect(isFlowsGated('GET', '/api/flows/machines', '/api')).toBe(true);
    expect(isFlowsGated('GET', '/api/flows/segments', '/api')).toBe(true);
    expect(isFlowsGated('POST', '/api/flows/simulate', '/api')).toBe(true);
    expect(isFlowsGated('POST', '/api/flows/simulate/open', '/api')).toBe(true);
    expect(isFlowsGated('POST', '/api/flows/transitions', '/api')).toBe(false);
    expect(isFlowsGated('GET', '/api/flowsy', '/api')).toBe(false);
    expect(isFlowsGated('GET', '/api/users/claims', '/api')).toBe(false);
    expect(isFlowsGated('GET', '/flows/machines', '')).toBe(true);
  });

  it('is on outside production without a token: everything answers', async () => {
    const { request } = appWith({ NODE_ENV: 'development' });
    for (const [method, path] of GATED)
      expect((await send(request, method, path)).status, `${method} ${path}`).toBe(200);
  });

  it('is off in production unless FLOWS_EXPLORER=1: 404 for the page and every gated call, the rest untouched', async () => {
    const { request } = appWith({ NODE_ENV: 'production' });
    for (const [method, path] of GATED) {
      const response = await send(request, method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    expect((await send(request, 'POST', '/api/flows/transitions')).status).toBe(202);
    expect((await send(request, 'GET', '/api/users/claims')).status).toBe(200);
    const on = appWith({ NODE_ENV: 'production', FLOWS_EXPLORER: '1' });
    for (const [method, path] of GATED)
      expect((await send(on.request, method, path)).status, `${method} ${path}`).toBe(200);
    const offInDevelopment = appWith({ NODE_ENV: 'development', FLOWS_EXPLORER: '0' });
    expect((await send(offInDevelopment.request, 'GET', '/flows')).status).toBe(404);
  });

  describe('with FLOWS_TOKEN set', () => {
    const { request } = appWith({ NODE_ENV: 'production', FLOWS_EXPLORER: '1', FLOWS_TOKEN: 's3cret-token' });

    it('refuses the page and every gated call without the token (401, a bearer challenge); the app still records transitions', async () => {
      for (const [method, path] of GATED) {
        const response = await send(request, method, path);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="flows"');
      }
      for (const [method, path] of GATED)
        expect((await send(request, method, path, { authorization: 'Bearer wrong' })).status).toBe(401);
      for (const [method, path] of GATED)
        expect((await send(request, method, path, { cookie: 'flows_token=wrong' })).status).toBe(401);
      expect((await send(request, 'POST', '/api/flows/transitions')).status).toBe(202);
    });

    it('lets the bearer header through, and the cookie', async () => {
      for (const [method, path] of GATED)
        expect((await send(request, method, path, { authorization: 'Bearer s3cret-token' })).status).toBe(200);
      for (const [method, path] of GATED)
        expect((await send(request, method, path, { cookie: 'flows_token=s3cret-token' })).status).toBe(200);
    });

    it('/flows?token= sets the HttpOnly, SameSite=Strict cookie and comes back without the token; a wrong one sets nothing', async () => {
      const response = await request('/flows?machine=purchaseFunnel&token=s3cret-token');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/flows?machine=purchaseFunnel');
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^flows_token=s3cret-token;/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\//);
      const wrong = await request('/flows?token=guess');
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('set-cookie')).toBeNull();
    });
  });
});
