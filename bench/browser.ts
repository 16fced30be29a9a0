import { chromium } from 'playwright-core';
import type { BenchApp } from './app-server';
import { CLICKS_PER_INTERACTION, INTERACTION_CASES, measureInteraction, type InteractionFigure } from './interaction';
import { measureLighthouse, type LighthouseFigures } from './lighthouse';
import { LIGHTHOUSE_PAGES, probePage, type MeasuredPage, type PageProbe } from './pages';

export interface LighthousePageFigures extends PageProbe {
  page: string;
  path: string;
  persona: string | null;
  presets: LighthouseFigures[];
}

const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Lighthouse on each measured page (after telling built pages from placeholders), then click latency. */
export async function measureInBrowser(app: BenchApp, chromePath: string, lighthouseRuns = 3, clicks = CLICKS_PER_INTERACTION) {
  const cookieOf = (page: MeasuredPage | { persona: string | null }) => (page.persona ? app.cookieFor(page.persona) : Promise.resolve(null));
  const browser = await chromium.launch({ executablePath: chromePath, args: BROWSER_ARGS });
  try {
    const visits = await Promise.all(LIGHTHOUSE_PAGES.map(async (page) => ({ page, cookie: await cookieOf(page) })));
    const probes: PageProbe[] = [];
    for (const { page, cookie } of visits) probes.push(await probePage(browser, app.base, page, cookie));

    console.log(`Lighthouse, mobile and desktop presets, ${lighthouseRuns} runs each…`);
    const measured = await measureLighthouse(chromePath, app.base, visits, lighthouseRuns);
    const lighthouse: LighthousePageFigures[] = measured.map(({ page, presets }, i) => ({ page: page.name, path: page.path, persona: page.persona, ...probes[i]!, presets }));

    console.log(`Interaction latency, ${clicks} clicks each, CPU 4× slower…`);
    const interactions: InteractionFigure[] = [];
    for (const item of INTERACTION_CASES) {
      const figure = await measureInteraction(browser, app.base, item, await cookieOf(item), clicks);
      console.log(`  ${figure.name}: ${figure.state === 'measured' ? `${figure.medianMs} ms` : figure.state}`);
      interactions.push(figure);
    }
    return { lighthouse, interactions };
  } finally {
    await browser.close();
  }
}
