import type { Queryable } from './database';
import { withDeadline } from '../domain/deadline';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Whether the database answers a trivial query within `timeoutMs`. For health checks: a load
 * balancer wants a quick no rather than the full connection and query timeouts. An error that is
 * not an outage (a fault of this process) is thrown, as from any other call.
 */
export async function databaseAnswers(db: Queryable, timeoutMs: number): Promise<boolean> {
  const answer = db.query('select 1').then(
    () => true,
    (error: unknown) => {
      if (isDatabaseUnavailable(error)) return false;
      throw error;
    },
  );
  return withDeadline(answer, timeoutMs, () => false);
}
