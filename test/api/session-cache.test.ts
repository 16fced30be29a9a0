import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { EMPTY_GUID } from '../../src/api/schemas/common';

/**
 * A signed-in page's burst of calls reuses one session lookup for a moment (server/http/session-cache.ts),
 * but never at the cost of a sign-out, an expiry or a changed user type in this process, and a change
 * made by another process is honoured within SESSION_CACHE_MS.
 */
describe.each(targets)('session cache (%s)', (target) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const claims = async (cookie: string) =>
    (await api.get('/api/users/claims', cookie)).body as { Role: string; UserUID: string; UserType: string };
  const sessionId = (cookie: string) => cookie.slice('rp_session='.length);

  it('repeated calls with one cookie read the session once', async () => {
    const cookie = await api.signIn('active-us');
    const query = vi.spyOn(api.db, 'query');
    try {
      for (let i = 0; i < 5; i += 1) expect((await claims(cookie)).UserUID).toBe(PERSONA_UID['active-us']);
      const lookups = query.mock.calls.filter(([sql]) => /join sessions/.test(sql));
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('a sign-out in this process is honoured at once, other sessions of the person are kept', async () => {
    const cookie = await api.signIn('trial-us');
    const other = await api.signIn('trial-us');
    expect((await claims(cookie)).Role).toBe('user');
    expect((await claims(other)).Role).toBe('user');
    expect((await api.raw('/api/demo/session', { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    expect(await claims(cookie)).toMatchObject({ Role: 'guest', UserUID: EMPTY_GUID });
    expect((await api.get(`/api/subscriptions?userUID=${PERSONA_UID['trial-us']}`, cookie)).status).toBe(401);
    expect((await claims(other)).UserUID).toBe(PERSONA_UID['trial-us']);
  });

  it('a session deleted or expired straight in the database, or in a transaction, is refused on the next call', async () => {
    const deleted = await api.signIn('new-us');
    expect((await claims(deleted)).Role).toBe('user');
    await api.db.query('delete from sessions where session_id = $1', [sessionId(deleted)]);
    expect((await claims(deleted)).Role).toBe('guest');

    const expired = await api.signIn('new-us');
    expect((await claims(expired)).Role).toBe('user');
    await api.db.transaction((tx) =>
      tx.query(`update sessions set expires_at = now() - interval '1 second' where session_id = $1`, [
        sessionId(expired),
      ]),
    );
    expect((await claims(expired)).Role).toBe('guest');
  });

  it("a user's changed user type shows on the next call", async () => {
    const cookie = await api.signIn('employer');
    expect((await claims(cookie)).UserType).toBe('NEW');
    await api.db.transaction((tx) =>
      tx.query(`update users set user_type = 'ACTV' where user_uid = $1`, [PERSONA_UID.employer]),
    );
    expect((await claims(cookie)).UserType).toBe('ACTV');
    await api.db.query(`update users set user_type = 'NEW' where user_uid = $1`, [PERSONA_UID.employer]);
    expect((await claims(cookie)).UserType).toBe('NEW');
  });

  it("another process's sign-out is honoured within SESSION_CACHE_MS", async () => {
    // A second app on the same database that is not told of this process's writes, as another process would not be.
    const blind: Database = { ...api.db, onWrite: () => () => undefined };
    const other = createApp({
      db: blind,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_CACHE_MS: '1000' }),
    });
    const otherClaims = async (cookie: string) =>
      (await (await other.request('http://localhost/api/users/claims', { headers: { cookie } })).json()) as {
        Role: string;
      };
    const cookie = await api.signIn('active-de');
    expect((await otherClaims(cookie)).Role).toBe('user');
    await api.raw('/api/demo/session', { method: 'DELETE', headers: { cookie } });
    expect((await claims(cookie)).Role, 'this process: at once').toBe('guest');
    expect((await otherClaims(cookie)).Role, 'the other process still has its copy').toBe('user');
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await otherClaims(cookie)).Role, 'the other process: after its time to live').toBe('guest');
  });

  it.each([
    ['SESSION_CACHE_MS=0', { SESSION_CACHE_MS: '0' }, (db: Database) => db],
    [
      'a database that cannot report its writes',
      {},
      (db: Database): Database => ({ ...db, query: (text, params) => db.query(text, params), onWrite: undefined }),
    ],
  ])('%s: the session is read on every call', async (_label, env, dbOf) => {
    const uncached = createApp({
      db: dbOf(api.db),
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    });
    const cookie = await api.signIn('active-us');
    const query = vi.spyOn(api.db, 'query');
    try {
      for (let i = 0; i < 3; i += 1)
        await uncached.request('http://localhost/api/users/claims', { headers: { cookie } });
      expect(query.mock.calls.filter(([sql]) => /join sessions/.test(sql))).toHaveLength(3);
    } finally {
      query.mockRestore();
    }
  });
});
