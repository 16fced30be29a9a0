import type { Browser } from 'playwright-core';

/** The pages the browser measurements open, and who is signed in when they do. */
export interface MeasuredPage {
  name: string;
  path: string;
  /** Demo persona signed in for the visit; null for a guest. */
  persona: string | null;
  /** Measured on the server as shoppers get it (no demo mode), where a guest's sell page is drawn at rest; else in demo mode, where personas sign in. */
  asShopper?: boolean;
}

export const LIGHTHOUSE_PAGES: MeasuredPage[] = [
  { name: 'sell page', path: '/payment/pricing', persona: null, asShopper: true },
  // new-us is only looked at: the bench never pays. The plan in the address opens checkout itself.
  { name: 'checkout', path: '/payment/checkout?skuid=102', persona: 'new-us' },
  { name: 'cancellation survey', path: '/payment/cancellation/survey', persona: 'active-us' },
  { name: 'logged-out cancellation request', path: '/payment/cancellation/request', persona: null },
  { name: 'billing history', path: '/payment/transactions', persona: 'active-us' },
  // The analysts' page, its own entry of the build: judged on its first view with the desktop preset.
  { name: 'flow explorer', path: '/flows', persona: null },
];

/** The floor app's page (bench/floor-app.ts), served by the reference server: the page every figure is divided by. */
export const FLOOR_PAGE: MeasuredPage = { name: 'floor app', path: '/floor/', persona: null };

/** True when the visit ended on the page it names (a redirect elsewhere means another page was measured). */
export const landedOnPage = (page: MeasuredPage, landedOn: string) => landedOn === page.path;

/** The shell's placeholder for a route a later release fills in (ComingSoonPage). */
export const COMING_SOON_MARKER = 'main [data-testid="page-coming-soon"]';

export type PageState = 'built' | 'not built yet' | 'unknown';

export interface PageProbe {
  state: PageState;
  /** Path and query the visit ended on (the app may redirect). */
  landedOn: string;
}

/** Cookies as a Cookie header (`a=1; b=2`), as Playwright cookies for the app's origin. */
export const cookiesFor = (base: string, cookie: string | null) =>
  (cookie ? cookie.split('; ') : []).map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), url: base };
  });

/**
 * Opens the page as the measurements do and tells whether its main content is the
 * coming-soon placeholder, so figures for an unbuilt page are not read as the real page's.
 */
export async function probePage(
  browser: Browser,
  base: string,
  page: MeasuredPage,
  cookie: string | null,
): Promise<PageProbe> {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookiesFor(base, cookie));
    const tab = await context.newPage();
    await tab.goto(base + page.path, { waitUntil: 'load' });
    const landed = () => new URL(tab.url()).pathname + new URL(tab.url()).search;
    try {
      await tab.locator(`main h1, ${COMING_SOON_MARKER}`).first().waitFor({ timeout: 15_000 });
    } catch {
      return { state: 'unknown', landedOn: landed() };
    }
    const comingSoon = (await tab.locator(COMING_SOON_MARKER).count()) > 0;
    return { state: comingSoon ? 'not built yet' : 'built', landedOn: landed() };
  } finally {
    await context.close();
  }
}
