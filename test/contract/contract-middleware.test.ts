import { Hono } from 'hono';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../server/http/contract';
import type { AppEnv } from '../../server/http/env';
import { ApiError, errorResponse } from '../../server/http/errors';
import { buildOpenApiDocument } from '../../server/openapi/document';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { snapshot } from '../support/snapshot';

/** What the contract middleware does before a handler runs, seen from outside. */
describe('a route contract', () => {
  let api: TestApi;
  let cookie: string;
  beforeAll(async () => {
    api = await startTestApi('pglite');
    cookie = await api.signIn('new-us');
  });
  afterAll(() => api?.close());

  it('refuses a body over the limit with 413 and the error body, and writes nothing', async () => {
    const before = await snapshot(api.db, ['events']);
    const response = await api.post(
      '/api/events',
      { user_id: PERSONA_UID['new-us'], event_name: 'big', props: { text: 'x'.repeat(70_000) } },
      cookie,
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect(await snapshot(api.db, ['events'])).toEqual(before);
  });

  it('refuses a guest on a call for signed-in users with 401 once the input is valid', async () => {
    const response = await api.post('/api/events/subscription/cancelled', {
      user_id: PERSONA_UID['new-us'],
      subscription_id: 1,
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('names every bad part of the input: path, query and body are read before the handler', async () => {
    const response = await api.get(`/api/payments/not-a-guid/transactions`, cookie);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(['userId']);
  });
});

describe("a contract's body media types", () => {
  // A contract that names a second media type (as a text/plain beacon would need): its body is JSON text all the same.
  const app = new Hono<AppEnv>();
  app.post(
    '/api/beacon',
    contract({
      summary: 'A beacon',
      auth: 'guest',
      checksOwnSession: true,
      body: z.object({ n: z.int() }),
      bodyMediaTypes: ['application/json', 'text/plain'],
      responses: { 200: z.object({ n: z.int() }) },
    }),
    (c) => c.json(c.req.valid('json')),
  );
  app.onError((error, c) => (error instanceof ApiError ? errorResponse(c, error) : c.text('unexpected', 500)));
  const send = (type: string) =>
    app.request('/api/beacon', { method: 'POST', headers: { 'content-type': type }, body: '{"n":7}' });

  it('takes each type it names, and refuses any other with 415', async () => {
    expect((await send('text/plain;charset=UTF-8')).status).toBe(200);
    expect(await (await send('text/plain;charset=UTF-8')).json()).toEqual({ n: 7 });
    expect((await send('application/json')).status).toBe(200);
    const refused = await send('application/x-www-form-urlencoded');
    expect(refused.status).toBe(415);
    expect((await refused.json()).error.message).toContain('application/json or text/plain');
  });

  it('lists them all in the document, each with the schema, and documents 415', () => {
    const operation = buildOpenApiDocument(app.routes, { apiBase: '/api' }).paths['/api/beacon']!.post!;
    expect(Object.keys((operation.requestBody as { content: object }).content)).toEqual([
      'application/json',
      'text/plain',
    ]);
    expect(operation.responses['415']).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });
  });
});
