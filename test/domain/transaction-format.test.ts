import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dayText } from '../../src/domain/transaction-format';

const fresh = (culture: string, utc: boolean, iso: string) =>
  new Intl.DateTimeFormat(culture, { dateStyle: 'medium', ...(utc ? { timeZone: 'UTC' } : {}) }).format(new Date(iso));

/** dayText keeps one formatter per culture and reading: each answer is what a formatter made for that call writes. */
describe('dayText', () => {
  it('writes each culture in its own way, whichever culture came before', () => {
    const iso = '2024-03-05T12:00:00Z';
    const order = ['en-US', 'de-DE', 'en-US', 'fr-FR', 'de-DE', 'es-ES', 'en-GB', 'en-US'];
    const written = order.map((culture) => dayText(iso, culture, true));
    expect(written).toEqual(order.map((culture) => fresh(culture, true, iso)));
    expect(new Set(written).size).toBeGreaterThan(3);
  });

  it('reads a service day in UTC, and a moment in the local zone, each with its own formatter', () => {
    // Late on the 31st in New York is the 1st in UTC; asked in either order, each reading keeps its own day.
    const script = `import { dayText } from './src/domain/transaction-format.ts';
      const iso = '2024-03-31T23:30:00-04:00';
      console.log(JSON.stringify([dayText(iso, 'en-US', true), dayText(iso, 'en-US', false), dayText(iso, 'en-GB', false), dayText(iso, 'en-GB', true)]));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, TZ: 'America/New_York' },
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual(['Apr 1, 2024', 'Mar 31, 2024', '31 Mar 2024', '1 Apr 2024']);
  });

  it('stays right past the number of formatters it keeps', () => {
    const cultures = Intl.DateTimeFormat.supportedLocalesOf([
      'af',
      'ar',
      'bg',
      'bn',
      'ca',
      'cs',
      'da',
      'de',
      'el',
      'en',
      'es',
      'et',
      'fa',
      'fi',
      'fr',
      'he',
      'hi',
      'hr',
      'hu',
      'id',
      'it',
      'ja',
      'ko',
      'lt',
      'lv',
      'ms',
      'nb',
      'nl',
      'pl',
      'pt',
      'ro',
      'ru',
      'sk',
      'sl',
      'sr',
      'sv',
      'th',
      'tr',
      'uk',
      'vi',
      'zh',
    ]);
    const iso = '2023-11-20T08:00:00Z';
    for (const utc of [true, false])
      for (const culture of cultures) expect(dayText(iso, culture, utc)).toBe(fresh(culture, utc, iso));
    expect(dayText(iso, 'en-US', true)).toBe(fresh('en-US', true, iso));
  });

  it('refuses a culture the browser cannot name, as a formatter does', () => {
    expect(() => dayText('2024-01-01T00:00:00Z', 'not a tag', true)).toThrow(RangeError);
  });
});
