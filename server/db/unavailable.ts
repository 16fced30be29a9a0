/**
 * The database could not be reached, dropped the connection or did not answer in time. The
 * request itself was fine: sent again once the database is back, it may well succeed.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';

  constructor(
    /** One line for the log: what the driver said, without a stack. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The database is unavailable (${reason}).`, options);
  }
}

export function isDatabaseUnavailable(error: unknown): error is DatabaseUnavailableError {
  return error instanceof DatabaseUnavailableError;
}

/** Socket errors: nothing listens, the route is gone, the peer hung up or went silent. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, coming up, full or too slow (besides class 08,
 * connection exception): admin_shutdown, crash_shutdown, cannot_connect_now,
 * too_many_connections, and query_canceled, which is how statement_timeout ends a query.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** node-postgres's own words for a lost connection or a timeout; these errors carry no code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout expired$/, // connectionTimeoutMillis while connecting
  /^timeout exceeded when trying to connect$/, // connectionTimeoutMillis while waiting for a pooled client
  /^Query read timeout$/, // query_timeout
  /is not queryable$/, // a client whose connection already failed
];

/** Whether `error` means the database is out of reach rather than that the statement was wrong. */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (code === undefined && DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Connecting to a name with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.some((inner) => isConnectionFailure(inner, depth + 1)))
    return true;
  return isConnectionFailure(error.cause, depth + 1);
}

/** The driver's error as one short log line: its code and message, never a stack. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const code = (error as { code?: unknown }).code;
  const message =
    error.message ||
    (error instanceof AggregateError ? error.errors.map((e) => describeFailure(e)).join('; ') : error.name);
  const line = typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
  return line.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** A connection-class failure becomes a DatabaseUnavailableError; any other error is kept as it is. */
export function asUnavailable(error: unknown): unknown {
  if (isDatabaseUnavailable(error) || !isConnectionFailure(error)) return error;
  return new DatabaseUnavailableError(describeFailure(error), { cause: error });
}
