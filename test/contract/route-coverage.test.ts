import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { contractOf } from '../../server/http/contract';
import { buildOpenApiDocument, toOpenApiPath } from '../../server/openapi/document';

const API_BASE = '/api';

/**
 * Every route registered on the app carries a contract and is in the OpenAPI document: the
 * document is generated from the app's own route table, so a route added without a contract, or
 * one the generator misses, fails here.
 */
describe('the OpenAPI document covers every route of the app', () => {
  // Walking the routes needs no database: the one request made here reads none.
  const app = createApp({ db: {} as Database, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
  const document = buildOpenApiDocument(app.routes, { apiBase: API_BASE });
  const handlers = app.routes.filter((r) => r.method !== 'ALL');
  const calls = [...new Set(handlers.map((r) => `${r.method} ${r.path}`))].map(
    (key) => key.split(' ') as [string, string],
  );
  const apiCalls = calls.filter(([, path]) => path.startsWith(`${API_BASE}/`));

  it('finds the API routes (a walk that finds nothing would prove nothing)', () => {
    expect(apiCalls.length).toBeGreaterThan(50);
  });

  it.each(calls)('%s %s has a contract', (method, path) => {
    expect(handlers.some((r) => r.method === method && r.path === path && contractOf(r.handler))).toBe(true);
  });

  it.each(apiCalls)('%s %s is in the document', (method, path) => {
    expect(
      document.paths[toOpenApiPath(path)]?.[method.toLowerCase()],
      `${method} ${toOpenApiPath(path)}`,
    ).toBeDefined();
  });

  it('lists the pages and files besides the API, a wildcard route in its group', () => {
    for (const [method, path] of calls.filter(([, p]) => !p.startsWith(`${API_BASE}/`))) {
      if (path.includes('*')) expect(document.tags.map((t) => t.description).join(' ')).toContain(`${method} ${path}`);
      else expect(document.paths[toOpenApiPath(path)]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it('documents nothing the app does not serve', () => {
    const served = new Set(calls.map(([method, path]) => `${method.toLowerCase()} ${toOpenApiPath(path)}`));
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((call) => !served.has(call))).toEqual([]);
  });

  it('gives every operation a unique id', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves the same document at GET /api/openapi.json', async () => {
    const response = await app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
