import { describe, expect, it } from 'vitest';
import { sumFetchedScripts, whyNotJudged, type FetchedScriptsFigure } from '../../bench/fetched-scripts';

const build: Record<string, Buffer> = {
  'assets/app.js': Buffer.from('const app = 1;'.repeat(400)),
  'assets/page.js': Buffer.from('export const page = () => 2;'.repeat(100)),
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
    const twice = sumFetchedScripts(['http://127.0.0.1:1/payment/assets/app.js', 'http://127.0.0.1:1/payment/assets/app.js', 'http://127.0.0.1:1/payment/assets/page.js'], '/payment/', read);
    expect(once.files.map((f) => f.file)).toEqual(['assets/app.js']);
    expect(twice.files.map((f) => f.file)).toEqual(['assets/app.js', 'assets/page.js']);
    expect(once.jsGzipKb).toBeGreaterThan(0);
    expect(twice.jsGzipKb).toBeGreaterThan(once.jsGzipKb);
    expect(twice.unaccounted).toEqual([]);
  });

  it('leaves a script it cannot find in the build unaccounted, never counted as nothing', () => {
    const result = sumFetchedScripts(['http://127.0.0.1:1/payment/assets/app.js', 'http://127.0.0.1:1/payment/assets/gone.js', 'http://127.0.0.1:1/elsewhere/x.js'], '/payment/', read);
    expect(result.unaccounted).toEqual(['/payment/assets/gone.js', '/elsewhere/x.js']);
    expect(whyNotJudged(figure({ unaccounted: result.unaccounted }))).toMatch(/outside the build/);
  });

  it('judges only a visit that ended on its page, drew its heading and stopped fetching', () => {
    expect(whyNotJudged(figure())).toBeUndefined();
    expect(whyNotJudged(figure({ landedOn: '/payment/checkout' }))).toBe('LANDED ELSEWHERE: /payment/checkout, not /payment/pricing');
    expect(whyNotJudged(figure({ headingDrawn: false }))).toBe('the page drew no heading');
    expect(whyNotJudged(figure({ settled: false }))).toMatch(/still fetching/);
  });
});
