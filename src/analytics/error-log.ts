/**
 * The error-log body (§3 "Error log", POST log) for errors nobody caught. It never carries an
 * e-mail address or an account id: URLs lose their query string and fragment (a query may
 * hold `mailto` or an e-mail), and messages are scrubbed of e-mail addresses, the visitor's
 * account id, `accountid=…` pairs and long runs of digits.
 */
import type { ErrorLogBody } from '../api/schemas/events';

export interface ErrorLogContext {
  href: string;
  referrer: string;
  userUid: string;
  portalId: number | null;
  /** The signed-in visitor's account id, so it can be removed wherever it appears. */
  accountId: string | null;
  device: string;
}

export type UnhandledKind = 'error' | 'unhandledrejection';

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}|[A-Z0-9._%+-]+@\[[0-9.:a-f]+\]/gi;
const ACCOUNT_PAIR = /(account[\s_-]?id["']?\s*[=:]\s*["']?)[^\s&"',;]+/gi;
const LONG_NUMBER = /\b\d{6,}\b/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with e-mail addresses, the account id and long numbers replaced by markers. */
export function scrub(text: string, accountId: string | null = null): string {
  let out = text.replace(EMAIL, '[email]').replace(ACCOUNT_PAIR, '$1[account]');
  const id = accountId?.trim();
  if (id) out = out.replace(new RegExp(escapeRegExp(id), 'g'), '[account]');
  return out.replace(LONG_NUMBER, '[number]');
}

/** Origin and path only; '' for an empty or unparsable address. */
export function bareUrl(href: string): string {
  if (!href) return '';
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`;
  } catch {
    return href.split(/[?#]/)[0] ?? '';
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** What was thrown, as a type name and a message, whatever it was. */
export function describeThrown(thrown: unknown, fallbackMessage = 'Unknown error'): { name: string; message: string } {
  if (thrown instanceof Error) return { name: thrown.name || 'Error', message: thrown.message || fallbackMessage };
  if (typeof thrown === 'string') return { name: 'Error', message: thrown || fallbackMessage };
  if (thrown === undefined || thrown === null) return { name: 'Error', message: fallbackMessage };
  try {
    return { name: 'Error', message: JSON.stringify(thrown) ?? fallbackMessage };
  } catch {
    return { name: 'Error', message: String(thrown) };
  }
}

/** The log body for one uncaught error or rejected promise. */
export function buildErrorLogBody(
  kind: UnhandledKind,
  thrown: unknown,
  context: ErrorLogContext,
  fallbackMessage?: string,
): ErrorLogBody {
  const { name, message } = describeThrown(thrown, fallbackMessage);
  const body: ErrorLogBody = {
    CurrentURL: clip(bareUrl(context.href) || 'unknown', 2000),
    ErrorType: clip(kind === 'error' ? 'UnhandledError' : 'UnhandledRejection', 64),
    MethodName: clip(scrub(name, context.accountId) || 'unknown', 128),
    ErrorMessage: clip(scrub(message, context.accountId) || 'Unknown error', 4000),
    UserUID: context.userUid,
    Device: clip(context.device, 16),
  };
  const referrer = bareUrl(context.referrer);
  if (referrer) body.ReferrerURL = clip(referrer, 2000);
  if (context.portalId !== null && context.portalId > 0) body.PortalID = context.portalId;
  return body;
}

/**
 * Limits what one page load reports: the same message once, and at most `max` in all, so an
 * error in a render loop cannot flood the log.
 */
export function createErrorLogLimiter(max = 10) {
  const seen = new Set<string>();
  return (body: ErrorLogBody): boolean => {
    const key = `${body.ErrorType}|${body.MethodName}|${body.ErrorMessage}`;
    if (seen.has(key) || seen.size >= max) return false;
    seen.add(key);
    return true;
  };
}
