import type { TestApi } from './api-client';

/**
 * A `fetch` for the app's own API client (src/api) that sends every request to the in-process
 * server, with `cookie` as the signed-in person's session.
 */
export function appFetch(api: TestApi, cookie?: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    if (cookie) headers.set('cookie', cookie);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    return api.raw(url.pathname + url.search, { method: request.method, headers, ...(body ? { body } : {}) });
  };
}
