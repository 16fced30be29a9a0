import { describeFailure } from './unavailable';

export interface AvailabilityLog {
  /** A connection-class failure: logged if the database was thought to be up. */
  failed(error: unknown): void;
  /** The database answered (rows or an SQL error): logged if it was thought to be down. */
  answered(): void;
}

/**
 * One line when the database goes out of reach and one when it answers again, instead of a line
 * for every failed query and every pooled connection that drops during an outage.
 */
export function availabilityLog(log: (line: string) => void, now: () => number = Date.now): AvailabilityLog {
  let downSince: number | null = null;
  return {
    failed(error) {
      if (downSince !== null) return;
      downSince = now();
      log(`database unavailable: ${describeFailure(error)}`);
    },
    answered() {
      if (downSince === null) return;
      log(`database available again after ${((now() - downSince) / 1000).toFixed(1)}s`);
      downSince = null;
    },
  };
}
