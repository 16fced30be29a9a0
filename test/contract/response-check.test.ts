import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { buildOpenApiDocument } from '../../server/openapi/document';
import { createResponseCheck } from '../support/contract-check';

/** The check every API test's answers go through (test/support/api-client.ts) refuses what the document does not allow. */
describe('the response check against the OpenAPI document', () => {
  // Walking the routes needs no database: nothing here is requested.
  const app = createApp({ db: {} as Database, config: loadConfig({ NODE_ENV: 'test' }) });
  const check = createResponseCheck(buildOpenApiDocument(app.routes, { apiBase: '/api' }), '/api');
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('lets a documented answer through', async () => {
    await expect(
      check('GET', '/api/health', json({ ok: true, database: 'up', kind: 'pglite' })),
    ).resolves.toBeUndefined();
    await expect(
      check('GET', '/api/skus/5', json({ error: { code: 'NOT_FOUND', message: 'The SKU was not found.' } }, 404)),
    ).resolves.toBeUndefined();
  });

  it('refuses a body that does not match its schema: a wrong value, an undocumented field, a missing one', async () => {
    await expect(check('GET', '/api/health', json({ ok: true, database: 'up', kind: 'sqlite' }))).rejects.toThrow(
      /kind/,
    );
    await expect(
      check('GET', '/api/health', json({ ok: true, database: 'up', kind: 'pglite', version: 1 })),
    ).rejects.toThrow(/version/);
    await expect(check('GET', '/api/skus/5', json({ error: { code: 'NOT_FOUND' } }, 404))).rejects.toThrow(/message/);
  });

  it('refuses a status the call does not document', async () => {
    await expect(check('GET', '/api/health', json({ error: { code: 'TEAPOT', message: 'no' } }, 418))).rejects.toThrow(
      /418/,
    );
    await expect(
      check('GET', '/api/users/claims', json({ error: { code: 'FORBIDDEN', message: 'no' } }, 403)),
    ).rejects.toThrow(/403/);
  });

  it('refuses a media type the call does not document', async () => {
    await expect(check('GET', '/sandbox/apm', json({}))).rejects.toThrow(/application\/json/);
  });

  it('holds an answer under the API base that no call documents to the one error body', async () => {
    await expect(
      check('GET', '/api/nope', json({ error: { code: 'NOT_FOUND', message: 'There is no such API call.' } }, 404)),
    ).resolves.toBeUndefined();
    await expect(check('GET', '/api/nope', json({ message: 'not found' }, 404))).rejects.toThrow(/error/);
  });
});
