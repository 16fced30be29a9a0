/**
 * Reads (and, when a test must, writes) the app's API with the cookies of a page or browser
 * context, so the server sees the same signed-in person as the page does. Every answer can be
 * parsed by the zod schema the app itself uses (src/api/schemas).
 */
import type { APIRequestContext, APIResponse, BrowserContext, Page } from '@playwright/test';
import type { z } from 'zod/mini';
import {
  claims as claimsSchema,
  skuList,
  subscriptionList,
  transactionPage,
  type Claims,
  type Sku,
  type SkuQuery,
  type Subscription,
  type TransactionPage,
} from '../../src/api/schemas';

/** The API base path; DESIGN.md §3 makes `/api` the default and lets deployments move it. */
export const API_BASE = process.env.E2E_API_BASE ?? '/api';

type Query = Record<string, string | number | boolean | undefined>;
export type RequestSource = APIRequestContext | Page | BrowserContext;

/** The request context that shares cookies with `source`. */
export function requestOf(source: RequestSource): APIRequestContext {
  if ('request' in source && typeof source.request === 'object') return source.request;
  return source as APIRequestContext;
}

/** `/users/claims` → `/api/users/claims`, with the defined query parameters appended. */
export function apiPath(path: string, query: Query = {}): string {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, 'http://placeholder');
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.pathname + url.search;
}

export class ApiCallError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body.slice(0, 500)}`);
  }
}

async function jsonOf(method: string, path: string, response: APIResponse): Promise<unknown> {
  const text = await response.text();
  if (!response.ok()) throw new ApiCallError(method, path, response.status(), text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiCallError(method, path, response.status(), `not JSON: ${text}`);
  }
}

export interface Api {
  /** The raw response, for tests that assert on status codes (no throw on 4xx/5xx). */
  raw(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { query?: Query; body?: unknown; headers?: Record<string, string> },
  ): Promise<APIResponse>;
  /** GET and parse JSON; throws ApiCallError on a non-2xx answer. With a schema, the parsed value is validated and typed. */
  get<T = unknown>(path: string, query?: Query, schema?: z.ZodMiniType<T>): Promise<T>;
  /** POST JSON and parse JSON; throws ApiCallError on a non-2xx answer. No Origin header is sent (the server's CSRF guard checks only a present one). */
  post<T = unknown>(path: string, body: unknown, schema?: z.ZodMiniType<T>): Promise<T>;
  /** The signed-in person's claims (Role 'guest' without a session). */
  claims(): Promise<Claims>;
  /** The SKUs the server offers this person (their own country unless `countryCD` is given). */
  skus(query?: Partial<Record<keyof SkuQuery, string | number | boolean>>): Promise<Sku[]>;
  /** The person's subscriptions, newest first; `currentOnly` gives the one current plan at most. */
  subscriptions(userUID: string, currentOnly?: boolean): Promise<Subscription[]>;
  /** One page of billing history (GET /payments/{userId}/transactions). */
  transactions(
    userUID: string,
    query?: { skip?: number; top?: number; transactionTypes?: string; startDate?: string; endDate?: string },
  ): Promise<TransactionPage>;
}

/**
 * `api(page)`, `api(context)` or `api(request)`: the page's cookies go with every call.
 *
 *   const me = await api(page).claims();
 *   const [current] = await api(page).subscriptions(me.UserUID, true);
 */
export function api(source: RequestSource): Api {
  const request = requestOf(source);
  const parse = <T>(value: unknown, schema?: z.ZodMiniType<T>): T => (schema ? schema.parse(value) : (value as T));

  const self: Api = {
    async raw(method, path, options = {}) {
      const url = apiPath(path, options.query);
      return request.fetch(url, {
        method,
        failOnStatusCode: false,
        maxRedirects: 0,
        ...(options.body !== undefined
          ? { data: options.body, headers: { 'Content-Type': 'application/json', ...options.headers } }
          : { headers: options.headers ?? {} }),
      });
    },
    async get(path, query, schema) {
      const url = apiPath(path, query);
      return parse(await jsonOf('GET', url, await request.get(url, { failOnStatusCode: false })), schema);
    },
    async post(path, body, schema) {
      const url = apiPath(path);
      return parse(await jsonOf('POST', url, await self.raw('POST', path, { body })), schema);
    },
    claims: () => self.get('/users/claims', {}, claimsSchema),
    async skus(query = {}) {
      return (await self.get('/skus', query, skuList)).Skus;
    },
    async subscriptions(userUID, currentOnly = false) {
      return (await self.get('/subscriptions', { userUID, isCurrentOnly: currentOnly }, subscriptionList))
        .Subscriptions;
    },
    transactions: (userUID, query = {}) =>
      self.get(`/payments/${encodeURIComponent(userUID)}/transactions`, query, transactionPage),
  };
  return self;
}
