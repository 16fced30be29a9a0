import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { openTestDatabase, targets, type TestDatabase } from '../support/databases';
import { sessionCookieFrom } from '../support/session-cookie';
import { countRows } from '../support/snapshot';

/**
 * A payment's session is checked by charge_checkout, in the payment's own statement, not by the
 * session middleware: every way a session can fail still answers as it did, nothing is written,
 * and a session signed out elsewhere is refused at once.
 */
describe.each(targets)('a payment checks its own session (%s)', (target) => {
  let test: TestDatabase;
  let app: ReturnType<typeof createApp>;

  /**
   * The database as another server process's writes look to this one: the session cache is on,
   * but nothing here tells it of a write, so a copy it holds lives its whole (long) lifetime.
   */
  const deafToWrites = (db: Database): Database => ({ ...db, onWrite: () => () => undefined });

  const freshPerson = async () => {
    const signedIn = await app.request('http://localhost/api/demo/session?persona=new-us&fresh=1&next=/dashboard');
    const cookie = sessionCookieFrom(signedIn)!;
    expect(cookie).toBeTruthy();
    const claims = await app.request('http://localhost/api/users/claims', { headers: { cookie } });
    return { cookie, uid: ((await claims.json()) as { UserUID: string }).UserUID };
  };
  const pay = (cookie: string | null, fields: Record<string, unknown>) =>
    app.request('http://localhost/api/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({
        sku_id: 102,
        session_guid: randomUUID(),
        payment_method: 'CRCD',
        card_type: 'VISA',
        last_four_digits: '4242',
        ...fields,
      }),
    });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; fields?: Record<string, string> } }).error;
  const salesOf = (uid: string) =>
    countRows(test.db, 'transactions', `user_uid = $1 and transaction_type = 'SALE'`, [uid]);
  const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));

  beforeAll(async () => {
    test = await openTestDatabase(target);
    app = createApp({
      db: deafToWrites(test.db),
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SESSION_CACHE_MS: '600000',
        RATE_LIMIT_FRESH_PERSONA: '1000',
      }),
    });
  });
  afterAll(() => test?.dispose());

  it('pays for the person whose live session it is', async () => {
    const { cookie, uid } = await freshPerson();
    const paid = await pay(cookie, { user_uid: uid });
    expect(paid.status).toBe(201);
    expect(await salesOf(uid)).toBe(1);
  });

  it('answers 401 to a guest, to a made-up cookie and to an expired session, and writes nothing', async () => {
    const { cookie, uid } = await freshPerson();
    expect((await pay(null, { user_uid: uid })).status).toBe(401);
    const madeUp = await pay('rp_session=not-a-session', { user_uid: uid });
    expect(madeUp.status).toBe(401);
    expect((await errorOf(madeUp)).code).toBe('UNAUTHENTICATED');

    await test.db.query(`update sessions set expires_at = now() - interval '1 second' where session_id = $1`, [
      sessionIdOf(cookie),
    ]);
    const expired = await pay(cookie, { user_uid: uid });
    expect(expired.status).toBe(401);
    expect(await salesOf(uid)).toBe(0);
    expect(await countRows(test.db, 'payment_attempts', 'user_uid = $1', [uid])).toBe(0);
  });

  it('refuses a session signed out by another process at once, though this process still holds a copy of it', async () => {
    const { cookie, uid } = await freshPerson();
    await test.db.query('delete from sessions where session_id = $1', [sessionIdOf(cookie)]);
    // The cached copy still answers reads, within the cache's documented lifetime...
    expect((await app.request('http://localhost/api/users/claims', { headers: { cookie } })).status).toBe(200);
    // ...but a payment reads the session in its own statement.
    expect((await pay(cookie, { user_uid: uid })).status).toBe(401);
    expect(await salesOf(uid)).toBe(0);
  });

  it("answers 403 to a live session naming another person's id, and 409 to another market's SKU, and writes nothing", async () => {
    const payer = await freshPerson();
    const other = await freshPerson();
    const forOther = await pay(payer.cookie, { user_uid: other.uid });
    expect(forOther.status).toBe(403);
    expect((await errorOf(forOther)).code).toBe('FORBIDDEN');

    // A British plan: a charge the one statement takes, had the session check let it through.
    const british = await pay(payer.cookie, { user_uid: payer.uid, sku_id: 202 });
    expect(british.status).toBe(409);
    expect((await errorOf(british)).fields).toEqual({ sku_id: 'this SKU is not sold in your market' });
    // A well-formed id that names no SKU is not found: the request itself was valid.
    const unknown = await pay(payer.cookie, { user_uid: payer.uid, sku_id: 99999 });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ code: 'NO_SUCH_SKU', fields: { sku_id: 'no such SKU' } });
    expect(await salesOf(payer.uid)).toBe(0);
    expect(await salesOf(other.uid)).toBe(0);
  });

  it('takes the payer id in any letter case, and its replay answers the first charge', async () => {
    const { cookie, uid } = await freshPerson();
    const sessionGuid = randomUUID();
    const first = await pay(cookie, { user_uid: uid.toUpperCase(), session_guid: sessionGuid });
    expect(first.status).toBe(201);
    const replay = await pay(cookie, { user_uid: uid.toUpperCase(), session_guid: sessionGuid });
    expect(replay.status).toBe(200);
    const [one, two] = [
      (await first.json()) as { TransactionID: number },
      (await replay.json()) as { TransactionID: number; Replayed: boolean },
    ];
    expect(two).toMatchObject({ TransactionID: one.TransactionID, Replayed: true });
    expect(await salesOf(uid)).toBe(1);
  });

  it("refuses another person's checkout key (409) through the same statement", async () => {
    const first = await freshPerson();
    const second = await freshPerson();
    const sessionGuid = randomUUID();
    expect((await pay(first.cookie, { user_uid: first.uid, session_guid: sessionGuid })).status).toBe(201);
    const stolen = await pay(second.cookie, { user_uid: second.uid, session_guid: sessionGuid });
    expect(stolen.status).toBe(409);
    expect((await errorOf(stolen)).code).toBe('SESSION_GUID_IN_USE');
    expect(await salesOf(second.uid)).toBe(0);
  });

  it('still answers a bad body with 400 before it asks who is paying', async () => {
    const response = await pay('rp_session=not-a-session', { user_uid: 'not-a-uuid' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toHaveProperty('user_uid');
  });
});
