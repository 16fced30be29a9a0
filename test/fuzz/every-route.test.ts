import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { apiErrorBody } from '../../src/api/schemas/common';
import { PERSONA_UID, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { allTables, startAppWithFrontEnd } from '../security/support';
import { HOSTILE_CLASSES, REQUEST_CLASSES, WRONG_CONTENT_TYPES, type HostileClass } from './hostile-classes';
import { validRequest, type OpenApiDocument, type ValidRequest } from './valid-requests';

/**
 * The fuzzer. Its routes are the ones the Hono app registers, pages, sandbox and dashboard
 * included, so a route added later is fuzzed without anyone listing it. For each route it draws a
 * valid request from the published OpenAPI document, then breaks one value at a time with every
 * class of hostile input, and breaks whole requests too, as a guest and signed in. Where every
 * (value, hostile value) pair would be too many, fast-check samples them, with a fixed seed.
 *
 * Every answer must be below 500; every refusal must carry the API's error body (pages may answer
 * with a page) and change no row of any data table; and the server must answer normally after.
 */

const SAMPLES_PER_CLASS = Number(process.env.FUZZ_SAMPLES ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Counters that count attempts by design, and are not data. */
const NOT_DATA = new Set(['rate_limits', 'schema_migrations']);

interface Route {
  method: string;
  path: string;
}

type Slot =
  | { kind: 'path'; name: string }
  | { kind: 'wildcard' }
  | { kind: 'query'; name: string }
  | { kind: 'body'; name: string };

interface Probe {
  description: string;
  path: string;
  init: RequestInit;
}

const SLOT_MARK = '"\u2063fuzz-slot\u2063"';

function slotsOf(route: Route, valid: ValidRequest): Slot[] {
  const slots: Slot[] = Object.keys(valid.params).map((name) => ({ kind: 'path', name }));
  if (route.path.includes('*')) slots.push({ kind: 'wildcard' });
  for (const name of valid.queryNames) slots.push({ kind: 'query', name });
  if (valid.body) for (const name of valid.bodyNames) slots.push({ kind: 'body', name });
  // A route that takes nothing still gets every class, in a query parameter it does not expect.
  if (slots.length === 0) slots.push({ kind: 'query', name: 'x' });
  return slots;
}

const encodeQuery = (values: Record<string, string>) =>
  Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);

function buildPath(
  route: Route,
  valid: ValidRequest,
  broken?: { slot: Slot; raw: string },
  extraQuery: string[] = [],
): string {
  let path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) =>
    broken?.slot.kind === 'path' && broken.slot.name === name ? broken.raw : encodeURIComponent(valid.params[name]!),
  );
  path = path.replace('*', broken?.slot.kind === 'wildcard' ? broken.raw : 'pricing');
  const query = { ...valid.query };
  const parts = encodeQuery(query).filter(
    (part) => !(broken?.slot.kind === 'query' && part.startsWith(`${encodeURIComponent(broken.slot.name)}=`)),
  );
  if (broken?.slot.kind === 'query') parts.push(`${encodeURIComponent(broken.slot.name)}=${broken.raw}`);
  parts.push(...extraQuery);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

function bodyText(valid: ValidRequest, broken?: { slot: Slot; raw: string }): string | undefined {
  if (!valid.body) return undefined;
  if (broken?.slot.kind !== 'body') return JSON.stringify(valid.body);
  return JSON.stringify({ ...valid.body, [broken.slot.name]: '\u2063fuzz-slot\u2063' }).replace(
    SLOT_MARK,
    () => broken.raw,
  );
}

const takesBody = (method: string) => !['GET', 'HEAD'].includes(method);

function init(
  method: string,
  cookie: string | undefined,
  body: string | undefined,
  contentType: string | null = 'application/json',
): RequestInit {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (contentType && takesBody(method)) headers['content-type'] = contentType;
  return { method, headers, ...(takesBody(method) && body !== undefined ? { body } : {}) };
}

/** One value of one class in one slot, sampled. */
function valueProbes(route: Route, valid: ValidRequest, hostile: HostileClass, cookie: string | undefined): Probe[] {
  const slots = slotsOf(route, valid).filter((slot) => slot.kind !== 'body' || takesBody(route.method));
  const pairs = slots.flatMap((slot) => {
    const values = slot.kind === 'body' ? hostile.json : slot.kind === 'query' ? hostile.query : hostile.segment;
    return values.map((raw) => ({ slot, raw }));
  });
  const chosen =
    pairs.length <= SAMPLES_PER_CLASS
      ? pairs
      : fc.sample(fc.constantFrom(...pairs), { numRuns: SAMPLES_PER_CLASS, seed: SEED });
  return chosen.map((broken) => ({
    description: `${hostile.name} in ${broken.slot.kind}${'name' in broken.slot ? ` ${broken.slot.name}` : ''}: ${broken.raw.slice(0, 40)}`,
    path: buildPath(route, valid, broken),
    init: init(route.method, cookie, takesBody(route.method) ? (bodyText(valid, broken) ?? '{}') : undefined),
  }));
}

/** Whole requests gone wrong: prototype keys, repeated parameters, wrong content types, empty bodies. */
function requestProbes(
  route: Route,
  valid: ValidRequest,
  kind: (typeof REQUEST_CLASSES)[number],
  cookie: string | undefined,
): Probe[] {
  const validBody = bodyText(valid) ?? '{}';
  const names = valid.queryNames.length ? valid.queryNames : ['x'];
  switch (kind) {
    case 'prototype keys': {
      const keys = '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"hasOwnProperty":1';
      const body = validBody === '{}' ? `{${keys}}` : validBody.replace(/^\{/, `{${keys},`);
      return [
        {
          description: 'prototype names as query keys',
          path: buildPath(route, valid, undefined, [
            '__proto__=1',
            'constructor=1',
            'hasOwnProperty=1',
            '__proto__%5Bpolluted%5D=1',
          ]),
          init: init(route.method, cookie, takesBody(route.method) ? validBody : undefined),
        },
        ...(takesBody(route.method)
          ? [
              {
                description: 'prototype names as body keys',
                path: buildPath(route, valid),
                init: init(route.method, cookie, body),
              },
            ]
          : []),
      ];
    }
    case 'repeated query parameters':
      return [
        {
          description: 'every query parameter twice',
          path: buildPath(
            route,
            valid,
            undefined,
            names.flatMap((n) => [`${encodeURIComponent(n)}=1`, `${encodeURIComponent(n)}=%00`]),
          ),
          init: init(route.method, cookie, takesBody(route.method) ? validBody : undefined),
        },
        ...(takesBody(route.method) && valid.bodyNames.length
          ? [
              {
                description: 'a body key twice',
                path: buildPath(route, valid),
                init: init(route.method, cookie, validBody.replace(/^\{/, `{"${valid.bodyNames[0]}":"\\u0000",`)),
              },
            ]
          : []),
      ];
    case 'wrong content types':
      if (!takesBody(route.method)) return [];
      return WRONG_CONTENT_TYPES.map((type) => ({
        description: `content type ${type}`,
        path: buildPath(route, valid),
        init: init(route.method, cookie, validBody, type),
      }));
    case 'empty bodies':
      if (!takesBody(route.method)) return [];
      return [
        { description: 'an empty JSON body', path: buildPath(route, valid), init: init(route.method, cookie, '') },
        {
          description: 'no body and no content type',
          path: buildPath(route, valid),
          init: init(route.method, cookie, undefined, null),
        },
        { description: 'JSON null', path: buildPath(route, valid), init: init(route.method, cookie, 'null') },
      ];
  }
}

describe.each(targets)('the fuzzer (%s): every registered route, every class of hostile input', (target) => {
  let api: TestApi;
  let routes: Route[];
  let doc: OpenApiDocument | undefined;
  let tables: string[];
  const failures: string[] = [];

  beforeAll(async () => {
    // Limits high enough that the fuzzer meets the routes, not the rate limiter.
    const high = '100000000';
    api = await startAppWithFrontEnd(target, {
      RATE_LIMIT_CANCELLATION: high,
      RATE_LIMIT_TELEMETRY: high,
      RATE_LIMIT_CAPTCHA: high,
      RATE_LIMIT_FRESH_PERSONA: high,
    });
    routes = createApp({ db: api.db, config: api.config })
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: r.path }))
      .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);
    const published = await api.get<OpenApiDocument>('/api/openapi.json');
    doc = published.status === 200 ? published.body : undefined;
    tables = (await allTables(api.db)).filter((t) => !NOT_DATA.has(t));
  });
  afterAll(() => api?.close());

  /**
   * The data's digest, one md5 per table. After a request only the tables the database layer
   * saw written are hashed again; once per route every table is, so a write that layer missed
   * is caught as well.
   */
  const tableDigest = async (table: string) =>
    (
      await api.db.query<{ digest: string }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      )
    )[0]!.digest;
  const digests = new Map<string, string>();
  const written = new Set<string>();
  const digest = async () => {
    for (const table of written) if (digests.has(table)) digests.set(table, await tableDigest(table));
    written.clear();
    return [...digests.values()].join('/');
  };
  const everyTableRehashed = async (): Promise<string[]> => {
    await digest();
    const missed: string[] = [];
    for (const table of tables) {
      const now = await tableDigest(table);
      if (digests.has(table) && digests.get(table) !== now) missed.push(table);
      digests.set(table, now);
    }
    return missed;
  };

  it('answers every class on every route below 500, refuses with the error body, and writes nothing when it refuses', async () => {
    let cookie: string | undefined;
    const signIn = async () => (cookie = await api.signIn('active-us'));
    const tried = new Set<string>();
    const slowest: { where: string; ms: number }[] = [];
    let requests = 0;

    const send = async (route: Route, hostileName: string, probe: Probe, before: string): Promise<string> => {
      requests++;
      tried.add(`${route.method} ${route.path} × ${hostileName}`);
      const where = `${route.method} ${route.path} (${cookie ? 'signed in' : 'guest'}), ${probe.description}`;
      let response: Response;
      const started = performance.now();
      try {
        response = await api.raw(probe.path, probe.init);
        slowest.push({ where, ms: performance.now() - started });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
      } catch (error) {
        failures.push(`${where}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        return digest();
      }
      const text = await response.text();
      if (response.status >= 500) failures.push(`${where}: ${response.status} ${text.slice(0, 200)}`);
      const after = await digest();
      if (response.status >= 400) {
        const isPage = (response.headers.get('content-type') ?? '').startsWith('text/html');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        if (!isPage && !apiErrorBody.safeParse(body).success)
          failures.push(`${where}: ${response.status} without the error body: ${text.slice(0, 120)}`);
        if (after !== before) failures.push(`${where}: ${response.status}, yet a data table changed`);
      }
      // A sign-in or sign-out route ended this context's session: start a new one. That sign-in
      // writes a session row, so the next request's baseline is taken after it.
      if (cookie && response.headers.getSetCookie().some((c) => c.startsWith('rp_session='))) {
        await signIn();
        return digest();
      }
      return after;
    };

    const stopWatching = api.db.onWrite!((tables) => tables.forEach((table) => written.add(table)));
    await everyTableRehashed();
    for (const signedIn of [false, true]) {
      cookie = signedIn ? await signIn() : undefined;
      for (const route of routes) {
        const valid = validRequest(doc, route.method, route.path, { userUid: PERSONA_UID['active-us'], skuId: 102 });
        let before = await digest();
        for (const hostile of HOSTILE_CLASSES) {
          for (const probe of valueProbes(route, valid, hostile, cookie))
            before = await send(route, hostile.name, probe, before);
        }
        for (const kind of REQUEST_CLASSES) {
          for (const probe of requestProbes(route, valid, kind, cookie))
            before = await send(route, kind, probe, before);
        }
        const unseen = await everyTableRehashed();
        if (unseen.length > 0)
          failures.push(
            `${route.method} ${route.path}: ${unseen.join(', ')} changed without the database layer reporting a write`,
          );
      }
    }
    stopWatching();

    const classes = HOSTILE_CLASSES.length + REQUEST_CLASSES.length;
    console.log(
      `fuzzed ${routes.length} routes × ${classes} classes, as a guest and signed in: ${tried.size} route×class pairs, ${requests} requests`,
    );
    console.log(
      `slowest answers:\n${slowest.map((s) => `  ${s.ms.toFixed(0)} ms  ${s.where.slice(0, 160)}`).join('\n')}`,
    );
    expect(failures).toEqual([]);
    // Every route met every value class; the request classes meet the routes they apply to.
    expect(tried.size).toBeGreaterThanOrEqual(routes.length * HOSTILE_CLASSES.length);
  }, 600_000);

  it('leaves the server answering normally, and no prototype polluted', async () => {
    expect((await api.get('/api/health')).status).toBe(200);
    expect((await api.get('/api/skus?sellPageOnly=true')).status).toBe(200);
    const cookie = await api.signIn('active-us');
    expect((await api.get('/api/users/claims', cookie)).body.UserUID).toBe(PERSONA_UID['active-us']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('found the routes from the app itself: API, pages, sandbox and dashboard', () => {
    const paths = routes.map((r) => r.path);
    expect(paths.filter((p) => p.startsWith('/api/')).length).toBeGreaterThan(40);
    expect(paths.some((p) => p.startsWith('/payment'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/sandbox'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/dashboard'))).toBe(true);
  });
});
