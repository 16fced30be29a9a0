/**
 * Cookie strings in and out, without touching `document`: callers pass `document.cookie`
 * (or a request's Cookie header) and write the returned string to `document.cookie`.
 */

const COOKIE_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** The raw (still encoded) value of the first cookie called `name`, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export interface CookieOptions {
  path?: string;
  /** Seconds; omitted means a session cookie, 0 or less deletes the cookie. */
  maxAgeSeconds?: number;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
  domain?: string;
}

/** `name=value; Path=/; SameSite=Lax`, with the value URL-encoded. */
export function buildCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!COOKIE_NAME.test(name)) throw new Error(`invalid cookie name: ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.secure || options.sameSite === 'None') parts.push('Secure');
  return parts.join('; ');
}

/** A cookie string that deletes `name`. */
export function expireCookie(name: string, options: Omit<CookieOptions, 'maxAgeSeconds'> = {}): string {
  return buildCookie(name, '', { ...options, maxAgeSeconds: 0 });
}

/** decodeURIComponent that answers null instead of throwing on a malformed escape. */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
