import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Queryable } from '../db/database';
import type { AppEnv } from './env';
import { ApiError } from './errors';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export function clientKey(c: Context<AppEnv>): string {
  if (c.var.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Fixed-window counter kept in the database, so every server process shares it. */
export async function hit(db: Queryable, bucket: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfter: number }> {
  const rows = await db.query<{ hits: number; retry_after: number }>(
    `insert into rate_limits (bucket, window_start, hits)
     values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), 1)
     on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
     returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as retry_after`,
    [bucket, rule.windowSeconds],
  );
  const row = rows[0]!;
  return { allowed: row.hits <= rule.limit, retryAfter: Math.max(1, row.retry_after) };
}

export async function enforceRateLimit(c: Context<AppEnv>, rule: RateLimitRule): Promise<void> {
  const result = await hit(c.var.db, `${rule.name}:${clientKey(c)}`, rule);
  if (!result.allowed) {
    c.header('Retry-After', String(result.retryAfter));
    throw new ApiError(429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
  }
}

export async function pruneRateLimits(db: Queryable): Promise<void> {
  await db.query(`delete from rate_limits where window_start < now() - interval '1 day'`);
}
