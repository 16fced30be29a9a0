import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopServer, waitForHttp } from '../../scripts/lib';
import { PERSONA_UID } from '../support/api-client';
import { hasPostgresBinaries, startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres';
import { standInFrontEnd } from '../support/stand-in-front-end';
import { sessionCookieFrom } from '../support/session-cookie';

const canRun = hasPostgresBinaries();
if (!canRun)
  console.warn(
    "database-outage test skipped: no PostgreSQL server binaries (install Debian's postgresql, /usr/lib/postgresql/*/bin)",
  );

interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
}

/** The real server (tsx server/main.ts) on a free loopback port, its output kept for the test to read. */
async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { base: `http://127.0.0.1:${port}`, child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * PostgreSQL stops while the server is serving, then comes back on the same port and data. The
 * server process lives through it, answers 503 with Retry-After meanwhile, serves again within
 * seconds with its sessions, keeps every acknowledged write, and charges a payment that the
 * outage cut off exactly once when it is retried with its idempotency key.
 */
describe.skipIf(!canRun)('the server through a PostgreSQL outage', () => {
  const user = PERSONA_UID['active-us'];
  const socialCard = 122; // portal 1, an add-on without a plan tier: a SALE every time it is charged
  const payment = JSON.stringify({
    user_uid: user,
    sku_id: socialCard,
    session_guid: randomUUID(),
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
  });
  let postgres: ScratchPostgres;
  let dist: string;
  let server: ServerProcess;
  let waiting: ServerProcess | undefined;
  let cookie: string;
  let salesBefore: number;

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.base}${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', ...init.headers },
    });
  const pay = () => call('/api/payments', { method: 'POST', body: payment });
  const sales = async () =>
    ((await (await call(`/api/payments/${user}/transactions?transactionTypes=SALE`)).json()) as { total: number })
      .total;

  beforeAll(async () => {
    dist = standInFrontEnd();
    postgres = await startScratchPostgres();
    // No session cache, so that the session really is read from the database during the outage.
    server = await startServerProcess({
      DATABASE_URL: postgres.url,
      DIST_DIR: dist,
      SESSION_CACHE_MS: '0',
      DB_CONNECT_TIMEOUT_MS: '2000',
    });
    await waitForHttp(`${server.base}/api/health`, 30_000, server.child);
    const signIn = await fetch(`${server.base}/api/demo/session?persona=active-us&next=/`, { redirect: 'manual' });
    cookie = sessionCookieFrom(signIn)!;
    expect(cookie).toBeTruthy();
    const saved = await call(`/api/users/${user}/savepreference`, {
      method: 'POST',
      body: JSON.stringify({ code: 'outage.test', value: 'acknowledged' }),
    });
    expect(saved.status).toBe(200);
    salesBefore = await sales();
  }, 45_000);

  afterAll(async () => {
    await Promise.all([server && stopServer(server.child), waiting && stopServer(waiting.child)]);
    await postgres?.dispose();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('stays up and answers 503 with Retry-After while PostgreSQL is down, even for a payment cut off mid-transaction', async () => {
    // Another session holds the user's row, so the payment waits inside its transaction when PostgreSQL stops.
    const blocker = new pg.Client({ connectionString: postgres.url });
    blocker.on('error', () => undefined); // its connection ends with the outage
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select 1 from users where user_uid = $1 for update', [user]);
    const cutOff = pay();
    const paymentWaits = async () =>
      (await blocker.query<{ waiting: number }>('select count(*)::int as waiting from pg_locks where not granted'))
        .rows[0]!.waiting > 0;
    await until(paymentWaits, 5_000, 'the payment waiting for the row lock');

    await postgres.halt();

    const interrupted = await cutOff;
    expect(interrupted.status).toBe(503);
    expect(server.child.exitCode).toBeNull();

    const started = performance.now();
    const claims = await call('/api/users/claims');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(claims.status).toBe(503);
    expect(claims.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await claims.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: expect.any(String) } });

    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' }, database: 'down' });
    expect((await call('/payment/pricing')).status).toBe(200);
    expect((await pay()).status).toBe(503);

    // Start-up during the outage: by default it waits and says so per attempt; with no wait it exits in one line.
    waiting = await startServerProcess({ DATABASE_URL: postgres.url, DIST_DIR: dist });
    const impatient = await startServerProcess({ DATABASE_URL: postgres.url, DIST_DIR: dist, DB_STARTUP_WAIT_MS: '0' });
    expect(await exited(impatient.child)).toBe(1);
    expect(impatient.output().trim()).toMatch(
      /^Cannot start: the database at 127\.0\.0\.1:\d+ cannot be reached \(.*ECONNREFUSED.*\)\. Check DATABASE_URL and that PostgreSQL is running\.$/,
    );
    await until(
      () => waiting!.output().includes('database unreachable at start-up (attempt 1: '),
      15_000,
      "the waiting server's first retry line",
    );
    expect(waiting.child.exitCode).toBeNull();
    expect(server.child.exitCode).toBeNull();
  }, 40_000);

  it('serves again within seconds once PostgreSQL is back, with the same session and every acknowledged write', async () => {
    await postgres.resume();
    const started = performance.now();
    await waitForHttp(`${server.base}/api/health`, 10_000, server.child);
    expect(performance.now() - started).toBeLessThan(5_000);

    const claims = await call('/api/users/claims');
    expect(claims.status).toBe(200);
    expect(await claims.json()).toMatchObject({ Role: 'user', UserUID: user });
    const preferences = (await (await call(`/api/users/${user}/preferences`)).json()) as {
      Preferences: { code: string; value: string }[];
    };
    expect(preferences.Preferences).toContainEqual(
      expect.objectContaining({ code: 'outage.test', value: 'acknowledged' }),
    );

    // The server that was waiting at start-up comes up on its own.
    await waitForHttp(`${waiting!.base}/api/health`, 15_000, waiting!.child);

    // One JSON object a line; the database's own lines name it as their component.
    const entries = server
      .output()
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { component?: string; msg: string });
    const database = entries
      .filter((entry) => entry.component === 'database')
      .map((entry) => entry.msg)
      .join('\n');
    expect(database).toMatch(/^database unavailable: .+$/m);
    expect(database).toMatch(/^database available again after \d+\.\ds$/m);
    expect(database).not.toMatch(/\n\s+at /);
  }, 40_000);

  it('charges the payment the outage cut off exactly once when it is retried with its idempotency key', async () => {
    const retried = await pay();
    expect([200, 201]).toContain(retried.status);
    const first = (await retried.json()) as { PaymentStatus: string; TransactionID: number };
    expect(first.PaymentStatus).toBe('SUCC');

    const again = await pay();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ TransactionID: first.TransactionID, Replayed: true });
    expect(await sales()).toBe(salesBefore + 1);
  }, 20_000);
});
