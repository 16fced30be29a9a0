import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { cookiesFor, type MeasuredPage } from './pages';
import { median, round } from './stats';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseRun {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  landedOn: string;
  error?: string;
}

export interface LighthouseFigures {
  preset: Preset;
  runs: LighthouseRun[];
  /** Per-figure medians over the runs that finished. */
  median: { score: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  /** Lighthouse's largest estimated savings on the run with the median score: where to look first. */
  opportunities: { title: string; savingsMs: number }[];
}

const PRESETS: Record<Preset, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

const numeric = (lhr: Result, audit: string, digits = 0) => {
  const value = lhr.audits[audit]?.numericValue;
  return typeof value === 'number' ? round(value, digits) : null;
};

const savingsOf = (audit: Result['audits'][string]) => (audit.details?.type === 'opportunity' ? (audit.details.overallSavingsMs ?? 0) : 0);

const opportunitiesOf = (lhr: Result) =>
  Object.values(lhr.audits)
    .filter((audit) => savingsOf(audit) > 0)
    .map((audit) => ({ title: audit.title, savingsMs: Math.round(savingsOf(audit)) }))
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 3);

/**
 * Puts cookies in the browser's own jar, as a browser that signed in has them. (A Cookie header
 * sent with every request instead is replaced by the jar's as soon as the page sets a cookie of
 * its own, and the visitor is a guest from then on.) Lighthouse keeps cookies between its runs.
 */
async function putCookies(port: number, base: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0]!.addCookies(cookiesFor(base, cookie));
  } finally {
    // Only disconnects: the browser was not launched from here.
    await browser.close();
  }
}

/**
 * Lighthouse's performance category on the page with the mobile (default) and desktop presets,
 * `runs` times each, in one headless Chromium. Signed-in pages get their cookies in its jar first.
 */
export async function measureLighthouse(chromePath: string, base: string, pages: { page: MeasuredPage; cookie: string | null }[], runs = 3) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const results: { page: MeasuredPage; presets: LighthouseFigures[] }[] = [];
    for (const { page, cookie } of pages) {
      if (cookie) await putCookies(chrome.port, base, cookie);
      const presets: LighthouseFigures[] = [];
      for (const preset of ['mobile', 'desktop'] as const) {
        const done: { run: LighthouseRun; lhr?: Result }[] = [];
        const finishedOnes = () => done.filter((d) => d.lhr && !d.run.error);
        // A run Lighthouse cannot finish (a lost trace, say) is retried, up to two extra attempts.
        while (finishedOnes().length < runs && done.length < runs + 2) {
          done.push(await runOnce(chrome.port, base + page.path, PRESETS[preset]));
        }
        const finished = finishedOnes().map((d) => d.run);
        const middle = (pick: (r: LighthouseRun) => number | null) => median(finished.map(pick).filter((v): v is number => v !== null));
        const score = middle((r) => r.score);
        const medianRun = finishedOnes().find((d) => d.run.score === score) ?? finishedOnes()[0];
        const figures: LighthouseFigures = {
          preset,
          runs: done.map((d) => d.run),
          median: { score: score === null ? null : round(score, 2), lcpMs: middle((r) => r.lcpMs), tbtMs: middle((r) => r.tbtMs), cls: middle((r) => r.cls) },
          opportunities: medianRun?.lhr ? opportunitiesOf(medianRun.lhr) : [],
        };
        const m = figures.median;
        console.log(`  ${page.path} ${preset}: score ${m.score}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls} (${finished.length}/${done.length} runs finished)`);
        presets.push(figures);
      }
      results.push({ page, presets });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

async function runOnce(port: number, url: string, config: Config | undefined): Promise<{ run: LighthouseRun; lhr?: Result }> {
  try {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableFullPageScreenshot: true },
      config,
    );
    if (!result) return { run: { score: null, lcpMs: null, tbtMs: null, cls: null, landedOn: '', error: 'no result' } };
    const { lhr } = result;
    const landed = new URL(lhr.finalDisplayedUrl);
    const run: LighthouseRun = {
      score: lhr.categories.performance?.score ?? null,
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift', 3),
      landedOn: landed.pathname + landed.search,
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    };
    return { run, lhr };
  } catch (error) {
    return { run: { score: null, lcpMs: null, tbtMs: null, cls: null, landedOn: '', error: String(error) } };
  }
}
