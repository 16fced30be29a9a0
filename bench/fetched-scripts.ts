import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { cookiesFor, type MeasuredPage } from './pages';

/** Lighthouse's mobile preset's screen: the fold the measured visit sees. */
const PHONE_VIEWPORT = { width: 412, height: 823 };
/** The visit ends once no script has been requested for this long… */
const QUIET_MS = 3_000;
/** …or at this limit, reported as not settled. */
const LIMIT_MS = 20_000;

export interface FetchedScriptsFigure {
  page: string;
  path: string;
  landedOn: string;
  /** The page's heading was drawn: the visit measured the page it names, not an error or a redirect. */
  headingDrawn: boolean;
  /** No script was requested in the last QUIET_MS before the visit ended. */
  settled: boolean;
  jsGzipKb: number;
  files: { file: string; gzipKb: number }[];
  /** Scripts the browser fetched that are not files of the build: the figure cannot account for them. */
  unaccounted: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Sums, once per file, the gzip size of every script the browser requested from the build under
 * `assetPrefix` (the path the build is served at). A script outside the build, or one the build
 * does not hold, is unaccounted for: the caller withholds the figure rather than undercount.
 */
export function sumFetchedScripts(urls: string[], assetPrefix: string, readBuildFile: (file: string) => Buffer | null) {
  const files: { file: string; gzipKb: number }[] = [];
  const unaccounted: string[] = [];
  let bytes = 0;
  for (const url of new Set(urls)) {
    const path = new URL(url).pathname;
    const content = path.startsWith(assetPrefix) ? readBuildFile(path.slice(assetPrefix.length)) : null;
    if (!content) {
      unaccounted.push(path);
      continue;
    }
    const gzip = gzipSync(content, { level: 9 }).length;
    bytes += gzip;
    files.push({ file: path.slice(assetPrefix.length), gzipKb: kb(gzip) });
  }
  return { jsGzipKb: kb(bytes), files, unaccounted };
}

/** Why a fetched-scripts figure cannot be judged, or undefined when it can. */
export function whyNotJudged(figure: FetchedScriptsFigure): string | undefined {
  if (figure.landedOn !== figure.path) return `LANDED ELSEWHERE: ${figure.landedOn}, not ${figure.path}`;
  if (!figure.headingDrawn) return 'the page drew no heading';
  if (figure.unaccounted.length > 0) return `scripts outside the build: ${figure.unaccounted.join(', ')}`;
  if (!figure.settled) return `still fetching scripts after ${LIMIT_MS / 1000} s`;
  return undefined;
}

export const readFrom = (distDir: string) => (file: string) => {
  try {
    return readFileSync(join(distDir, file));
  } catch {
    return null;
  }
};

/**
 * Opens the page on a phone-sized screen and touches nothing: every script the browser fetches
 * until the page has requested none for QUIET_MS is "JavaScript before interaction". Unlike the
 * manifest walk, this counts what the page loads on its own after start (texts, blocks below the
 * fold, widgets), so the walk cannot undercount unnoticed.
 */
export async function measureFetchedScripts(
  browser: Browser,
  base: string,
  page: MeasuredPage,
  cookie: string | null,
  distDir: string,
  assetPrefix: string,
  heading: string,
): Promise<FetchedScriptsFigure> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  try {
    await context.addCookies(cookiesFor(base, cookie));
    const tab = await context.newPage();
    const urls: string[] = [];
    let lastScriptAt = Date.now();
    tab.on('request', (request) => {
      if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js')) {
        urls.push(request.url());
        lastScriptAt = Date.now();
      }
    });
    const started = Date.now();
    await tab.goto(base + page.path, { waitUntil: 'load' });
    while (Date.now() - lastScriptAt < QUIET_MS && Date.now() - started < LIMIT_MS) await tab.waitForTimeout(250);
    const settled = Date.now() - lastScriptAt >= QUIET_MS;
    const url = new URL(tab.url());
    const headingDrawn = (await tab.getByRole('heading', { level: 1, name: heading }).count()) > 0;
    return {
      page: page.name,
      path: page.path,
      landedOn: url.pathname + url.search,
      headingDrawn,
      settled,
      ...sumFetchedScripts(urls, assetPrefix, readFrom(distDir)),
    };
  } finally {
    await context.close();
  }
}
