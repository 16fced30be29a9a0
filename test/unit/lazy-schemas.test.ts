import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { createApiClient, type ApiClient, type SchemaSource } from '../../src/api/client';
import { configApi } from '../../src/api/config';
import * as pageSchemas from '../../src/api/schemas/pages';
import * as userSchemas from '../../src/api/schemas/users';
import { usersApi } from '../../src/api/users';
import { STARTUP_SCHEMAS } from '../../src/server-drawn';
import { ApiFailure } from '../../src/api/failure';
import { schemasFrom } from '../../src/api/lazy-schemas';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The app's schemas load with the first call that reads them, beside its request. */
describe('schemas built when first read', () => {
  it('loads the module only when a call needs it, while the request is on its way, and parses with it', async () => {
    const events: string[] = [];
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const fetch = (async () => {
      events.push('request sent');
      await answered;
      return json({ Count: '3' });
    }) as typeof globalThis.fetch;
    const schema = schemasFrom(async () => {
      events.push('schemas loaded');
      return { count: z.object({ Count: z.pipe(z.string(), z.transform(Number)) }), LIMIT: 3 };
    });
    const loader = schema('count');
    expect(events, 'naming a schema loads nothing').toEqual([]);

    const client = createApiClient({ apiBase: '/api', fetch });
    const read = client.get('documents/doccount', loader);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.sort(), 'the module loads before the answer is in').toEqual(['request sent', 'schemas loaded']);
    release();
    expect(await read).toEqual({ Count: 3 });
  });

  it('rejects an answer that does not match the loaded schema', async () => {
    const client = createApiClient({
      apiBase: '/api',
      fetch: (async () => json({ Count: 3 })) as typeof globalThis.fetch,
    });
    const schema = schemasFrom(async () => ({ count: z.object({ Count: z.string() }) }));
    await expect(client.get('documents/doccount', schema('count'))).rejects.toMatchObject({ kind: 'invalidResponse' });
  });

  it('turns a module that does not load into a network failure, and loads it again on the next call', async () => {
    const client = createApiClient({
      apiBase: '/api',
      fetch: (async () => json({ Count: 'x' })) as typeof globalThis.fetch,
    });
    let attempts = 0;
    const schema = schemasFrom(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { count: z.object({ Count: z.string() }) };
    });
    const failed = await client.get('documents/doccount', schema('count')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiFailure);
    expect(failed).toMatchObject({ kind: 'network' });
    expect(await client.get('documents/doccount', schema('count'))).toEqual({ Count: 'x' });
    expect(attempts).toBe(2);
  });
});

describe("start-up's schemas", () => {
  it("are the modules start-up's reads are parsed with, which the server names with the app's code", async () => {
    const sources: SchemaSource<$ZodType>[] = [];
    const recording: ApiClient = {
      get: (_path, schema) => (sources.push(schema), Promise.resolve({} as never)),
      post: () => Promise.reject(new Error('start-up sends nothing here')),
      delete: () => Promise.reject(new Error('start-up sends nothing here')),
    };
    await usersApi(recording).claims();
    await configApi(recording).features('Shell');
    const loaded = await Promise.all(sources.map((source) => (typeof source === 'function' ? source() : source)));
    expect(loaded[0]).toBe(userSchemas.claims);
    expect(loaded[1]).toBe(pageSchemas.configFeatures);
    expect([...STARTUP_SCHEMAS].sort()).toEqual(['src/api/schemas/pages.ts', 'src/api/schemas/users.ts']);
  });
});
