import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { cookiesFor, type MeasuredPage } from './pages';
import { median, round } from './stats';
import { traceFiguresOf, type TraceEvent, type TraceFigures } from './trace-figures';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseRun {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  landedOn: string;
  /** The run's own trace, counted (trace-figures.ts); null where the trace was lost. */
  trace?: TraceFigures | null;
  error?: string;
}

export interface LighthouseFigures {
  preset: Preset;
  runs: LighthouseRun[];
  /** Per-figure medians over the runs that finished. */
  median: { score: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  /** Per-figure medians of the runs' traces (trace-figures.ts): the work behind the TBT, counted. */
  traceMedian: TraceFigures | null;
  /** The fewest and most TBT over the runs that finished: how far one run's figure may stray from the median. */
  tbtRangeMs: [number, number] | null;
  /** Lighthouse's largest estimated savings on the run with the median score: where to look first. */
  opportunities: { title: string; savingsMs: number }[];
}

const PRESETS: Record<Preset, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

const numeric = (lhr: Result, audit: string, digits = 0) => {
  const value = lhr.audits[audit]?.numericValue;
  return typeof value === 'number' ? round(value, digits) : null;
};

const savingsOf = (audit: Result['audits'][string]) =>
  audit.details?.type === 'opportunity' ? (audit.details.overallSavingsMs ?? 0) : 0;

const opportunitiesOf = (lhr: Result) =>
  Object.values(lhr.audits)
    .filter((audit) => savingsOf(audit) > 0)
    .map((audit) => ({ title: audit.title, savingsMs: Math.round(savingsOf(audit)) }))
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .slice(0, 3);

/**
 * Leaves exactly the visit's cookies in the browser's own jar, as a browser that signed in (or
 * never did) has them. (A Cookie header sent with every request instead is replaced by the jar's as
 * soon as the page sets a cookie of its own, and the visitor is a guest from then on.)
 */
async function setCookies(port: number, base: string, cookie: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    if (cookie) await context.addCookies(cookiesFor(base, cookie));
  } finally {
    // Only disconnects: the browser was not launched from here.
    await browser.close();
  }
}

export interface LighthouseVisit {
  base: string;
  page: MeasuredPage;
  cookie: string | null;
}

/**
 * Scrollbars hidden, as Playwright's headless browser has them for the click measurements. With
 * the mobile preset's overlay scrollbars, Chromium flashes the scrollbar of a page taller than the
 * screen once it has loaded: twenty frames of fade, each rastered in software and captured by
 * Lighthouse as a screenshot, while the page's own tasks run. The floor's page fits one screen, so
 * only the app's pages paid for it: the logged-out form's load drew 23 frames and checkout's 27 or
 * 28 against the floor's 3; with this flag, 3 and 7 to 9. It is the browser's scrollbar, not the
 * page's work.
 */
const SCROLLBARS_HIDDEN = ['--hide-scrollbars'];

/** A run Lighthouse cannot finish (a lost trace, say) is tried again, up to this many extra attempts per page and preset. */
const EXTRA_ATTEMPTS = 2;

/** Per-figure medians over the runs that finished, and where to look first on the run with the median score. */
export function summarizeRuns(preset: Preset, done: { run: LighthouseRun; lhr?: Result }[]): LighthouseFigures {
  const finishedOnes = done.filter((d) => d.lhr && !d.run.error);
  const finished = finishedOnes.map((d) => d.run);
  const middle = (pick: (r: LighthouseRun) => number | null) =>
    median(finished.map(pick).filter((v): v is number => v !== null));
  const score = middle((r) => r.score);
  const tbts = finished.map((r) => r.tbtMs).filter((v): v is number => v !== null);
  const medianRun = finishedOnes.find((d) => d.run.score === score) ?? finishedOnes[0];
  return {
    preset,
    runs: done.map((d) => d.run),
    median: {
      score: score === null ? null : round(score, 2),
      lcpMs: middle((r) => r.lcpMs),
      tbtMs: middle((r) => r.tbtMs),
      cls: middle((r) => r.cls),
    },
    traceMedian: traceMedianOf(finished),
    tbtRangeMs: tbts.length > 0 ? [Math.min(...tbts), Math.max(...tbts)] : null,
    opportunities: medianRun?.lhr ? opportunitiesOf(medianRun.lhr) : [],
  };
}

function traceMedianOf(runs: LighthouseRun[]): TraceFigures | null {
  const traces = runs.map((r) => r.trace).filter((t): t is TraceFigures => Boolean(t));
  if (traces.length === 0) return null;
  const middle = (pick: (t: TraceFigures) => number) => median(traces.map(pick))!;
  return {
    mainThreadMs: middle((t) => t.mainThreadMs),
    mainThreadWallMs: middle((t) => t.mainThreadWallMs),
    blockingByThreadTimeMs: middle((t) => t.blockingByThreadTimeMs),
    framesDrawn: middle((t) => t.framesDrawn),
    requests: middle((t) => t.requests),
  };
}

/**
 * Lighthouse's performance category on each page with the mobile (default) and desktop presets,
 * `runs` times each, in one headless Chromium. The runs go in rounds: each round visits every page
 * once, the floor's page among them, so a slow spell of the machine falls on the pages and on the
 * reference they are divided by alike, rather than on one page's runs.
 */
export async function measureLighthouse(chromePath: string, visits: LighthouseVisit[], runs: number) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...SCROLLBARS_HIDDEN],
  });
  try {
    const presets = ['mobile', 'desktop'] as const;
    const done = visits.map(() => ({
      mobile: [] as { run: LighthouseRun; lhr?: Result }[],
      desktop: [] as { run: LighthouseRun; lhr?: Result }[],
    }));
    for (let round = 0; round < runs; round += 1) {
      for (const [i, visit] of visits.entries()) {
        for (const preset of presets) {
          const attempts = done[i]![preset];
          const failures = () => attempts.filter((d) => !d.lhr || d.run.error).length;
          for (;;) {
            await setCookies(chrome.port, visit.base, visit.cookie);
            const attempt = await runOnce(chrome.port, visit.base + visit.page.path, PRESETS[preset]);
            attempts.push(attempt);
            if ((attempt.lhr && !attempt.run.error) || failures() > EXTRA_ATTEMPTS) break;
          }
        }
      }
    }
    return visits.map((visit, i) => {
      const figures = presets.map((preset) => summarizeRuns(preset, done[i]![preset]));
      for (const f of figures) {
        const m = f.median;
        const ok = f.runs.filter((r) => !r.error).length;
        console.log(
          `  ${visit.page.path} ${f.preset}: score ${m.score}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls} (${ok}/${f.runs.length} runs finished)`,
        );
      }
      return { page: visit.page, presets: figures };
    });
  } finally {
    chrome.kill();
  }
}

async function runOnce(
  port: number,
  url: string,
  config: Config | undefined,
): Promise<{ run: LighthouseRun; lhr?: Result }> {
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
      trace: traceFiguresOf((result.artifacts.Trace?.traceEvents ?? []) as TraceEvent[]),
      ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    };
    return { run, lhr };
  } catch (error) {
    return { run: { score: null, lcpMs: null, tbtMs: null, cls: null, landedOn: '', error: String(error) } };
  }
}
