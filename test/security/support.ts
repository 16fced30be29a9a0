/** Helpers shared by the security suite: a built-app stand-in, CSP parsing, the router's own route list. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import type { Database, Queryable } from '../../server/db/database';
import { startTestApi, type TestApi } from '../support/api-client';
import type { Target } from '../support/databases';
import { snapshot, type TableState } from '../support/snapshot';

export const FOREIGN_ORIGIN = 'https://attacker.example';

/** The paths of the stand-in front end written by `startAppWithFrontEnd`. */
export const FRONT_END = {
  script: '/payment/assets/index-3f9a1c.js',
  style: '/payment/assets/index-77b2e0.css',
  robots: '/payment/robots.txt',
} as const;

/**
 * The server in process with a small built front end of its own (index.html with the
 * runtime-config placeholder, a hashed script and style), so the app's HTML and static
 * files are served exactly as from a real build.
 */
export async function startAppWithFrontEnd(target: Target, env: Record<string, string> = {}): Promise<TestApi> {
  const distDir = mkdtempSync(join(tmpdir(), 'rp-security-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="app-config" content="__APP_CONFIG__"><title>App</title>' +
      '<link rel="stylesheet" href="/payment/assets/index-77b2e0.css"></head><body><div id="root"></div>' +
      '<script type="module" src="/payment/assets/index-3f9a1c.js"></script></body></html>',
  );
  writeFileSync(join(distDir, 'assets', 'index-3f9a1c.js'), 'document.getElementById("root").textContent = "app";');
  writeFileSync(join(distDir, 'assets', 'index-77b2e0.css'), 'body { margin: 0 }');
  writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *\n');
  // The icon the build copies from public/, answered at the site's root too.
  writeFileSync(join(distDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
  // The flow explorer's page, the entry of its own build.
  writeFileSync(
    join(distDir, 'flows.html'),
    '<!doctype html><html lang="en"><head><meta name="app-config" content="__APP_CONFIG__"><title>Flow explorer</title></head><body><div id="root"></div></body></html>',
  );
  const api = await startTestApi(target, { DIST_DIR: distDir, ...env });
  return {
    ...api,
    async close() {
      await api.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

export type Csp = Map<string, string[]>;

/** `default-src 'self'; script-src 'self'` → { default-src: ["'self'"], script-src: ["'self'"] }. */
export function parseCsp(header: string | null): Csp {
  const directives: Csp = new Map();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** The sources scripts may come from: script-src, or default-src when there is none. */
export const scriptSources = (csp: Csp): string[] | undefined => csp.get('script-src') ?? csp.get('default-src');

export interface Route {
  method: string;
  path: string;
}

/** Every API call the router knows (middleware left out), once each, as `METHOD /api/path/:param`. */
export function apiRoutes(db: Database, config: ServerConfig): Route[] {
  const base = config.apiBase || '';
  // A call is two handlers, its contract and what answers it: each call is listed once.
  const calls = new Set(
    createApp({ db, config })
      .routes.filter((r) => r.method !== 'ALL' && r.path.startsWith(`${base}/`))
      .map((r) => `${r.method} ${r.path}`),
  );
  return [...calls].map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path };
  });
}

export const routeKey = (r: Route) => `${r.method} ${r.path}`;

/** Every table of the application schema: what "nothing was written" is checked against. */
export async function allTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

export async function snapshotAll(db: Queryable): Promise<Record<string, TableState>> {
  return snapshot(db, await allTables(db));
}

/** The `name=value` of a Set-Cookie for `name` that actually sets a value, if any. */
export function cookieSet(response: { headers: Headers }, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
}
