import { buildCookie, readCookie, safeDecode } from './cookies';

/**
 * The visitor's time zone, which the app keeps in a cookie so the server can tell what day it is
 * for them. Before the app has run once in a browser the server does not know it, and so draws
 * nothing that depends on the visitor's day.
 */
export const TIME_ZONE_COOKIE = 'tz';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** An IANA time zone that this runtime knows, or null. */
export function knownTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneCookie = (zone: string): string =>
  buildCookie(TIME_ZONE_COOKIE, zone, { maxAgeSeconds: YEAR_SECONDS });

export function timeZoneFromCookies(cookieHeader: string | null | undefined): string | null {
  const raw = readCookie(cookieHeader, TIME_ZONE_COOKIE);
  return knownTimeZone(raw === null ? null : safeDecode(raw));
}

/** Noon, in this runtime's own zone, of the day it is in `zone` at `now`: for rules that read a Date's local day. */
export function dayIn(zone: string, now: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day), 12);
}
