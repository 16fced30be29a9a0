import { describeFailure, isDatabaseUnavailable } from './unavailable';

export interface RetryOptions {
  /** How long to keep trying after the first attempt; 0 tries once. */
  waitMs: number;
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 5_000;

/**
 * Calls `open` until it succeeds, fails for any reason other than an unreachable database, or
 * the next attempt would start after `waitMs`; then the last error is thrown. Each retry is
 * logged in one line. The delay doubles from half a second up to five seconds.
 */
export async function retryWhileUnavailable<T>(open: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { waitMs, log, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = Date.now } = options;
  const deadline = now() + waitMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await open();
    } catch (error) {
      const delay = Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), LONGEST_DELAY_MS);
      if (!isDatabaseUnavailable(error) || now() + delay > deadline) throw error;
      log(
        `database unreachable at start-up (attempt ${attempt}: ${error.reason}); trying again in ${(delay / 1000).toFixed(1)}s`,
      );
      await sleep(delay);
    }
  }
}

/**
 * The one line to print when the database stops start-up: unreachable, or refusing (a wrong
 * password, a missing database, a failed migration). Anything else is a bug, whose stack
 * matters: null.
 */
export function startupFailure(error: unknown, databaseUrl: string | undefined): string | null {
  const where = databaseUrl ? `the database at ${hostOf(databaseUrl)}` : 'the embedded database';
  if (isDatabaseUnavailable(error))
    return `Cannot start: ${where} cannot be reached (${error.reason}). Check DATABASE_URL and that PostgreSQL is running.`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
    return `Cannot start: ${where} answered with an error (${describeFailure(error)}).`;
  return null;
}

/** Host and port only: the URL's user name and password stay out of the log. */
function hostOf(databaseUrl: string): string {
  try {
    return new URL(databaseUrl).host || 'DATABASE_URL';
  } catch {
    return 'DATABASE_URL';
  }
}
