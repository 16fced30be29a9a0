import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../src/api/client';
import { ApiFailure } from '../../src/api/failure';

/** Identical reads asked for at the same time go out once; later reads go out again. */
describe('shared reads', () => {
  const counting = (answer: () => Response) => {
    const urls: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer();
    }) as typeof globalThis.fetch;
    return { urls, fetch };
  };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends one request for two identical reads in flight, and parses each with its own schema', async () => {
    const server = counting(() => json({ Flags: ['a'] }));
    const client = createApiClient({ apiBase: '/api', fetch: server.fetch });
    const [whole, flagsOnly] = await Promise.all([
      client.get('config/features', z.object({ Flags: z.array(z.string()) }), { moduleName: 'Shell' }),
      client.get('config/features', z.object({ Flags: z.array(z.string()).transform((f) => f.length) }), {
        moduleName: 'Shell',
      }),
    ]);
    expect(server.urls).toHaveLength(1);
    expect(whole).toEqual({ Flags: ['a'] });
    expect(flagsOnly).toEqual({ Flags: 1 });
  });

  it('keeps different reads apart and asks again once an answer is in', async () => {
    const server = counting(() => json({}));
    const client = createApiClient({ apiBase: '/api', fetch: server.fetch });
    await Promise.all([
      client.get('config/features', z.object({}), { moduleName: 'Shell' }),
      client.get('config/features', z.object({}), { moduleName: 'SellPage' }),
    ]);
    expect(server.urls).toHaveLength(2);
    await client.get('config/features', z.object({}), { moduleName: 'Shell' });
    expect(server.urls).toHaveLength(3);
  });

  it('does not keep a failure: the next read is a new request', async () => {
    let status = 500;
    const server = counting(() => json({ message: 'down' }, status));
    const client = createApiClient({ apiBase: '/api', fetch: server.fetch });
    const failures = await Promise.allSettled([
      client.get('users/claims', z.object({})),
      client.get('users/claims', z.object({})),
    ]);
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect((failures[0] as PromiseRejectedResult).reason).toBeInstanceOf(ApiFailure);
    expect(server.urls).toHaveLength(1);
    status = 200;
    await expect(client.get('users/claims', z.object({}))).resolves.toEqual({});
    expect(server.urls).toHaveLength(2);
  });

  it('never shares writes', async () => {
    const server = counting(() => json({}));
    const client = createApiClient({ apiBase: '/api', fetch: server.fetch });
    await Promise.all([client.post('events', z.object({}), { a: 1 }), client.post('events', z.object({}), { a: 1 })]);
    expect(server.urls).toHaveLength(2);
  });
});
