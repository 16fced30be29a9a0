/**
 * Runs the renewals on a timer while the server is up. A run that fails (the database away) is
 * logged and tried again at the next tick; runs never overlap in one process, and the run's own
 * row locks keep two processes from charging one period twice.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { renewDueSubscriptions } from './renewals';

export function startRenewalRuns(db: Database, everySeconds: number, log: Logger): { stop: () => void } {
  if (!(everySeconds > 0)) return { stop: () => {} };
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const outcomes = await renewDueSubscriptions(db, new Date());
      for (const outcome of outcomes) log.info({ component: 'renewals', ...outcome }, `renewal ${outcome.outcome}`);
    } catch (error) {
      log.warn({ component: 'renewals', err: error }, 'the renewal run failed; it runs again at the next tick');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
