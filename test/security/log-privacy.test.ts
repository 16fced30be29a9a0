import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopServer, waitForHttp } from '../../scripts/lib';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { PERSONA_UID } from '../support/api-client';
import { solveCaptcha } from '../support/captcha';
import { sessionCookieFrom } from '../support/session-cookie';

/**
 * The request log holds no personal data: no e-mail address, no account id, no user id, no
 * session token, whatever the request carried in its path, query or body. The real server
 * (server/main.ts) runs with its log on while a person signs in, reads their claims, pays, reads
 * their own records by id, and a visitor sends the logged-out cancellation request with an
 * e-mail and account id; everything it printed is then searched.
 */

const EMAIL = /[^\s"'<>()[\]]+(@|%40)[^\s"'<>()[\]]+\.[a-z]{2,}/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Values this test sends that must never be printed. */
const secrets = new Set<string>();

describe('the server log', () => {
  let server: ChildProcess;
  let base: string;
  let dataDir: string;
  let output = '';

  const signIn = async (persona: string) => {
    const response = await fetch(`${base}/api/demo/session?persona=${persona}&next=/dashboard`, { redirect: 'manual' });
    const cookie = sessionCookieFrom(response);
    if (!cookie) throw new Error(`sign-in as ${persona}: ${response.status}`);
    secrets.add(cookie.slice('rp_session='.length));
    return cookie;
  };
  const call = async (path: string, cookie?: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) },
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'rp-log-privacy-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
    };
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForHttp(`${base}/api/health`, 60_000, server);

    // A person signs in, reads their claims, and pays (a fresh database of this test's own).
    const payer = await signIn('new-in');
    const claims = (await call('/api/users/claims', payer)).body;
    expect(claims.Role).toBe('user');
    secrets.add(claims.UserUID).add(claims.EmailAddress).add(PERSONA_UID['new-in']);
    const skus = (await call('/api/skus?sellPageOnly=true', payer)).body.Skus as {
      SkuID: number;
      PlanTier: string | null;
    }[];
    const sku = skus.find((s) => s.PlanTier !== null)!;
    const payment = {
      user_uid: claims.UserUID,
      sku_id: sku.SkuID,
      session_guid: randomUUID(),
      payment_method: 'CRCD',
      card_type: 'VISA',
      last_four_digits: '4242',
    };
    expect(
      (await call('/api/payments', payer, { method: 'POST', body: JSON.stringify({ ...payment, fail_payment: true }) }))
        .status,
    ).toBe(200);
    expect(
      (
        await call('/api/payments', payer, {
          method: 'POST',
          body: JSON.stringify({ ...payment, session_guid: randomUUID() }),
        })
      ).status,
    ).toBe(201);
    await call(`/api/payments?email=${encodeURIComponent(claims.EmailAddress)}`, payer);

    // Their own records, by user id in the path and in the query.
    expect((await call(`/api/payments/${claims.UserUID}/transactions`, payer)).status).toBe(200);
    expect((await call(`/api/users/${claims.UserUID}/preferences`, payer)).status).toBe(200);
    expect(
      (
        await call(
          `/api/pages/payment?userUID=${claims.UserUID}&visitorPortalID=1&email=${encodeURIComponent(claims.EmailAddress)}`,
          payer,
        )
      ).status,
    ).toBe(200);
    // Someone else's id: refused, and the refusal is logged without it.
    secrets.add(PERSONA_UID['active-uk']);
    expect((await call(`/api/users/${PERSONA_UID['active-uk']}/preferences`, payer)).status).toBe(403);
    // An e-mail where an id belongs, and in a path nothing serves.
    expect((await call(`/api/users/${encodeURIComponent(claims.EmailAddress)}/preferences`, payer)).status).toBe(400);
    expect((await call(`/api/users/lookup/${claims.EmailAddress}`, payer)).status).toBe(404);
    expect((await call('/api/demo/session', payer, { method: 'DELETE' })).status).toBe(204);

    // A visitor who is not signed in asks to cancel with an e-mail address and account id.
    const ukEmail = 'oliver.hughes@example.co.uk';
    const ukAccount = '100000007';
    secrets.add(ukEmail).add(ukAccount).add('100000009');
    const request = {
      email_address: ukEmail,
      portal_id: 1,
      account_id: ukAccount,
      is_extraordinary_cancellation: false,
      cancellation_request_time: '2026-11-22T10:15:00',
      captcha: await solveCaptcha(base),
    };
    const received = await call('/api/v2/subscriptions/cancel', undefined, {
      method: 'POST',
      body: JSON.stringify(request),
    });
    expect(received.status, JSON.stringify(received.body)).toBe(201);
    // The same with a captcha already used: a 400 that names the fields, not their values.
    expect(
      (
        await call('/api/v2/subscriptions/cancel', undefined, {
          method: 'POST',
          body: JSON.stringify({ ...request, account_id: '100000009' }),
        })
      ).status,
    ).toBe(400);

    await stopServer(server);
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is on and shows the requests that were made, one JSON object a line', () => {
    const requests = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; method: string; path: string; status: number; reqId: string })
      .filter((line) => line.msg === 'request')
      .map((line) => `${line.method} ${line.path} ${line.status}`);
    expect(requests).toContain('POST /api/payments 201');
    expect(requests).toContain('POST /api/v2/subscriptions/cancel 201');
    expect(requests).toContain('GET /api/users/claims 200');
    expect(requests.some((line) => /^GET \/api\/payments\/\S+\/transactions 200$/.test(line))).toBe(true);
  });

  it('holds no e-mail address, account id, user id or session token', () => {
    expect(secrets.size).toBeGreaterThanOrEqual(7);
    const lower = output.toLowerCase();
    for (const secret of secrets) expect(lower, `the log shows ${secret}`).not.toContain(secret.toLowerCase());
    expect(output).not.toMatch(EMAIL);
    expect(output).not.toMatch(UUID);
  });
});

describe('the log line of an unexpected error', () => {
  it('keeps personal data in the error message and the path out of the log', async () => {
    const lines: string[] = [];
    const broken = {
      kind: 'pglite',
      query: async () => {
        throw new Error(
          `invalid input syntax for type uuid: "jane.doe@example.org" (user ${PERSONA_UID['active-us']}, account 100000003)`,
        );
      },
    } as unknown as Database;
    const app = createApp({ db: broken, config: loadConfig({ NODE_ENV: 'test' }), log: (line) => lines.push(line) });
    const response = await app.request(`http://localhost/api/users/${PERSONA_UID['active-us']}/preferences`, {
      headers: { cookie: 'rp_session=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' },
    });
    expect(response.status).toBe(500);
    const log = lines.join('\n');
    const entry = JSON.parse(lines.find((line) => line.includes('unexpected error'))!) as {
      level: string;
      method: string;
      path: string;
      reqId: string;
    };
    expect(entry).toMatchObject({
      level: 'error',
      method: 'GET',
      path: '/api/users/:uuid/preferences',
      reqId: response.headers.get('x-request-id'),
    });
    expect(log).not.toMatch(EMAIL);
    expect(log).not.toMatch(UUID);
    expect(log).not.toContain('100000003');
    expect(log).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
  });
});
