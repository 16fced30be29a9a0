import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { Context } from 'hono';
import type { AppEnv } from './env';
import type { LogLevel } from './log-level';
import { redactPersonalData } from './log-redaction';

/** Receives each log line, one JSON object without its line break. */
export type LogSink = (line: string) => void;

/**
 * The server's log: one JSON object per line (pino), so no byte a client sends can start a line
 * of its own. Fields that can carry what a client typed (paths, error messages) are masked by
 * redactPersonalData before they are logged; query strings, headers and bodies never are.
 */
export function createLogger(sink: LogSink | undefined, level: LogLevel = 'info'): Logger {
  if (!sink || level === 'silent') return pino({ enabled: false });
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) },
  );
}

const REQUEST_ID_BYTES = 9;
/** Random bytes for this many ids are drawn at once: one draw per request was a measurable share of a payment's time. */
const IDS_PER_DRAW = 512;
let idBytes = Buffer.alloc(0);
let idAt = 0;

/** 12 characters of base64url: short to quote, and nothing like an id the redaction masks. */
export const newRequestId = (): string => {
  if (idAt + REQUEST_ID_BYTES > idBytes.length) {
    idBytes = randomBytes(REQUEST_ID_BYTES * IDS_PER_DRAW);
    idAt = 0;
  }
  const id = idBytes.toString('base64url', idAt, idAt + REQUEST_ID_BYTES);
  idAt += REQUEST_ID_BYTES;
  return id;
};

/**
 * Masks a client's text for the log, cut to `max` characters first: the masking patterns look
 * around each character, and a client chooses how long its path is.
 */
function masked(text: string, max: number): string {
  return text.length > max
    ? `${redactPersonalData(text.slice(0, max))}…(${text.length} characters)`
    : redactPersonalData(text);
}

/** What an unexpected error looks like in the log: its kind and masked message and stack. */
export function describeError(error: unknown): { type: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: masked(String(error), 2000) };
  return {
    type: error.name,
    message: masked(error.message, 2000),
    ...(error.stack ? { stack: masked(error.stack, 4000) } : {}),
  };
}

export const redactPath = (path: string) => masked(path, 512);

/** What every log line about a request names: its id, method and masked path (never its query). */
export const requestFields = (c: Context<AppEnv>) => ({
  reqId: c.get('requestId'),
  method: c.req.method,
  path: redactPath(c.req.path),
});
