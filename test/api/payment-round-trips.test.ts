import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database, Queryable } from '../../server/db/database';
import { PERSONA_UID } from '../support/api-client';
import { openTestDatabase, targets, type TestDatabase } from '../support/databases';
import { sessionCookieFrom } from '../support/session-cookie';

/**
 * What a payment asks the database, statement by statement: every one is a round trip, and
 * under load the round trips are most of a payment's cost (see `npm run bench`).
 */
describe.each(targets)('payment round trips (%s)', (target) => {
  let test: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let cookie: string;
  const statements: string[] = [];

  /** The test database, noting every statement the app sends, in a transaction or not. */
  const noting = (db: Database): Database => {
    const note =
      (queryable: Queryable): Queryable['query'] =>
      (text, params) => {
        statements.push(text.replace(/\s+/g, ' ').trim());
        return queryable.query(text, params);
      };
    return {
      kind: db.kind,
      query: note(db),
      transaction: (work) => db.transaction((tx) => work({ query: note(tx) })),
      close: () => db.close(),
      onWrite: db.onWrite,
    };
  };
  const pay = (sessionGuid: string) =>
    app.request('http://localhost/api/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        user_uid: PERSONA_UID['new-us'],
        sku_id: 102,
        session_guid: sessionGuid,
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
      }),
    });

  beforeAll(async () => {
    test = await openTestDatabase(target);
    // Sessions stay in the cache for the whole suite, so what is counted is the payment's own work.
    app = createApp({
      db: noting(test.db),
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_CACHE_MS: '600000' }),
    });
    cookie = sessionCookieFrom(await app.request('http://localhost/api/demo/session?persona=new-us&next=/dashboard'))!;
    expect(cookie).toBeTruthy();
    // The plan's SKU is read once by the catalogue, as any earlier sale or sell page would have.
    expect((await app.request('http://localhost/api/skus/102', { headers: { cookie } })).status).toBe(200);
  });
  afterAll(() => test?.dispose());

  it('a first payment checks its session, takes its locks, reads and writes in one statement', async () => {
    statements.length = 0;
    const key = randomUUID();
    const answer = await pay(key);
    expect(answer.status).toBe(201);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/ from charge_checkout\(\$1, \$2, .*, \$23\)$/);

    statements.length = 0;
    const replay = await pay(key);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { Replayed: boolean }).Replayed).toBe(true);
    // The payment made the person active, which dropped every cached session; the replay still
    // needs no session lookup of its own, as charge_checkout checks the session itself.
    expect(statements, 'a replay answers what was kept, from the same call').toHaveLength(1);
    expect(statements[0]).toMatch(/ from charge_checkout\(/);
  });

  it('a payment the statement cannot take alone (a test decline) checks its session first, from the database', async () => {
    statements.length = 0;
    const declined = await app.request('http://localhost/api/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        user_uid: PERSONA_UID['new-us'],
        sku_id: 102,
        session_guid: randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
        fail_payment: true,
      }),
    });
    expect(declined.status).toBe(200);
    expect(((await declined.json()) as { FailureCode: string }).FailureCode).toBe('card_declined');
    expect(statements[0]).toMatch(/^select u\.\*.* from users u /);
    expect(statements.some((text) => text.includes('charge_checkout('))).toBe(false);
  });
});
