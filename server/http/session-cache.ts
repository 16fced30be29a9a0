import type { UserRow } from '../repositories/users';

/**
 * Who a session cookie belongs to, kept in this process for a moment so that a signed-in page's
 * burst of API calls does not ask the database the same question for every call.
 *
 * How stale an answer can be:
 * - In this process, never: the database reports every write to users, sessions or portals
 *   (sign-out, sign-in over an old session, a payment or cancellation changing the user type,
 *   a session expired by hand) and the whole cache is dropped at once. A lookup that was already
 *   under way when such a write ended is not kept, so it cannot put the old row back.
 * - A session's own expiry is checked on every use, against the expiry the database gave.
 * - A sign-out, revocation or user change made by another server process on the same database
 *   is seen here at most `ttlMs` later (SESSION_CACHE_MS, 2 seconds by default; 0 turns the cache off).
 *
 * Unknown or expired cookies are not kept: each one costs a database read, as before, and a flood
 * of made-up cookies cannot fill the cache.
 */
export interface SessionCache {
  /** The user a live session belongs to, from the cache or from `load`. */
  user(sessionId: string, load: () => Promise<SessionRecord | null>): Promise<UserRow | null>;
  /** Drops one session now (its sign-out in this process). */
  forget(sessionId: string): void;
  /** Drops everything now. */
  clear(): void;
  readonly size: number;
}

export interface SessionRecord {
  user: UserRow;
  /** When the session itself ends, in milliseconds since the epoch. */
  expiresAt: number;
}

export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  /** When this copy must be read again. */
  staleAt: number;
  expiresAt: number;
  user: UserRow;
}

export function createSessionCache(
  ttlMs = SESSION_CACHE_TTL_MS,
  now: () => number = Date.now,
  maxEntries = MAX_ENTRIES,
): SessionCache {
  const entries = new Map<string, Entry>();
  /** Lookups under way, shared by the requests that ask at the same time. */
  const pending = new Map<string, Promise<UserRow | null>>();
  /** Goes up on every drop: a lookup that started before one does not keep its answer. */
  let generation = 0;

  const drop = () => {
    generation += 1;
    entries.clear();
    pending.clear();
  };

  return {
    async user(sessionId, load) {
      if (ttlMs <= 0) return (await load())?.user ?? null;
      const hit = entries.get(sessionId);
      if (hit) {
        const at = now();
        if (at < hit.staleAt && at < hit.expiresAt) return hit.user;
        entries.delete(sessionId);
      }
      const under = pending.get(sessionId);
      if (under) return under;
      const started = generation;
      // load() runs now; a throw becomes a rejection like any failed read.
      const lookup = new Promise<SessionRecord | null>((resolve) => resolve(load()))
        .then((record) => {
          if (!record) return null;
          const at = now();
          if (generation === started && record.expiresAt > at) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(sessionId, { staleAt: at + ttlMs, expiresAt: record.expiresAt, user: record.user });
          }
          return record.user;
        })
        .finally(() => {
          if (pending.get(sessionId) === lookup) pending.delete(sessionId);
        });
      pending.set(sessionId, lookup);
      return lookup;
    },
    forget(sessionId) {
      generation += 1;
      entries.delete(sessionId);
      pending.delete(sessionId);
    },
    clear: drop,
    get size() {
      return entries.size;
    },
  };
}
