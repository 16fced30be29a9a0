import type { Context } from 'hono';

/**
 * Remote configuration and the catalogue change rarely and are read on every page: answers
 * are kept for a short while per server process. `fromcache=FALSE` on the request reads the
 * database afresh (spec §2), and refreshes what is kept.
 */
export interface ReadCache {
  read<T>(key: string, load: () => Promise<T>, options?: { fresh?: boolean }): Promise<T>;
  clear(): void;
}

export const READ_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;

export function createReadCache(ttlMs = READ_CACHE_TTL_MS, now: () => number = Date.now): ReadCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    async read<T>(key: string, load: () => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
      const hit = entries.get(key);
      if (hit && !options.fresh && hit.expires > now()) return hit.value as Promise<T>;
      const value = load();
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: now() + ttlMs, value });
      // A failed read is not kept: the next request tries again.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}

/** `fromcache=FALSE` (any case) asks for a fresh read. */
export const wantsFreshRead = (c: Context): boolean => c.req.query('fromcache')?.trim().toUpperCase() === 'FALSE';
