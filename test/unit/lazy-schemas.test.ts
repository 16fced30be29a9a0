import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createApiClient } from '../../src/api/client';
import { ApiFailure } from '../../src/api/failure';
import { schemasFrom } from '../../src/api/lazy-schemas';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

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
    const client = createApiClient({ apiBase: '/api', fetch: (async () => json({ Count: 3 })) as typeof globalThis.fetch });
    const schema = schemasFrom(async () => ({ count: z.object({ Count: z.string() }) }));
    await expect(client.get('documents/doccount', schema('count'))).rejects.toMatchObject({ kind: 'invalidResponse' });
  });

  it('turns a module that does not load into a network failure, and loads it again on the next call', async () => {
    const client = createApiClient({ apiBase: '/api', fetch: (async () => json({ Count: 'x' })) as typeof globalThis.fetch });
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
