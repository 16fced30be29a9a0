import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { retryWhileUnavailable, startupFailure } from '../../server/db/startup';
import { DatabaseUnavailableError } from '../../server/db/unavailable';

/** An error as node-postgres makes it from the server's ErrorResponse. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('start-up against an unreachable database', () => {
  const unreachable = () => new DatabaseUnavailableError('connect ECONNREFUSED 127.0.0.1:5432');

  function clock() {
    let now = 0;
    const slept: number[] = [];
    return { now: () => now, sleep: async (ms: number) => void (slept.push(ms), (now += ms)), slept };
  }

  it('tries again with a doubling delay, one log line per attempt, until the database answers', async () => {
    const time = clock();
    const lines: string[] = [];
    let attempts = 0;
    const opened = await retryWhileUnavailable(
      async () => {
        attempts += 1;
        if (attempts < 5) throw unreachable();
        return 'db';
      },
      { waitMs: 60_000, log: (line) => lines.push(line), ...time },
    );
    expect(opened).toBe('db');
    expect(time.slept).toEqual([500, 1_000, 2_000, 4_000]);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'database unreachable at start-up (attempt 1: connect ECONNREFUSED 127.0.0.1:5432); trying again in 0.5s',
    );
  });

  it('gives up with the last error once the next attempt would start after the wait', async () => {
    const time = clock();
    const lines: string[] = [];
    const opening = retryWhileUnavailable(() => Promise.reject(unreachable()), {
      waitMs: 20_000,
      log: (line) => lines.push(line),
      ...time,
    });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(time.slept).toEqual([500, 1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(time.now()).toBeLessThanOrEqual(20_000);
  });

  it('tries once when the wait is 0, and never retries a database that refuses for another reason', async () => {
    for (const [error, waitMs] of [
      [unreachable(), 0],
      [serverError('28P01', 'password authentication failed for user "app"'), 60_000],
    ] as const) {
      const time = clock();
      let attempts = 0;
      const opening = retryWhileUnavailable(
        async () => {
          attempts += 1;
          throw error;
        },
        { waitMs, log: () => undefined, ...time },
      );
      await expect(opening).rejects.toBe(error);
      expect(attempts).toBe(1);
    }
  });

  it('ends in one line that names the host but never the password, or none for a bug', () => {
    const url = 'postgres://app:s3cret@db.internal:5432/resume';
    expect(startupFailure(unreachable(), url)).toBe(
      'Cannot start: the database at db.internal:5432 cannot be reached (connect ECONNREFUSED 127.0.0.1:5432). Check DATABASE_URL and that PostgreSQL is running.',
    );
    const refused = startupFailure(serverError('28P01', 'password authentication failed for user "app"'), url);
    expect(refused).toBe(
      'Cannot start: the database at db.internal:5432 answered with an error (28P01 password authentication failed for user "app").',
    );
    for (const line of [startupFailure(unreachable(), url), refused]) expect(line).not.toContain('s3cret');
    expect(startupFailure(new TypeError('x is undefined'), url)).toBeNull();
  });
});
