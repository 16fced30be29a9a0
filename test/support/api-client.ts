import { createApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { responseCheckFor } from './contract-check';
import { openTestDatabase, type Target } from './databases';
import { sessionCookieFrom } from './session-cookie';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApi {
  db: Database;
  config: ServerConfig;
  /** Signs a persona in through the demo endpoint and returns its session cookie. */
  signIn(persona: string): Promise<string>;
  get<T = any>(path: string, cookie?: string): Promise<ApiResponse<T>>;
  post<T = any>(
    path: string,
    body: unknown,
    cookie?: string,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
  raw(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The whole server in process, on its own fresh database; requests go through app.request. Every
 * answer is checked against the OpenAPI document: an undocumented status, or a JSON body that
 * does not match its documented schema, fails the request (and so the test).
 */
export async function startTestApi(target: Target, env: Record<string, string> = {}): Promise<TestApi> {
  const { db, dispose } = await openTestDatabase(target);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  let unexpected: unknown;
  const app = createApp({ db, config, onUnexpectedError: (error) => (unexpected = error) });
  const checkResponse = responseCheckFor(app, config.apiBase);
  const raw = async (path: string, init?: RequestInit) => {
    unexpected = undefined;
    const response = await app.request(`http://localhost${path}`, init);
    // Every suite that talks to the API fails on a 500 it causes: no input may break the server.
    if (response.status === 500) {
      const cause = unexpected instanceof Error ? (unexpected.stack ?? unexpected.message) : String(unexpected);
      throw new Error(`the server answered 500 to ${init?.method ?? 'GET'} ${path}: ${cause}`);
    }
    await checkResponse((init?.method ?? 'GET').toUpperCase(), new URL(path, 'http://localhost').pathname, response);
    return response;
  };
  const parse = async <T>(response: Response): Promise<ApiResponse<T>> => {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: body as T, headers: response.headers };
  };
  return {
    db,
    config,
    raw,
    async signIn(persona) {
      const response = await raw(`/api/demo/session?persona=${persona}&next=/dashboard`);
      const cookie = sessionCookieFrom(response);
      if (!cookie) throw new Error(`could not sign in as ${persona}: ${response.status}`);
      return cookie;
    },
    async get(path, cookie) {
      return parse(await raw(path, { headers: cookie ? { cookie } : {} }));
    },
    async post(path, body, cookie, headers = {}) {
      return parse(
        await raw(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
    },
    close: dispose,
  };
}

export const PERSONA_UID = {
  'new-us': '5eed0000-0000-4000-8000-000000000001',
  'trial-us': '5eed0000-0000-4000-8000-000000000002',
  'active-us': '5eed0000-0000-4000-8000-000000000003',
  'expiring-us': '5eed0000-0000-4000-8000-000000000004',
  'expired-us': '5eed0000-0000-4000-8000-000000000005',
  'suspended-us': '5eed0000-0000-4000-8000-000000000006',
  'active-uk': '5eed0000-0000-4000-8000-000000000007',
  'active-de': '5eed0000-0000-4000-8000-000000000008',
  'new-in': '5eed0000-0000-4000-8000-000000000009',
  employer: '5eed0000-0000-4000-8000-000000000010',
} as const;
