import type { Browser, Locator, Page } from 'playwright-core';
import { FLOOR_RADIO_TEST_IDS } from './floor-app';
import { COMING_SOON_MARKER, FLOOR_PAGE, cookiesFor } from './pages';
import { median, round } from './stats';

export const CPU_SLOWDOWN = 4;
/** Clicks per visit (bench/interaction-rounds.ts pools several visits). */
export const CLICKS_PER_INTERACTION = 8;
const PLAN_TIERS = ['limitedAccess', 'fullAccess', 'annualAccess'] as const;

export interface InteractionFigure {
  name: string;
  path: string;
  persona: string | null;
  state: 'measured' | 'not built yet' | 'failed';
  /** Median click-to-next-paint over the clicks (ms); null unless measured. */
  medianMs: number | null;
  samplesMs: number[];
  /** How each sample was taken: Event Timing (the browser's own figure) or the frame fallback. */
  methods: { eventTiming: number; nextFrame: number };
  targets: string[];
  /**
   * On a page the server drew at rest: the first tap on an option, which the browser answers
   * natively before the app has come (click to next paint, ms), and how long after it the app had
   * taken the page over (ms), both at the same CPU slowdown. The median above is timed after that.
   */
  firstTouch?: { ms: number; method: Sample['method']; takeoverMs: number };
  note?: string;
}

interface Sample {
  ms: number;
  method: 'eventTiming' | 'nextFrame';
}

/**
 * Installed before the app loads. Event Timing gives, per interaction, the time from the input
 * to the next paint after its handlers ran; it only reports events of 16 ms or more, so each
 * click also gets a fallback: from the click's timestamp to a task queued after the next frame.
 */
const INSTRUMENT = `(() => {
  const bench = (window.__bench = { interactions: {}, frames: [] });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        bench.interactions[entry.interactionId] = Math.max(bench.interactions[entry.interactionId] ?? 0, entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    bench.eventTiming = true;
  } catch {
    bench.eventTiming = false;
  }
  addEventListener('click', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => bench.frames.push(performance.now() - start), 0));
  }, true);
})();`;

type BenchWindow = { __bench: { interactions: Record<string, number>; frames: number[]; eventTiming: boolean } };

/** Runs `work` with the page's CPU slowed down. */
async function slowedDown<T>(page: Page, work: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    return await work();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
  }
}

/** A page the server drew whole, whose app starts on the visitor's first touch (src/page-at-rest.ts). */
const AT_REST_MARK = '#page-at-rest';
/** The app removes the page's at-rest script once it has taken the page over. */
const APP_HAS_TAKEN_OVER = () => document.getElementById('page-at-rest') === null;

/** The first tap on a page at rest, timed to its next paint, and the wait from it until the app has taken the page over. */
async function timeFirstTouch(
  page: Page,
  target: { label: string; locator: Locator },
): Promise<NonNullable<InteractionFigure['firstTouch']>> {
  return slowedDown(page, async () => {
    const started = Date.now();
    const [sample] = await timeClicks(page, [target], 1);
    await page.waitForFunction(APP_HAS_TAKEN_OVER, null, { timeout: 60_000, polling: 50 });
    return { ms: sample!.ms, method: sample!.method, takeoverMs: Date.now() - started };
  });
}

/** Clicks `targets` in turn and times each click to the next paint (the caller slows the CPU down). */
async function timeClicks(
  page: Page,
  targets: { label: string; locator: Locator }[],
  clicks: number,
): Promise<Sample[]> {
  const startPath = new URL(page.url()).pathname;
  const samples: Sample[] = [];
  for (let i = 0; i < clicks; i++) {
    const before = await page.evaluate(() => {
      const bench = (window as unknown as BenchWindow).__bench;
      return { interactions: Object.keys(bench.interactions), frames: bench.frames.length };
    });
    await targets[i % targets.length]!.locator.click();
    // The frame fallback always arrives; Event Timing entries come after the paint, when at least 16 ms.
    await page.waitForFunction(
      (count) => (window as unknown as BenchWindow).__bench.frames.length > count,
      before.frames,
    );
    await page.waitForTimeout(300);
    const after = await page.evaluate(() => (window as unknown as BenchWindow).__bench);
    if (new URL(page.url()).pathname !== startPath)
      throw new Error(`the click on ${targets[i % targets.length]!.label} left the page for ${page.url()}`);
    const fresh = Object.keys(after.interactions).filter((id) => !before.interactions.includes(id));
    const eventTiming = fresh.length > 0 ? Math.max(...fresh.map((id) => after.interactions[id]!)) : null;
    samples.push(
      eventTiming !== null
        ? { ms: eventTiming, method: 'eventTiming' }
        : { ms: after.frames.at(-1)!, method: 'nextFrame' },
    );
  }
  return samples;
}

/** Starts the cycle on an option that is not already chosen, so every click changes the selection. */
async function unselectedFirst(targets: { label: string; locator: Locator }[]) {
  const chosen = await Promise.all(
    targets.map(async ({ locator }) => {
      const states = await locator.evaluate((el) => [
        el.getAttribute('aria-checked'),
        el.getAttribute('aria-pressed'),
        el.getAttribute('aria-selected'),
        el.getAttribute('data-selected'),
        (el as HTMLInputElement).checked === true ? 'true' : null,
      ]);
      return states.includes('true');
    }),
  );
  const start = chosen.findIndex((c) => !c);
  return start <= 0 ? targets : [...targets.slice(start), ...targets.slice(0, start)];
}

/** The element a person clicks for a radio: its label when the radio input itself is visually hidden. */
async function clickableRadio(radio: Locator): Promise<Locator> {
  const label = radio.locator('xpath=ancestor::label[1]');
  return (await label.count()) > 0 ? label : radio;
}

export interface InteractionCase {
  name: string;
  path: string;
  persona: string | null;
  /** Clicked on the server as shoppers get it (bench/pages.ts). */
  asShopper?: boolean;
  /** The options to click, or null when the page does not have them (not built yet). */
  findTargets: (page: Page) => Promise<{ label: string; locator: Locator }[] | null>;
}

export const INTERACTION_CASES: InteractionCase[] = [
  {
    name: 'plan selection on the sell page',
    path: '/payment/pricing',
    persona: null,
    asShopper: true,
    findTargets: async (page) => {
      const present = [];
      for (const tier of PLAN_TIERS) {
        const locator = page.locator(`[data-testid="plan-option-${tier}"]`).first();
        if ((await locator.count()) > 0 && (await locator.isVisible())) present.push({ label: tier, locator });
      }
      return present.length >= 2 ? present : null;
    },
  },
  {
    name: 'reason selection on the cancellation survey',
    path: '/payment/cancellation/survey',
    persona: 'active-us',
    findTargets: async (page) => {
      const radios = page.getByRole('radiogroup').first().getByRole('radio');
      const count = Math.min(await radios.count(), 4);
      if (count < 2) return null;
      const targets = [];
      for (let i = 0; i < count; i++) {
        const radio = radios.nth(i);
        targets.push({
          label:
            (await radio.getAttribute('aria-label')) ??
            (await radio.evaluate((el) => el.closest('label')?.textContent ?? el.textContent ?? '')).trim(),
          locator: await clickableRadio(radio),
        });
      }
      return targets;
    },
  },
];

/** The reference: a bare react-aria radio in the floor app (served by the reference server). */
export const FLOOR_RADIO_CASE: InteractionCase = {
  name: 'bare react-aria radio (floor app)',
  path: FLOOR_PAGE.path,
  persona: null,
  findTargets: async (page) => {
    const targets = FLOOR_RADIO_TEST_IDS.map((id) => ({ label: id, locator: page.getByTestId(id) }));
    for (const target of targets) if ((await target.locator.count()) === 0) return null;
    return targets;
  },
};

/** Click-to-next-paint for one case: `clicks` clicks alternating over the options, CPU slowed 4×. */
export async function measureInteraction(
  browser: Browser,
  base: string,
  item: InteractionCase,
  cookie: string | null,
  clicks = CLICKS_PER_INTERACTION,
): Promise<InteractionFigure> {
  const figure: InteractionFigure = {
    name: item.name,
    path: item.path,
    persona: item.persona,
    state: 'failed',
    medianMs: null,
    samplesMs: [],
    methods: { eventTiming: 0, nextFrame: 0 },
    targets: [],
  };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(cookiesFor(base, cookie));
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    await page.goto(base + item.path, { waitUntil: 'load' });
    try {
      await page.locator(`main h1, ${COMING_SOON_MARKER}`).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    } catch {
      return { ...figure, note: `nothing rendered on ${page.url()}` };
    }
    const firstTargets = (await page.locator(COMING_SOON_MARKER).count()) > 0 ? null : await item.findTargets(page);
    if (!firstTargets)
      return {
        ...figure,
        state: 'not built yet',
        note: `the options to click are not on ${new URL(page.url()).pathname}`,
      };
    // A page at rest: its first tap, then the clicks once the app has taken over (they then compare with the floor's radio).
    const firstTouch =
      (await page.locator(AT_REST_MARK).count()) > 0
        ? await timeFirstTouch(page, (await unselectedFirst(firstTargets))[0]!)
        : undefined;
    if (firstTouch) await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const targets = firstTouch ? await item.findTargets(page) : firstTargets;
    if (!targets)
      return {
        ...figure,
        firstTouch,
        note: `the options to click were gone once the app had taken ${new URL(page.url()).pathname} over`,
      };
    const ordered = await unselectedFirst(targets);
    const samples = await slowedDown(page, () => timeClicks(page, ordered, clicks));
    const eventTimingSupported = await page.evaluate(() => (window as unknown as BenchWindow).__bench.eventTiming);
    return {
      ...figure,
      state: 'measured',
      medianMs: round(median(samples.map((s) => s.ms))!, 1),
      samplesMs: samples.map((s) => round(s.ms, 1)),
      methods: {
        eventTiming: samples.filter((s) => s.method === 'eventTiming').length,
        nextFrame: samples.filter((s) => s.method === 'nextFrame').length,
      },
      targets: ordered.map((t) => t.label),
      ...(firstTouch ? { firstTouch } : {}),
      ...(eventTimingSupported ? {} : { note: 'this Chromium does not report Event Timing: next-frame figures only' }),
    };
  } catch (error) {
    return { ...figure, note: String(error).split('\n')[0] };
  } finally {
    await context.close();
  }
}
