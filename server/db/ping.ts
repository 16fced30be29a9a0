import type { Queryable } from './database';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Whether the database answers a trivial query within `timeoutMs`. For health checks: a load
 * balancer wants a quick no rather than the full connection and query timeouts. An error that is
 * not an outage (a fault of this process) is thrown, as from any other call.
 */
export async function databaseAnswers(db: Queryable, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLate = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answer = db.query('select 1').then(
    () => true,
    (error: unknown) => {
      if (isDatabaseUnavailable(error)) return false;
      throw error;
    },
  );
  try {
    return await Promise.race([answer, tooLate]);
  } finally {
    clearTimeout(timer);
    answer.catch(() => undefined); // a fault after the deadline is nobody's to report
  }
}
