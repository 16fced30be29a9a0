import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionRecord } from '../../server/http/session-cache';
import type { UserRow } from '../../server/repositories/users';

const user = (uid: string, userType = 'NEW') => ({ user_uid: uid, user_type: userType }) as UserRow;

describe('server session cache', () => {
  const setup = (ttlMs = 2_000, maxEntries?: number) => {
    let clock = 1_000_000;
    let loads = 0;
    const cache = createSessionCache(ttlMs, () => clock, maxEntries);
    /** A database answer: the session's user and its expiry. */
    let record: SessionRecord | null = { user: user('u1'), expiresAt: clock + 60_000 };
    const load = async () => {
      loads += 1;
      return record && { ...record, user: { ...record.user } };
    };
    return {
      cache,
      load,
      tick: (ms: number) => (clock += ms),
      now: () => clock,
      loads: () => loads,
      set: (next: SessionRecord | null) => (record = next),
    };
  };

  it('answers from memory within its time to live, then asks the database again', async () => {
    const { cache, load, tick, loads, set, now } = setup();
    expect((await cache.user('s', load))?.user_uid).toBe('u1');
    tick(1_999);
    expect((await cache.user('s', load))?.user_uid).toBe('u1');
    expect(loads()).toBe(1);
    // Another process revoked the session: seen once the copy is older than the time to live.
    set(null);
    tick(1);
    expect(await cache.user('s', load)).toBeNull();
    expect(loads()).toBe(2);
    set({ user: user('u1'), expiresAt: now() + 60_000 });
    expect((await cache.user('s', load))?.user_uid, 'a missing session is not kept').toBe('u1');
    expect(loads()).toBe(3);
  });

  it("a kept session is not used past the session's own expiry", async () => {
    const { cache, load, tick, loads, set, now } = setup(60_000);
    set({ user: user('u1'), expiresAt: now() + 500 });
    expect(await cache.user('s', load)).not.toBeNull();
    tick(499);
    expect(await cache.user('s', load)).not.toBeNull();
    expect(loads()).toBe(1);
    set(null);
    tick(1);
    expect(await cache.user('s', load)).toBeNull();
    expect(loads()).toBe(2);
  });

  it('forget and clear drop copies at once', async () => {
    const { cache, load, loads, set } = setup();
    await cache.user('a', load);
    await cache.user('b', load);
    expect(cache.size).toBe(2);
    cache.forget('a');
    set(null);
    expect(await cache.user('a', load), 'signed out in this process: never the old copy').toBeNull();
    expect((await cache.user('b', load))?.user_uid, 'other sessions keep their copy').toBe('u1');
    expect(loads()).toBe(3);
    cache.clear();
    expect(await cache.user('b', load)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('a lookup under way when the cache is dropped does not put its old answer back', async () => {
    const { cache, loads, now } = setup();
    let release!: (record: SessionRecord) => void;
    const slow = () => new Promise<SessionRecord>((resolve) => (release = resolve));
    const inFlight = cache.user('s', slow);
    // A sign-out (or a user change) ends while that lookup is still reading the old row.
    cache.clear();
    release({ user: user('u1', 'NEW'), expiresAt: now() + 60_000 });
    expect((await inFlight)?.user_type).toBe('NEW');
    expect(cache.size, 'the stale answer was not kept').toBe(0);
    const fresh = async () => ({ user: user('u1', 'ACTV'), expiresAt: now() + 60_000 });
    expect((await cache.user('s', fresh))?.user_type).toBe('ACTV');
    expect(loads()).toBe(0);
    // And forget of another session has the same effect on a lookup under way.
    const again = cache.user('t', slow);
    cache.forget('other');
    release({ user: user('u2'), expiresAt: now() + 60_000 });
    await again;
    expect(cache.size).toBe(1);
  });

  it('concurrent lookups of one session share one database read; a failed read is not kept', async () => {
    const { cache, load, loads } = setup();
    const answers = await Promise.all([cache.user('s', load), cache.user('s', load), cache.user('s', load)]);
    expect(answers.map((a) => a?.user_uid)).toEqual(['u1', 'u1', 'u1']);
    expect(loads()).toBe(1);
    await expect(cache.user('x', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.user('x', load))?.user_uid).toBe('u1');
  });

  it('keeps at most its limit of sessions, dropping the oldest first', async () => {
    const { cache, load, loads } = setup(2_000, 2);
    await cache.user('a', load);
    await cache.user('b', load);
    await cache.user('c', load);
    expect(cache.size).toBe(2);
    await cache.user('b', load);
    await cache.user('c', load);
    expect(loads()).toBe(3);
    await cache.user('a', load);
    expect(loads()).toBe(4);
  });

  it('a time to live of 0 turns it off', async () => {
    const { cache, load, loads } = setup(0);
    await cache.user('s', load);
    await cache.user('s', load);
    expect(loads()).toBe(2);
    expect(cache.size).toBe(0);
  });
});
