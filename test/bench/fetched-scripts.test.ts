import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sumFetchedScripts, whyNotJudged, type FetchedScriptsFigure } from '../../bench/fetched-scripts';

const build: Record<string, Buffer> = {
  // Random bytes hardly compress, so each file weighs several KB.
  'assets/app.js': randomBytes(6_000),
  'assets/page.js': randomBytes(3_000),
};
const read = (file: string) => build[file] ?? null;

const figure = (overrides: Partial<FetchedScriptsFigure> = {}): FetchedScriptsFigure => ({
  page: 'sell page',
  path: '/payment/pricing',
  landedOn: '/payment/pricing',
  headingDrawn: true,
  settled: true,
  jsGzipKb: 100,
  files: [],
  unaccounted: [],
  ...overrides,
});

describe('the scripts a page fetched before any interaction', () => {
  it('counts each file of the build once, however often it was requested', () => {
    const once = sumFetchedScripts(['http://127.0.0.1:1/payment/assets/app.js'], '/payment/', read);
    const twice = sumFetchedScripts(
      [
        'http://127.0.0.1:1/payment/assets/app.js',
        'http://127.0.0.1:1/payment/assets/app.js',
        'http://127.0.0.1:1/payment/assets/page.js',
      ],
      '/payment/',
      read,
    );
    expect(once.files.map((f) => f.file)).toEqual(['assets/app.js']);
    expect(twice.files.map((f) => f.file)).toEqual(['assets/app.js', 'assets/page.js']);
    const gzipKb = (...files: string[]) =>
      Math.round((files.reduce((sum, f) => sum + gzipSync(build[f]!, { level: 9 }).length, 0) / 1024) * 10) / 10;
    expect(once.jsGzipKb).toBe(gzipKb('assets/app.js'));
    expect(twice.jsGzipKb).toBe(gzipKb('assets/app.js', 'assets/page.js'));
    expect(twice.unaccounted).toEqual([]);
  });

  it('leaves a script it cannot find in the build unaccounted, never counted as nothing', () => {
    const result = sumFetchedScripts(
      [
        'http://127.0.0.1:1/payment/assets/app.js',
        'http://127.0.0.1:1/payment/assets/gone.js',
        'http://127.0.0.1:1/elsewhere/x.js',
      ],
      '/payment/',
      read,
    );
    expect(result.unaccounted).toEqual(['/payment/assets/gone.js', '/elsewhere/x.js']);
    expect(whyNotJudged(figure({ unaccounted: result.unaccounted }))).toMatch(/outside the build/);
  });

  it('judges only a visit that ended on its page, drew its heading and stopped fetching', () => {
    expect(whyNotJudged(figure())).toBeUndefined();
    expect(whyNotJudged(figure({ landedOn: '/payment/checkout' }))).toBe(
      'LANDED ELSEWHERE: /payment/checkout, not /payment/pricing',
    );
    expect(whyNotJudged(figure({ headingDrawn: false }))).toBe('the page drew no heading');
    expect(whyNotJudged(figure({ settled: false }))).toMatch(/still fetching/);
  });
});
