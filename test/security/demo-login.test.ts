import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { countRows } from '../support/snapshot';
import { apiRoutes, cookieSet } from './support';

/**
 * Demo sign-in hands out anybody's session for the asking, so (DESIGN.md §3) it is off when
 * NODE_ENV=production unless DEMO_LOGIN=1, and DEMO_LOGIN=0 turns it off anywhere. Off means
 * every /api/demo/* call is closed, no cookie is set, no session is stored, and the dashboard
 * shows no persona switcher and no outbox (everybody's e-mails).
 */

const SIGN_IN = '/api/demo/session?persona=new-us&next=/dashboard';
const SEEDED_EMAILS = ['nora.newman@example.com', 'ava.martinez@example.com', 'oliver.hughes@example.co.uk'];

async function expectDemoClosed(api: TestApi) {
  const sessionsBefore = await countRows(api.db, 'sessions');
  const response = await api.raw(SIGN_IN, { redirect: 'manual' });
  expect([403, 404]).toContain(response.status);
  expect(await response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(cookieSet(response, 'rp_session')).toBeUndefined();
  expect(cookieSet(response, 'UserStatus')).toBeUndefined();
  expect(response.headers.get('location')).toBeNull();
  expect(await countRows(api.db, 'sessions')).toBe(sessionsBefore);

  const demoRoutes = apiRoutes(api.db, api.config).filter((r) => r.path.startsWith('/api/demo/'));
  expect(demoRoutes.length).toBeGreaterThanOrEqual(4);
  for (const route of demoRoutes) {
    const closed = await api.raw(`${route.path}?persona=new-us&to=${encodeURIComponent(SEEDED_EMAILS[0]!)}`, {
      method: route.method,
      redirect: 'manual',
    });
    expect([403, 404], `${route.method} ${route.path}`).toContain(closed.status);
    const text = await closed.text();
    for (const email of SEEDED_EMAILS) expect(text, `${route.method} ${route.path}`).not.toContain(email);
  }
  expect(await countRows(api.db, 'sessions')).toBe(sessionsBefore);

  const dashboard = await (await api.raw('/dashboard')).text();
  expect(dashboard).not.toContain('/demo/session?persona=');
  expect(dashboard).not.toMatch(/outbox/i);
  for (const email of SEEDED_EMAILS) expect(dashboard).not.toContain(email);

  expect((await api.get('/api/config/client')).body.demoLogin).toBe(false);
}

describe('demo sign-in in production without DEMO_LOGIN', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { NODE_ENV: 'production' });
  });
  afterAll(() => api?.close());

  it('does not sign in: no session cookie, no session row, every /api/demo/* call closed, nothing on the dashboard', async () => {
    expect(api.config.production).toBe(true);
    await expectDemoClosed(api);
  });

  it.each(['true', 'yes', 'on', ' 1', ''])('DEMO_LOGIN=%j does not turn it on (only "1" does)', async (value) => {
    const other = await startTestApi('pglite', { NODE_ENV: 'production', DEMO_LOGIN: value });
    try {
      const response = await other.raw(SIGN_IN, { redirect: 'manual' });
      expect([403, 404]).toContain(response.status);
      expect(cookieSet(response, 'rp_session')).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('demo sign-in with DEMO_LOGIN=0 outside production', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { NODE_ENV: 'development', DEMO_LOGIN: '0' });
  });
  afterAll(() => api?.close());

  it('is closed just the same', async () => {
    await expectDemoClosed(api);
  });
});

describe('demo sign-in in production with DEMO_LOGIN=1', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', { NODE_ENV: 'production', DEMO_LOGIN: '1' });
  });
  afterAll(() => api?.close());

  it('signs in with a session cookie that is HttpOnly, Secure and SameSite=Lax, and the claims follow it', async () => {
    const response = await api.raw(SIGN_IN, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard');
    const session = cookieSet(response, 'rp_session');
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\/(;|$)/);
    // The readable status cookie carries no session and is Secure too.
    expect(cookieSet(response, 'UserStatus')).toMatch(/;\s*Secure/i);
    const claims = await api.get('/api/users/claims', session!.split(';')[0]);
    expect(claims.body).toMatchObject({ Role: 'user', UserUID: '5eed0000-0000-4000-8000-000000000001' });
  });

  it.each([
    'https://attacker.example/welcome',
    '//attacker.example/welcome',
    '/\\attacker.example',
    'javascript:alert(1)',
  ])('never redirects off the site after sign-in (next=%s)', async (next) => {
    const response = await api.raw(`/api/demo/session?persona=new-us&next=${encodeURIComponent(next)}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard');
  });

  it('keeps a next path on this site', async () => {
    const response = await api.raw(
      `/api/demo/session?persona=new-us&next=${encodeURIComponent('/payment/mysettings')}`,
      { redirect: 'manual' },
    );
    expect(response.headers.get('location')).toBe('/payment/mysettings');
  });
});
