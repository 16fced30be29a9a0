import { chromium } from 'playwright-core';
import type { BenchApp } from './app-server';
import sellTexts from '../src/i18n/locales/en-US/funnel.json';
import {
  CLICKS_PER_INTERACTION,
  FLOOR_RADIO_CASE,
  INTERACTION_CASES,
  measureInteraction,
  type InteractionFigure,
} from './interaction';
import { INTERACTION_ROUNDS, pooledInteraction } from './interaction-rounds';
import { measureFetchedScripts, type FetchedScriptsFigure } from './fetched-scripts';
import { FLOOR_BASE, FLOOR_HEADING } from './floor-app';
import { measureLighthouse, type LighthouseFigures } from './lighthouse';
import { FLOOR_PAGE, LIGHTHOUSE_PAGES, landedOnPage, probePage, type MeasuredPage, type PageProbe } from './pages';

export interface LighthousePageFigures extends PageProbe {
  page: string;
  path: string;
  persona: string | null;
  presets: LighthouseFigures[];
  /** Every Lighthouse run ended on the page it names. */
  landed: boolean;
}

/**
 * Lighthouse's mobile TBT moves by hundreds of milliseconds from run to run on a small machine,
 * and a ratio of two such medians moves twice as much: with five rounds, two benches of the same
 * pages put the floor's median at 50 and 29 ms and checkout's at 50 and 80. Nine rounds.
 */
const LIGHTHOUSE_ROUNDS = 9;

const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The path the product's build is served at (vite.config.ts's base). */
const APP_ASSET_BASE = '/payment/';

/** The sell page's heading in the fallback culture: the visit that counts its scripts must draw it. */
const SELL_HEADING = (sellTexts as { sell: { title: string } }).sell.title;

/**
 * The scripts the floor's page and the sell page fetch before any interaction; Lighthouse on the
 * floor app's page and on each measured page (after telling built pages from placeholders, and
 * checking where each run landed); then click latency on the floor's bare radio and on the product's.
 */
export async function measureInBrowser(
  apps: { demo: BenchApp; shopper: BenchApp },
  referenceBase: string,
  chromePath: string,
  builds: { appDist: string; floorDist: string },
  lighthouseRuns = LIGHTHOUSE_ROUNDS,
  clicks = CLICKS_PER_INTERACTION,
  interactionRounds = INTERACTION_ROUNDS,
) {
  const app = apps.demo;
  const baseOf = (page: { asShopper?: boolean }) => (page.asShopper ? apps.shopper.base : app.base);
  const cookieOf = (page: MeasuredPage | { persona: string | null }) =>
    page.persona ? app.cookieFor(page.persona) : Promise.resolve(null);
  const browser = await chromium.launch({ executablePath: chromePath, args: BROWSER_ARGS });
  try {
    const visits = [
      { base: referenceBase, page: FLOOR_PAGE, cookie: null },
      ...(await Promise.all(
        LIGHTHOUSE_PAGES.map(async (page) => ({ base: baseOf(page), page, cookie: await cookieOf(page) })),
      )),
    ];
    const probes: PageProbe[] = [];
    for (const visit of visits) probes.push(await probePage(browser, visit.base, visit.page, visit.cookie));

    console.log('Scripts fetched before any interaction, phone-sized screen…');
    const sell = LIGHTHOUSE_PAGES.find((p) => p.name === 'sell page')!;
    const fetchedScripts: FetchedScriptsFigure[] = [
      await measureFetchedScripts(
        browser,
        referenceBase,
        FLOOR_PAGE,
        null,
        builds.floorDist,
        FLOOR_BASE,
        FLOOR_HEADING,
      ),
      await measureFetchedScripts(browser, baseOf(sell), sell, null, builds.appDist, APP_ASSET_BASE, SELL_HEADING),
    ];
    for (const f of fetchedScripts)
      console.log(
        `  ${f.page}: ${f.jsGzipKb} KB gzip in ${f.files.length} files${f.unaccounted.length ? `, ${f.unaccounted.length} unaccounted` : ''}`,
      );

    console.log(`Lighthouse, mobile and desktop presets, ${lighthouseRuns} rounds over every page…`);
    const measured = await measureLighthouse(chromePath, visits, lighthouseRuns);
    const lighthouse: LighthousePageFigures[] = visits.map((visit, i) => {
      const runs = measured[i]!.presets.flatMap((p) => p.runs.filter((r) => !r.error));
      const landed =
        probes[i]!.landedOn === visit.page.path &&
        runs.length > 0 &&
        runs.every((r) => landedOnPage(visit.page, r.landedOn));
      if (!landed)
        console.error(
          `  ✗ ${visit.page.name}: the runs landed on ${[...new Set(runs.map((r) => r.landedOn))].join(', ') || 'nothing'}, not ${visit.page.path}`,
        );
      return {
        page: visit.page.name,
        path: visit.page.path,
        persona: visit.page.persona,
        ...probes[i]!,
        presets: measured[i]!.presets,
        landed,
      };
    });

    console.log(
      `Interaction latency, ${interactionRounds} rounds of a visit with ${clicks} clicks per case, CPU 4× slower…`,
    );
    const cases = [
      [referenceBase, FLOOR_RADIO_CASE] as const,
      ...INTERACTION_CASES.map((c) => [baseOf(c), c] as const),
    ];
    const clickVisits: InteractionFigure[][] = cases.map(() => []);
    for (let round = 0; round < interactionRounds; round++)
      for (const [i, [base, item]] of cases.entries())
        clickVisits[i]!.push(await measureInteraction(browser, base, item, await cookieOf(item), clicks));
    const interactions = clickVisits.map(pooledInteraction);
    for (const figure of interactions)
      console.log(`  ${figure.name}: ${figure.state === 'measured' ? `${figure.medianMs} ms` : figure.state}`);
    return { lighthouse, interactions, fetchedScripts };
  } finally {
    await browser.close();
  }
}
