import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';

/** The same-origin paths a page's scripts, style sheets and data attributes name. */
const referencedPaths = (html: string) =>
  [...html.matchAll(/\s(?:src|href|data-spec)="([^"]*)"/g)].map((m) => m[1]!).filter((url) => !url.startsWith('data:'));

describe('the API reference page, on (the default outside production)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('is served at GET /api/docs, naming only files of this server, each served with 200', async () => {
    const response = await api.raw('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const paths = referencedPaths(await response.text());
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/docs/swagger-ui.css',
        '/api/docs/swagger-ui-bundle.js',
        '/api/docs/start.js',
        '/api/openapi.json',
      ]),
    );
    for (const path of paths) {
      expect(path, 'a path on this server').toMatch(/^\/[^/]/);
      expect((await api.raw(path)).status, path).toBe(200);
    }
  });

  it('allows no other origin in its content security policy', async () => {
    const csp = (await api.raw('/api/docs')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('serves the named files only', async () => {
    for (const name of ['index.html', 'swagger-ui.js', '..%2Fpackage.json', 'swagger-ui-bundle.js.map']) {
      expect((await api.raw(`/api/docs/${name}`)).status, name).toBe(400);
    }
  });
});

describe.each<{ label: string; env: Record<string, string>; on: boolean }>([
  { label: 'in production', env: { NODE_ENV: 'production' }, on: false },
  { label: 'in production with API_DOCS=1', env: { NODE_ENV: 'production', API_DOCS: '1' }, on: true },
  { label: 'with API_DOCS=0', env: { API_DOCS: '0' }, on: false },
])('the API reference page $label', ({ env, on }) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite', env);
  });
  afterAll(() => api?.close());

  it(on ? 'is served' : 'is not found, nor its files', async () => {
    for (const path of ['/api/docs', '/api/docs/swagger-ui-bundle.js'])
      expect((await api.raw(path)).status, path).toBe(on ? 200 : 404);
  });

  it('leaves the OpenAPI document served', async () => {
    const response = await api.get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
  });
});
