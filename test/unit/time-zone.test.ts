import { describe, expect, it } from 'vitest';
import { dayIn, knownTimeZone, timeZoneCookie, timeZoneFromCookies } from '../../src/domain/time-zone';

describe("the visitor's time zone", () => {
  it('is kept in a cookie the server reads back; an unknown or malformed zone reads as none', () => {
    const cookie = timeZoneCookie('America/Chicago');
    expect(cookie).toMatch(/^tz=America%2FChicago; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(timeZoneFromCookies(`a=1; ${cookie.split(';')[0]}`)).toBe('America/Chicago');
    expect(timeZoneFromCookies('tz=Mars%2FOlympus')).toBeNull();
    expect(timeZoneFromCookies('tz=%E0%A4%A')).toBeNull();
    expect(timeZoneFromCookies('')).toBeNull();
    expect(knownTimeZone('x'.repeat(65))).toBeNull();
  });

  it("gives the day it is in the zone, whatever this runtime's own zone", () => {
    const now = new Date('2026-11-27T00:30:00Z');
    const day = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate()];
    expect(day(dayIn('America/Chicago', now))).toEqual([2026, 11, 26]);
    expect(day(dayIn('UTC', now))).toEqual([2026, 11, 27]);
    expect(day(dayIn('Pacific/Kiritimati', new Date('2026-12-31T10:30:00Z')))).toEqual([2027, 1, 1]);
  });
});
