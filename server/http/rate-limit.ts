import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Queryable } from '../db/database';
import type { AppEnv } from './env';
import { ApiError } from './errors';
import { isWithinLimit, secondsUntilAllowed } from './sliding-window';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export function clientKey(c: Context<AppEnv>): string {
  if (c.get('config').trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Counts a request in the database, so every server process shares the count, and judges it by
 * the sliding-window estimate (see sliding-window.ts). Refused requests count too, so a flood
 * keeps itself out.
 */
export async function hit(
  db: Queryable,
  bucket: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; retryAfter: number }> {
  const rows = await db.query<{ current_hits: number; previous_hits: number; elapsed_seconds: number }>(
    `with counted as (
       insert into rate_limits (bucket, window_start, hits)
       values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), 1)
       on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
       returning window_start, hits
     )
     select counted.hits as current_hits,
            coalesce((select previous.hits from rate_limits previous
                      where previous.bucket = $1 and previous.window_start = counted.window_start - make_interval(secs => $2)), 0) as previous_hits,
            extract(epoch from (now() - counted.window_start))::float8 as elapsed_seconds
     from counted`,
    [bucket, rule.windowSeconds],
  );
  const row = rows[0]!;
  const counts = {
    currentHits: row.current_hits,
    previousHits: row.previous_hits,
    elapsedSeconds: row.elapsed_seconds,
    windowSeconds: rule.windowSeconds,
  };
  return { allowed: isWithinLimit(counts, rule.limit), retryAfter: secondsUntilAllowed(counts, rule.limit) };
}

export async function enforceRateLimit(c: Context<AppEnv>, rule: RateLimitRule): Promise<void> {
  const result = await hit(c.get('db'), `${rule.name}:${clientKey(c)}`, rule);
  if (!result.allowed) {
    c.header('Retry-After', String(result.retryAfter));
    throw new ApiError(429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
  }
}

export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query(`delete from rate_limits where window_start < now() - interval '1 day'`);
}
