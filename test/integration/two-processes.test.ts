import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../support/captcha';
import { createScratchDatabase, dropScratchDatabase } from '../../scripts/scratch-database';
import { freePort, startServer, stopServer, waitForHttp } from '../../scripts/lib';
import { sessionCookieFrom } from '../support/session-cookie';

const hasPostgres = Boolean(process.env.DATABASE_URL);
if (!hasPostgres)
  console.warn(
    'two-process test needs a PostgreSQL server (DATABASE_URL); npm test starts one when the binaries are installed',
  );

/**
 * Two server processes on one PostgreSQL database must be interchangeable: sessions,
 * idempotency keys and rate-limit counters live in the database, not in either process.
 */
describe.skipIf(!hasPostgres)('two server processes on one Postgres', () => {
  let url: string;
  const servers: ChildProcess[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    url = await createScratchDatabase();
    // Both start at once against an empty database: migrations and seed must not collide.
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      servers.push(
        startServer({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: url,
          LOG_LEVEL: 'silent',
          RATE_LIMIT_CANCELLATION: '3',
          NODE_ENV: 'test',
          TRUST_PROXY: '1',
        }),
      );
    }
    await Promise.all(bases.map((base, i) => waitForHttp(`${base}/api/health`, 60_000, servers[i])));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    if (url) await dropScratchDatabase(url);
  });

  const signIn = async (base: string, persona: string) => {
    const response = await fetch(`${base}/api/demo/session?persona=${persona}&next=/dashboard`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return sessionCookieFrom(response)!;
  };

  it('a session opened on one process is honoured by the other', async () => {
    const [a, b] = bases as [string, string];
    const cookie = await signIn(a, 'active-uk');
    const claims = await (await fetch(`${b}/api/users/claims`, { headers: { cookie } })).json();
    expect(claims).toMatchObject({ Role: 'user', EmailAddress: 'oliver.hughes@example.co.uk', CurrencyCD: 'GBP' });

    const signOut = await fetch(`${b}/api/demo/session`, { method: 'DELETE', headers: { cookie } });
    expect(signOut.status).toBe(204);
    const after = await (await fetch(`${a}/api/users/claims`, { headers: { cookie } })).json();
    expect(after.Role).toBe('guest');
  });

  it('a payment replayed on the other process charges once', async () => {
    const [a, b] = bases as [string, string];
    const cookie = await signIn(a, 'new-us');
    const uid = '5eed0000-0000-4000-8000-000000000001';
    const payment = JSON.stringify({
      user_uid: uid,
      sku_id: 103,
      session_guid: randomUUID(),
      payment_method: 'CRCD',
      card_type: 'VISA',
      last_four_digits: '4242',
    });
    const post = (base: string) =>
      fetch(`${base}/api/payments`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: payment,
      });
    const [first, second] = await Promise.all([post(a), post(b)]);
    const results = [await first.json(), await second.json()];
    expect(results.map((r) => r.PaymentStatus)).toEqual(['SUCC', 'SUCC']);
    expect(results.filter((r) => r.Replayed)).toHaveLength(1);
    expect(results[0].TransactionID).toBe(results[1].TransactionID);
    const history = await (
      await fetch(`${b}/api/payments/${uid}/transactions?transactionTypes=SALE`, { headers: { cookie } })
    ).json();
    expect(history.total).toBe(1);
  });

  it('a captcha issued by one process is accepted by the other, once', async () => {
    const [a, b] = bases as [string, string];
    // Its own client address (TRUST_PROXY is on), so the rate-limit test below starts from zero.
    const post = (base: string, body: object) =>
      fetch(`${base}/api/v2/subscriptions/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify(body),
      });
    const request = (n: number, captcha: string) => ({
      email_address: `captcha${n}@example.com`,
      portal_id: 1,
      account_id: String(4200 + n),
      is_extraordinary_cancellation: false,
      cancellation_request_time: '2026-11-22T10:00:00',
      captcha,
    });
    const fromA = await solveCaptcha(a);
    const accepted = await post(b, request(1, fromA));
    expect(accepted.status).toBe(201);
    const replayed = await post(a, request(2, fromA));
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error.code).toBe('CAPTCHA_REPLAYED');
  });

  it('the rate limit counts requests to both processes together', async () => {
    // The same request each time: after the first, each answers the first receipt (or 429).
    const request = JSON.stringify({
      email_address: 'nobody@example.com',
      portal_id: 1,
      account_id: '999',
      is_extraordinary_cancellation: false,
      cancellation_request_time: '2026-11-22T10:00:00',
      captcha: await solveCaptcha(bases[0]!),
    });
    const statuses: number[] = [];
    for (const base of [bases[0], bases[1], bases[0], bases[1]]) {
      const response = await fetch(`${base}/api/v2/subscriptions/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: request,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
