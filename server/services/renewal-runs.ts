/**
 * Runs the renewals on a timer while the server is up. A run that fails (the database away) is
 * logged and tried again at the next tick; runs never overlap in one process, and the run's own
 * row locks keep two processes from charging one period twice.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { renewDueSubscriptions } from './renewals';

export function startRenewalRuns(db: Database, everySeconds: number, log: Logger): { stop: () => Promise<void> } {
  if (!(everySeconds > 0)) return { stop: async () => {} };
  let current: Promise<void> | null = null;
  const run = async () => {
    try {
      const outcomes = await renewDueSubscriptions(db, new Date());
      for (const outcome of outcomes) log.info({ component: 'renewals', ...outcome }, `renewal ${outcome.outcome}`);
    } catch (error) {
      log.warn({ component: 'renewals', err: error }, 'the renewal run failed; it runs again at the next tick');
    }
  };
  const tick = () => {
    if (current) return;
    current = run().finally(() => {
      current = null;
    });
  };
  const timer = setInterval(tick, everySeconds * 1000);
  timer.unref();
  // Stopping also waits for a run under way: once stopped, nothing more is charged.
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
