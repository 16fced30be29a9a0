import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../server/db';
import { createScratchDatabase, dropScratchDatabase } from '../scripts/scratch-database';
import { freePort, startServer, stopServer, waitForHttp } from '../scripts/lib';
import { startReferenceServer } from './reference-server';
import { loadOverOpenConnections, type OpenConnectionsResult, type PlannedRequest } from './open-connections-load';
import { medianOfWindows, PAYMENT_WARM_UP_WINDOWS, PAYMENT_WINDOWS } from './payment-windows';

/** A plan every fresh copy of new-us can buy (US, the sell page's second plan). */
const PLAN_SKU_ID = 102;

interface Payer {
  cookie: string;
  userUid: string;
  key: string;
}

export interface PaymentScaleFigure {
  database: 'pglite' | 'postgres';
  processes: number;
  /** Fresh people per timed window. */
  people: number;
  connections: number;
  /** The untimed windows before them (payment-windows.ts), reported to show the server had warmed up. */
  warmUp: PaymentLoad[];
  /** The timed windows, one after the other, each paid by `people` people of its own. */
  windows: PaymentLoad[];
  /** The windows as one figure (payment-windows.ts): the median window's rates and latencies, total counts. */
  pay: PaymentLoad;
  /** 10 % of the keys sent again: each must answer the first result (Replayed). */
  replay: PaymentLoad & { answeredFirstResult: number };
  /** SALE rows per key, counted in SQL after the run. */
  sales: { keys: number; exactlyOne: number; min: number; max: number };
}

type PaymentLoad = OpenConnectionsResult;

/** Fresh copies of new-us, each signed in, made before any timed window. */
async function makePayers(bases: string[], people: number): Promise<Payer[]> {
  const payers: Payer[] = [];
  const one = async (i: number): Promise<Payer> => {
    const base = bases[i % bases.length]!;
    const response = await fetch(`${base}/api/demo/session?persona=new-us&fresh=1&next=/dashboard`, {
      redirect: 'manual',
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('rp_session=') && c !== 'rp_session=');
    if (!cookie) throw new Error(`no fresh copy of new-us (HTTP ${response.status})`);
    const claims = (await (await fetch(`${base}/api/users/claims`, { headers: { cookie } })).json()) as {
      UserUID: string;
    };
    return { cookie, userUid: claims.UserUID, key: randomUUID() };
  };
  for (let start = 0; start < people; start += 20) {
    payers.push(...(await Promise.all(Array.from({ length: Math.min(20, people - start) }, (_, j) => one(start + j)))));
  }
  return payers;
}

/** One payer's payment: their own checkout key, over their own session. */
const paymentOf = (payer: Payer): PlannedRequest => ({
  method: 'POST',
  path: '/api/payments',
  headers: { cookie: payer.cookie, 'content-type': 'application/json' },
  body: JSON.stringify({
    user_uid: payer.userUid,
    sku_id: PLAN_SKU_ID,
    session_guid: payer.key,
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
  }),
});

const OPEN_WITH: PlannedRequest = { method: 'GET', path: '/api/health' };

/** Runs the payers over the servers, each server taking its share of the connections and people, at once. */
async function payAcross(
  bases: string[],
  payers: Payer[],
  connections: number,
  onResponse?: (status: number, body: string) => void,
): Promise<PaymentLoad> {
  const shares = bases.map((base, i) => ({ base, payers: payers.filter((_, j) => j % bases.length === i) }));
  const results = await Promise.all(
    shares.map((share) =>
      loadOverOpenConnections(share.base, {
        connections: Math.max(1, Math.round(connections / bases.length)),
        openWith: OPEN_WITH,
        planned: share.payers.map(paymentOf),
        ...(onResponse ? { onResponse } : {}),
      }),
    ),
  );
  // The shares start together: the window lasts until the last of them has its last answer.
  const seconds = Math.max(...results.map((r) => r.seconds));
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  return {
    requests,
    seconds,
    requestsPerSecond: Math.round(requests / seconds),
    // Only the worse tail of the processes is known without merging histograms: the conservative figure.
    p50Ms: Math.max(...results.map((r) => r.p50Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    connectionsUsed: results.reduce((sum, r) => sum + r.connectionsUsed, 0),
    openedInWindow: results.reduce((sum, r) => sum + r.openedInWindow, 0),
  };
}

async function countSales(db: Database, keys: string[]) {
  const [row] = await db.query<{ keys: string; exactly_one: string; min: string; max: string }>(
    `select count(*) as keys, count(*) filter (where n = 1) as exactly_one, min(n) as min, max(n) as max
       from (select k.key, count(t.transaction_id) as n
               from unnest($1::uuid[]) as k(key)
               left join transactions t on t.session_guid = k.key and t.transaction_type = 'SALE'
              group by k.key) per_key`,
    [keys],
  );
  return {
    keys: Number(row!.keys),
    exactlyOne: Number(row!.exactly_one),
    min: Number(row!.min),
    max: Number(row!.max),
  };
}

/**
 * Payments at scale: in each of `windows` timed windows, `people` fresh copies each pay once with
 * their own key over `connections` connections, on `processes` server processes sharing one
 * database; then 10 % of all the keys are sent again. Afterwards the SALEs are counted per key in SQL.
 */
export async function measurePaymentsAtScale(options: {
  database: 'pglite' | 'postgres';
  distDir: string;
  adminUrl?: string;
  processes?: number;
  people?: number;
  connections?: number;
  windows?: number;
}): Promise<PaymentScaleFigure> {
  const { database, distDir, processes = 1, people = 1000, connections = 100, windows = PAYMENT_WINDOWS } = options;
  const warmUpWindows = PAYMENT_WARM_UP_WINDOWS;
  if (database === 'pglite' && processes !== 1) throw new Error('PGlite belongs to one process');
  const dataDir = mkdtempSync(join(tmpdir(), 'rp-bench-pay-'));
  const databaseUrl = database === 'postgres' ? await withAdmin(options.adminUrl, createScratchDatabase) : '';
  // The warm-up windows' payers, then every timed window's.
  const freshPeople = people * (windows + warmUpWindows);
  const env = {
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    RATE_LIMIT_FRESH_PERSONA: String(freshPeople * 2),
  };
  const servers: { base: string; child: ReturnType<typeof startServer> }[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      const port = await freePort();
      const child = startServer({ ...env, PORT: String(port) });
      servers.push({ base: `http://127.0.0.1:${port}`, child });
      // One at a time: the first migrates and seeds the shared database.
      await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000, child);
    }
    const bases = servers.map((s) => s.base);
    // Payments by other fresh people first, window by window (PAYMENT_WARM_UP_WINDOWS), over as many
    // connections, as the floor is warmed (measurePaymentFloor): a shop's server has paid before.
    const everyone = await makePayers(bases, freshPeople);
    const payers = everyone.slice(people * warmUpWindows);
    const warmUp: PaymentLoad[] = [];
    for (let w = 0; w < warmUpWindows; w++)
      warmUp.push(await payAcross(bases, everyone.slice(w * people, (w + 1) * people), connections));
    const timed: PaymentLoad[] = [];
    for (let w = 0; w < windows; w++)
      timed.push(await payAcross(bases, payers.slice(w * people, (w + 1) * people), connections));
    const replayed = payers.filter((_, i) => i % 10 === 0);
    let answeredFirstResult = 0;
    const replay = await payAcross(bases, replayed, Math.min(connections, replayed.length), (status, body) => {
      if (status === 200 && /"Replayed":true/.test(body) && /"PaymentStatus":"SUCC"/.test(body))
        answeredFirstResult += 1;
    });
    for (const server of servers.splice(0)) await stopServer(server.child);
    const db = await openDatabase(database === 'postgres' ? { databaseUrl } : { dataDir });
    try {
      const sales = await countSales(
        db,
        payers.map((p) => p.key),
      );
      return {
        database,
        processes,
        people,
        connections,
        warmUp,
        windows: timed,
        pay: medianOfWindows(timed),
        replay: { ...replay, answeredFirstResult },
        sales,
      };
    } finally {
      await db.close();
    }
  } finally {
    for (const server of servers) await stopServer(server.child);
    if (databaseUrl) await withAdmin(options.adminUrl, () => dropScratchDatabase(databaseUrl));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The floor under a payment's latency: the same number of POSTs, with bodies of a payment's shape,
 * over as many open connections to bare Hono in its own process (bench/bare-server.ts). No database
 * and nothing of the product: what the stack and this client cost. It is warmed with as many
 * requests as the app's warm-up windows have (PAYMENT_WARM_UP_WINDOWS); the app has answered more
 * than that (the payers' sign-ins) by then.
 */
export async function measurePaymentFloor(
  options: { people?: number; connections?: number } = {},
): Promise<OpenConnectionsResult> {
  const { people = 1000, connections = 100 } = options;
  const reference = await startReferenceServer(null);
  try {
    const echo = (i: number): PlannedRequest => ({
      ...paymentOf({ cookie: 'rp_session=floor', userUid: randomUUID(), key: randomUUID() }),
      path: `/echo?i=${i}`,
    });
    const run = (count: number) =>
      loadOverOpenConnections(reference.base, {
        connections,
        openWith: { method: 'GET', path: '/' },
        planned: Array.from({ length: count }, (_, i) => echo(i)),
      });
    for (let w = 0; w < PAYMENT_WARM_UP_WINDOWS; w++) await run(people);
    return await run(people);
  } finally {
    await reference.stop();
  }
}

/** scripts/scratch-database.ts reads the admin URL from DATABASE_URL. */
async function withAdmin<T>(adminUrl: string | undefined, run: () => Promise<T>): Promise<T> {
  const previous = process.env.DATABASE_URL;
  if (adminUrl) process.env.DATABASE_URL = adminUrl;
  try {
    return await run();
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}
