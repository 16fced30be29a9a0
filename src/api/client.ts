import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { safeParse, type output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ApiFailure, failureFromResponse } from './failure';

export interface ApiClient {
  get<S extends $ZodType>(path: string, schema: S, searchParams?: Record<string, string | number | boolean | undefined>): Promise<output<S>>;
  post<S extends $ZodType>(path: string, schema: S, body?: unknown, searchParams?: Record<string, string | number | boolean | undefined>): Promise<output<S>>;
  delete(path: string): Promise<void>;
}

export interface ApiClientOptions {
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The page was opened with `fromcache=FALSE`: every read asks the server to skip its cache. */
  freshReads?: boolean;
}

const clean = (params?: Record<string, string | number | boolean | undefined>) =>
  params ? (Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string | number | boolean>) : undefined;

/** One ky instance for the whole app; answers are parsed by their zod schema or become an ApiFailure. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.apiBase.replace(/\/+$/, '') || '';
  const http: KyInstance = ky.create({
    prefixUrl: new URL(`${base}/`, globalThis.location?.origin ?? 'http://localhost').toString(),
    credentials: 'same-origin',
    timeout: options.timeoutMs ?? 15_000,
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function send<S extends $ZodType>(request: () => Promise<Response>, schema: S | null): Promise<output<S>> {
    let response: Response;
    try {
      response = await request();
    } catch (error) {
      if (error instanceof HTTPError) throw await failureFromResponse(error.response);
      if (error instanceof TimeoutError) throw new ApiFailure('timeout', null, null, 'The server took too long to answer.');
      throw new ApiFailure('network', null, null, error instanceof Error ? error.message : 'The network request failed.');
    }
    if (!schema) return undefined as output<S>;
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiFailure('invalidResponse', response.status, null, 'The answer was not JSON.');
    }
    const parsed = safeParse(schema, json);
    if (!parsed.success) throw new ApiFailure('invalidResponse', response.status, null, `The answer did not match its schema: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  return {
    get: (path, schema, searchParams) =>
      send(() => http.get(path.replace(/^\//, ''), { searchParams: clean(options.freshReads ? { ...searchParams, fromcache: 'FALSE' } : searchParams) }), schema),
    post: (path, schema, body, searchParams) => send(() => http.post(path.replace(/^\//, ''), { json: body ?? {}, searchParams: clean(searchParams) }), schema),
    delete: async (path) => {
      await send(() => http.delete(path.replace(/^\//, '')), null);
    },
  };
}
