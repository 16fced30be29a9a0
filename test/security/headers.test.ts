import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { TestApi } from '../support/api-client';
import { FOREIGN_ORIGIN, FRONT_END, parseCsp, scriptSources, startAppWithFrontEnd, type Csp } from './support';

/**
 * Every kind of answer the server gives carries the browser protections: no framing, no MIME
 * sniffing, a referrer policy, and a script policy without inline or eval'd code. The sandbox
 * card frame is the one page that may be framed, and only by the app's own origin (or an
 * origin the operator configured), never by anyone.
 */

interface Answer {
  label: string;
  status: number;
  request: ((api: TestApi) => Promise<Response>) & { path: string };
}

const get = (path: string, init: RequestInit = {}) =>
  Object.assign((api: TestApi) => api.raw(path, { redirect: 'manual', ...init }), { path });

const ANSWERS: Answer[] = [
  { label: 'API JSON (skus)', status: 200, request: get('/api/skus?countryCD=US') },
  { label: 'API JSON (claims)', status: 200, request: get('/api/users/claims') },
  { label: 'API JSON (health)', status: 200, request: get('/api/health') },
  { label: 'API 400 (bad path parameter)', status: 400, request: get('/api/skus/not-a-number') },
  {
    label: 'API 400 (bad JSON)',
    status: 400,
    request: get('/api/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
  },
  { label: 'API 401', status: 401, request: get('/api/payments/alreadysubscribeduser') },
  {
    label: 'API 403 (foreign origin)',
    status: 403,
    request: get('/api/events', { method: 'POST', headers: { origin: FOREIGN_ORIGIN }, body: '{}' }),
  },
  { label: 'API 404 (no such call)', status: 404, request: get('/api/no-such-call') },
  { label: 'app HTML /payment/pricing', status: 200, request: get('/payment/pricing') },
  { label: 'app HTML /payment/', status: 200, request: get('/payment/') },
  { label: 'app HTML /payment/cancellation/request', status: 200, request: get('/payment/cancellation/request') },
  { label: 'static script', status: 200, request: get(FRONT_END.script) },
  { label: 'static style', status: 200, request: get(FRONT_END.style) },
  { label: 'static text file', status: 200, request: get(FRONT_END.robots) },
  { label: 'missing static asset 404', status: 404, request: get('/payment/assets/missing-0000.js') },
  { label: 'dashboard HTML', status: 200, request: get('/dashboard') },
  { label: 'dashboard script', status: 200, request: get('/dashboard/dashboard.js') },
  { label: 'dashboard style', status: 200, request: get('/dashboard/dashboard.css') },
  {
    label: 'builder edit page (signed out)',
    status: 401,
    request: get('/build/resume?mode=edit&documentid=d0c10000-0000-4000-8001-000000000003'),
  },
  { label: 'builder edit page (bad link)', status: 400, request: get('/build-resume/mobile?mode=edit') },
  { label: 'builder letter edit page (bad link)', status: 400, request: get('/build/letter?mode=view') },
  { label: 'sandbox frame script', status: 200, request: get('/sandbox/card-frame.js') },
  { label: 'favicon', status: 200, request: get('/favicon.ico') },
  { label: 'sandbox frame style', status: 200, request: get('/sandbox/card-frame.css') },
  {
    label: 'sandbox payment approval page (signed out)',
    status: 401,
    request: get('/sandbox/apm?transactionId=1&skuId=103&method=PYPL&lang=en-US'),
  },
  { label: 'sandbox 404', status: 404, request: get('/sandbox/no-such-file.js') },
  {
    label: 'sandbox frame 400 (bad query)',
    status: 400,
    request: get('/sandbox/card-frame?skuId=abc&sessionGuid=nope'),
  },
  { label: 'site 404', status: 404, request: get('/no-such-page') },
  { label: 'flow explorer page', status: 200, request: get('/flows') },
  { label: 'flow explorer coverage report', status: 200, request: get('/flows/coverage.json') },
  { label: 'redirect from /', status: 302, request: get('/') },
  { label: 'redirect from /payment', status: 301, request: get('/payment') },
];

const SAFE_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

/** What every answer must carry, whatever frame-ancestors it has. */
function expectBaseProtections(response: Response, csp: Csp, label: string) {
  expect(response.headers.get('x-content-type-options'), `${label}: nosniff`).toBe('nosniff');
  expect(SAFE_REFERRER_POLICIES, `${label}: referrer policy`).toContain(response.headers.get('referrer-policy'));
  expect(response.headers.get('content-security-policy'), `${label}: CSP`).toBeTruthy();
  const allSources = [...csp.values()].flat();
  expect(allSources, `${label}: no eval anywhere`).not.toContain("'unsafe-eval'");
  const scripts = scriptSources(csp);
  expect(scripts, `${label}: a script policy`).toBeDefined();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:', 'blob:']) {
    expect(scripts, `${label}: script-src without ${unsafe}`).not.toContain(unsafe);
  }
  expect(csp.get('base-uri'), `${label}: base-uri set`).toBeDefined();
}

describe('security headers on every kind of answer', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startAppWithFrontEnd('pglite');
  });
  afterAll(() => api?.close());

  it.each(ANSWERS)(
    '$label ($status): not frameable, nosniff, referrer policy, strict script policy',
    async ({ label, status, request }) => {
      const response = await request(api);
      expect(response.status, label).toBe(status);
      const csp = parseCsp(response.headers.get('content-security-policy'));
      expectBaseProtections(response, csp, label);
      expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options'), `${label}: X-Frame-Options`).toBe('DENY');
      expect(csp.get('object-src'), `${label}: no plugins`).toEqual(["'none'"]);
    },
  );

  it('every page and file route of the router (outside the API) is among the answers above', () => {
    const pagePaths = ANSWERS.map((a) => a.request.path.split('?')[0]!);
    const pageRoutes = createApp({ db: api.db, config: api.config }).routes.filter(
      (r) => r.method === 'GET' && !r.path.startsWith('/api/') && r.path !== '/sandbox/card-frame',
    );
    expect(pageRoutes.length).toBeGreaterThan(5);
    for (const route of pageRoutes) {
      const pattern = new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+').replace(/\*/g, '.*')}$`);
      expect(
        pagePaths.some((path) => pattern.test(path)),
        `${route.path} has no answer checked here`,
      ).toBe(true);
    }
  });

  it('an unexpected server error (500) carries them too, and does not echo the error', async () => {
    const broken = {
      ...api.db,
      kind: api.db.kind,
      query: async () => {
        throw new Error('connection to 10.0.0.5 refused for user payments_admin');
      },
    } as unknown as Database;
    const app = createApp({ db: broken, config: api.config });
    const response = await app.request('http://localhost/api/health');
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({
      error: { code: 'INTERNAL', message: expect.any(String), requestId: response.headers.get('x-request-id') },
    });
    expect(body).not.toContain('10.0.0.5');
    expect(body).not.toContain('payments_admin');
    const csp = parseCsp(response.headers.get('content-security-policy'));
    expectBaseProtections(response, csp, '500');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the app HTML loads its scripts from files only: no inline script the policy would have to allow', async () => {
    const html = await (await api.raw('/payment/pricing')).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      const isData = /type="application\/(ld\+)?json"/.test(attributes!);
      if (!isData)
        expect({ attributes, content: content!.trim() }).toEqual({
          attributes: expect.stringMatching(/\ssrc="/),
          content: '',
        });
    }
  });
});

describe('the sandbox card frame: framed by the app only', () => {
  const frame = (query: Record<string, string> = {}) =>
    `/sandbox/card-frame?${new URLSearchParams({ skuId: '103', sessionGuid: randomUUID(), lang: 'en-US', ...query })}`;
  const parentOriginOf = (html: string) => /data-parent-origin="([^"]*)"/.exec(html)?.[1];

  describe('with no other origin configured', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startAppWithFrontEnd('pglite');
    });
    afterAll(() => api?.close());

    it("allows framing by the app's own origin only, and keeps the other protections", async () => {
      const response = await api.raw(frame());
      expect(response.status).toBe(200);
      const csp = parseCsp(response.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      // X-Frame-Options DENY would forbid even the app; SAMEORIGIN would be the only other honest value.
      expect(response.headers.get('x-frame-options') ?? 'SAMEORIGIN').toBe('SAMEORIGIN');
      expectBaseProtections(response, csp, 'card frame');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(parentOriginOf(await response.text())).toBe('http://localhost');
    });

    it('ignores a parentOrigin that is not configured: the frame still talks only to its own origin', async () => {
      const response = await api.raw(frame({ parentOrigin: FOREIGN_ORIGIN }));
      expect(response.status).toBe(200);
      expect(parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
      const html = await response.text();
      expect(parentOriginOf(html)).toBe('http://localhost');
      expect(html).not.toContain(FOREIGN_ORIGIN);
    });

    it.each(['*', 'null', 'https://*.example', 'javascript:alert(1)'])(
      'parentOrigin=%s never widens who may frame it',
      async (parentOrigin) => {
        const response = await api.raw(frame({ parentOrigin }));
        expect([200, 400]).toContain(response.status);
        const csp = parseCsp(response.headers.get('content-security-policy'));
        const ancestors = csp.get('frame-ancestors');
        expect(ancestors).toBeDefined();
        expect(ancestors).not.toContain('*');
        expect(ancestors!.every((source) => source === "'self'" || source === "'none'")).toBe(true);
        if (response.status === 200) expect(parentOriginOf(await response.text())).toBe('http://localhost');
      },
    );
  });

  describe('with APP_ORIGINS naming the shop that embeds it', () => {
    const SHOP = 'https://shop.example';
    let api: TestApi;
    beforeAll(async () => {
      api = await startAppWithFrontEnd('pglite', { APP_ORIGINS: `${SHOP}, https://other-shop.example` });
    });
    afterAll(() => api?.close());

    it('allows exactly that origin besides its own, and talks to it', async () => {
      const response = await api.raw(frame({ parentOrigin: SHOP }));
      expect(response.status).toBe(200);
      const ancestors = parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors');
      expect(ancestors).toEqual(["'self'", SHOP]);
      expect(parentOriginOf(await response.text())).toBe(SHOP);
    });

    it('a foreign parentOrigin still gets only its own origin', async () => {
      const response = await api.raw(frame({ parentOrigin: FOREIGN_ORIGIN }));
      expect(parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'self'"]);
      expect(parentOriginOf(await response.text())).toBe('http://localhost');
    });

    it('a wildcard in APP_ORIGINS does not open the frame to everyone', async () => {
      const loose = await startAppWithFrontEnd('pglite', { APP_ORIGINS: '*' });
      try {
        for (const parentOrigin of ['*', FOREIGN_ORIGIN]) {
          const response = await loose.raw(frame({ parentOrigin }));
          const ancestors = parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors');
          expect(ancestors, parentOrigin).not.toContain('*');
          expect(ancestors, parentOrigin).not.toContain(FOREIGN_ORIGIN);
        }
      } finally {
        await loose.close();
      }
    });

    it('every other answer stays unframeable even with other origins configured', async () => {
      for (const path of ['/payment/checkout', '/api/skus', '/dashboard', '/sandbox/card-frame.js']) {
        const response = await api.raw(path);
        expect(parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors'), path).toEqual([
          "'none'",
        ]);
        expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      }
    });
  });
});

describe('with AFFILIATE_ORIGINS naming partners that show the funnel in a frame', () => {
  const PARTNER = 'https://partner.example';
  let api: TestApi;
  beforeAll(async () => {
    api = await startAppWithFrontEnd('pglite', {
      AFFILIATE_ORIGINS: `${PARTNER}, *, https://evil.example/path, javascript:alert(1)`,
    });
  });
  afterAll(() => api?.close());

  it.each(['/payment/pricing', '/payment/checkout', '/payment/orderconfirmation?orderid=1'])(
    '%s may be framed by the app and the partner only',
    async (path) => {
      const response = await api.raw(path);
      expect(response.status).toBe(200);
      expect(parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
        "'self'",
        PARTNER,
      ]);
      expect(response.headers.get('x-frame-options')).toBeNull();
    },
  );

  it.each(['/api/skus?countryCD=US', '/dashboard', '/sandbox/card-frame.js'])('%s stays unframeable', async (path) => {
    const response = await api.raw(path);
    expect(parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
