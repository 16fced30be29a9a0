import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../src/api/client';

/** `fromcache=FALSE` on the page is passed to every read, so the server skips its cache. */
describe('fresh reads', () => {
  const recorder = () => {
    const urls: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    return { urls, fetch };
  };

  it('adds fromcache=FALSE to reads only when asked', async () => {
    const plain = recorder();
    await createApiClient({ apiBase: '/api', fetch: plain.fetch }).get('config/features', z.object({}), {
      moduleName: 'SellPage',
    });
    expect(new URL(plain.urls[0]!).searchParams.get('fromcache')).toBeNull();

    const fresh = recorder();
    const client = createApiClient({ apiBase: '/api', fetch: fresh.fetch, freshReads: true });
    await client.get('config/features', z.object({}), { moduleName: 'SellPage' });
    await client.post('events', z.object({}), {});
    expect(new URL(fresh.urls[0]!).searchParams.get('fromcache')).toBe('FALSE');
    expect(new URL(fresh.urls[0]!).searchParams.get('moduleName')).toBe('SellPage');
    expect(new URL(fresh.urls[1]!).searchParams.get('fromcache'), 'writes are never cached anyway').toBeNull();
  });
});
