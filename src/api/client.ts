import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { safeParse, type output } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ApiFailure, failureFromResponse } from './failure';

/** A schema, or a way to load it: the app's schemas are built when a read first needs them (see lazy-schemas.ts). */
export type SchemaSource<S extends $ZodType> = S | (() => Promise<S>);

export interface ApiClient {
  get<S extends $ZodType>(
    path: string,
    schema: SchemaSource<S>,
    searchParams?: Record<string, string | number | boolean | undefined>,
  ): Promise<output<S>>;
  post<S extends $ZodType>(
    path: string,
    schema: SchemaSource<S>,
    body?: unknown,
    searchParams?: Record<string, string | number | boolean | undefined>,
  ): Promise<output<S>>;
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
  params
    ? (Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
        string,
        string | number | boolean
      >)
    : undefined;

interface Answer {
  status: number;
  json: unknown;
}

/** One ky instance for the whole app; answers are parsed by their zod schema or become an ApiFailure. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.apiBase.replace(/\/+$/, '') || '';
  const http: KyInstance = ky.create({
    prefixUrl: new URL(
      `${base}/`,
      (globalThis as { location?: { origin: string } }).location?.origin ?? 'http://localhost',
    ).toString(),
    credentials: 'same-origin',
    timeout: options.timeoutMs ?? 15_000,
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function receive(request: () => Promise<Response>, expectsBody: boolean): Promise<Answer> {
    let response: Response;
    try {
      response = await request();
    } catch (error) {
      if (error instanceof HTTPError) throw await failureFromResponse(error.response);
      if (error instanceof TimeoutError)
        throw new ApiFailure('timeout', null, null, 'The server took too long to answer.');
      throw new ApiFailure(
        'network',
        null,
        null,
        error instanceof Error ? error.message : 'The network request failed.',
      );
    }
    if (!expectsBody) return { status: response.status, json: undefined };
    try {
      return { status: response.status, json: await response.json() };
    } catch {
      throw new ApiFailure('invalidResponse', response.status, null, 'The answer was not JSON.');
    }
  }

  // The schema loads while the request is on its way.
  async function parse<S extends $ZodType>(pending: Promise<Answer>, source: SchemaSource<S>): Promise<output<S>> {
    const schemaLoad =
      typeof source === 'function'
        ? source().catch((error: unknown) => {
            throw new ApiFailure(
              'network',
              null,
              null,
              `The schema of the answer did not load: ${error instanceof Error ? error.message : String(error)}`,
            );
          })
        : source;
    const [answer, schema] = await Promise.all([pending, schemaLoad]);
    const parsed = safeParse(schema, answer.json);
    if (!parsed.success)
      throw new ApiFailure(
        'invalidResponse',
        answer.status,
        null,
        `The answer did not match its schema: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    return parsed.data;
  }

  // Two parts of the page asking for the same read at the same time share one request.
  const readsInFlight = new Map<string, Promise<Answer>>();
  function read(path: string, searchParams: Record<string, string | number | boolean> | undefined): Promise<Answer> {
    const key = `${path}?${new URLSearchParams(searchParams as Record<string, string> | undefined).toString()}`;
    const pending = readsInFlight.get(key);
    if (pending) return pending;
    const answer = receive(() => http.get(path, { searchParams }), true).finally(() => readsInFlight.delete(key));
    readsInFlight.set(key, answer);
    return answer;
  }

  return {
    get: (path, schema, searchParams) =>
      parse(
        read(
          path.replace(/^\//, ''),
          clean(options.freshReads ? { ...searchParams, fromcache: 'FALSE' } : searchParams),
        ),
        schema,
      ),
    post: (path, schema, body, searchParams) =>
      parse(
        receive(
          () => http.post(path.replace(/^\//, ''), { json: body ?? {}, searchParams: clean(searchParams) }),
          true,
        ),
        schema,
      ),
    delete: async (path) => {
      await receive(() => http.delete(path.replace(/^\//, '')), false);
    },
  };
}
