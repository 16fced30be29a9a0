/**
 * The simulator and the browser agree: for each combination of persona, country, device,
 * experiment variations and query parameters, the simulator's pages (page codes, offers and
 * blocks) are what a real Chromium shows after "open it" signs a fresh copy of the persona in.
 *
 * It starts the real server on a free loopback port over the built front end (`dist/`, built
 * here when missing: run `npx vite build` after changing the front end) and drives headless
 * Chromium through each path.
 */
import { existsSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium, freePort, run, startServer, stopServer, waitForHttp } from '../../scripts/lib';
import type { SimulatedPage, SimulationInput, SimulationResult } from '../../src/api/schemas/flows-simulator';
import { pageCodeFor } from '../../src/routing/route-table';
import { seededDataDir } from '../support/seeded-data-dir';

const SELL_LAYOUT = 'e1000000-0000-4000-8000-000000000001';
const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const MIGRATION_A = 'e1000000-0000-4000-8000-000000000011';
const BUTTON_ORDER = 'e1000000-0000-4000-8000-000000000021';
const SCARCITY = 'e1000000-0000-4000-8000-000000000022';

/** At least 20 combinations: personas × countries × devices × variations × query parameters. */
export const COMBINATIONS: SimulationInput[] = [
  { persona: 'new-us', device: 'desktop' },
  { persona: 'new-us', device: 'mobile' },
  { persona: 'new-us', device: 'desktop', variations: { [SELL_LAYOUT]: 3 } },
  { persona: 'new-us', device: 'desktop', variations: { [SELL_LAYOUT]: 4, [SCARCITY]: 3 } },
  { persona: 'new-us', device: 'mobile', variations: { [SELL_LAYOUT]: 5 } },
  { persona: 'new-us', device: 'desktop', variations: { [SELL_LAYOUT]: 6 } },
  { persona: 'new-us', device: 'desktop', country: 'CA', variations: { [MIGRATION_A]: 3 } },
  { persona: 'new-us', device: 'desktop', query: { runtest: `${SELL_LAYOUT}:4` } },
  { persona: 'new-us', device: 'desktop', variations: { [SELL_LAYOUT]: 4 }, query: { disabletests: 'true' } },
  { persona: 'new-in', device: 'desktop' },
  { persona: 'new-in', device: 'mobile', country: 'US' },
  { persona: 'expired-us', device: 'desktop', query: { flow: 'x' } },
  { persona: 'guest', device: 'desktop', country: 'GB' },
  { persona: 'active-us', device: 'desktop' },
  { persona: 'active-us', device: 'desktop', variations: { [CANCEL_FLOW]: 2 } },
  { persona: 'active-us', device: 'desktop', variations: { [CANCEL_FLOW]: 3 } },
  { persona: 'active-us', device: 'mobile', variations: { [CANCEL_FLOW]: 4 } },
  { persona: 'active-us', device: 'desktop', variations: { [CANCEL_FLOW]: 4 }, query: { bypasscncrprefcheck: 'true' } },
  { persona: 'active-us', device: 'desktop', variations: { [BUTTON_ORDER]: 3 } },
  { persona: 'active-us', device: 'desktop', country: 'DE' },
  { persona: 'active-de', device: 'mobile', variations: { [CANCEL_FLOW]: 4 } },
  { persona: 'active-de', device: 'desktop', country: 'US', variations: { [CANCEL_FLOW]: 1 } },
  { persona: 'active-uk', device: 'desktop', variations: { [CANCEL_FLOW]: 4 } },
];

/** The element each simulated block or offer is drawn as. */
const SELL_TEST_IDS: Record<string, string> = {
  breadcrumb: 'funnel-breadcrumb',
  socialProof: 'social-proof',
  trustRating: 'trust-rating',
  liveActivity: 'live-activity',
  scarcityCountdown: 'scarcity-countdown',
  docThumbnail: 'document-thumbnail',
  paymentLogos: 'payment-logos',
  priceAnchor: 'price-anchor',
  moneyBack: 'money-back',
  efficacyBanner: 'efficacy',
  hiredBy: 'hired-by',
  testimonials: 'testimonial-carousel',
  appBlade: 'app-blade',
  disclaimers: 'disclaimers',
  services: 'service-section',
  showAnnual: 'show-annual',
  alreadySubscribed: 'already-subscribed',
};
const PLAN_TIERS = ['limitedAccess', 'fullAccess', 'annualAccess'];
const ENTRIES = ['cancel', 'pause', 'resume', 'changePaymentMethod', 'billingHistory', 'reactivate'];

const present = async (page: Page, testId: string) => (await page.getByTestId(testId).count()) > 0;
/** A page of the app by its page code; an address outside it (the dashboard) as the simulator names it. */
const codeHere = (page: Page) => {
  const { pathname } = new URL(page.url());
  return pathname.startsWith('/payment/') ? pageCodeFor(pathname) : 'OutsideApp';
};
const pathHere = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** What the browser shows on the sell page, in the simulator's words. */
async function seenOnSellPage(page: Page): Promise<Pick<SimulatedPage, 'pageCode' | 'offers' | 'blocks'>> {
  await page.getByTestId('page-sell').and(page.locator('[aria-busy="false"]')).waitFor();
  await Promise.race([page.getByTestId('already-subscribed').waitFor(), page.getByTestId('feature-list').waitFor()]);
  // The blocks below the plans come after the plans, the feature list first.
  if (!(await present(page, 'already-subscribed'))) {
    await page.getByTestId('money-back').or(page.getByTestId('feature-list')).first().waitFor();
    // They arrive one at a time (RevealInTurn), each box busy until its last one is in.
    await page.locator('.reveal-in-turn[aria-busy="true"]').first().waitFor({ state: 'detached' });
  }
  const blocks: string[] = [];
  for (const [block, testId] of Object.entries(SELL_TEST_IDS)) if (await present(page, testId)) blocks.push(block);
  const offers: string[] = [];
  for (const tier of PLAN_TIERS) if (await present(page, `plan-option-${tier}`)) offers.push(`plan:${tier}`);
  return { pageCode: codeHere(page), offers, blocks };
}

const sellBlocksOf = (simulated: SimulatedPage) => simulated.blocks.filter((b) => b in SELL_TEST_IDS);

describe('the flow simulator and the browser agree', () => {
  let server: ChildProcess;
  let base: string;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync('dist/index.html')) run('npx', ['vite', 'build', '--logLevel', 'warn']);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = seededDataDir('rp-simulator-');
    server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      RATE_LIMIT_FRESH_PERSONA: '1000',
    });
    const executablePath = ensureChromium();
    [browser] = await Promise.all([
      chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] }),
      waitForHttp(`${base}/api/health`, 90_000, server),
    ]);
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Checks one combination; answers a list of differences (empty when they agree). */
  async function differencesOf(input: SimulationInput): Promise<string[]> {
    const label = JSON.stringify(input);
    const simulated = (await (
      await fetch(`${base}/api/flows/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      })
    ).json()) as SimulationResult;
    const differences: string[] = [];
    const differ = (what: string, simulatedValue: unknown, seen: unknown) => {
      if (JSON.stringify(simulatedValue) !== JSON.stringify(seen))
        differences.push(
          `${label} ${what}: simulated ${JSON.stringify(simulatedValue)}, browser ${JSON.stringify(seen)}`,
        );
    };
    const mobile = input.device === 'mobile';
    const context = await browser.newContext({
      baseURL: base,
      locale: 'en-US',
      viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    });
    try {
      const opened = await context.request.post('/api/flows/simulate/open', { data: { ...input, path: 'purchase' } });
      expect(opened.status(), label).toBe(200);
      const { url } = (await opened.json()) as { url: string };
      const page = await context.newPage();

      // The purchase path: the sell page, then checkout.
      const [sell, checkout] = simulated.purchase;
      await page.goto(url);
      const seenSell = await seenOnSellPage(page);
      differ('sell page code', sell!.pageCode, seenSell.pageCode);
      differ('sell page blocks', sellBlocksOf(sell!), seenSell.blocks);
      differ('sell page plans', sell!.offers, seenSell.offers);
      if (checkout) {
        await page.getByTestId('continue-to-checkout').click();
        await page.waitForURL((u) => u.pathname !== new URL(url, base).pathname);
        differ('checkout page code', checkout.pageCode, codeHere(page));
        if (checkout.pageCode !== 'OutsideApp') differ('checkout address', checkout.path, pathHere(page));
        else differ('address after the plans', new URL(checkout.path, base).pathname, new URL(page.url()).pathname);
      }

      // The cancellation path: my settings, the pre-cancel page, then where "cancel" leads.
      const [settings, preCancel, after] = simulated.cancellation;
      if (settings) {
        await page.goto(settings.path);
        await page.getByTestId('account-entries').waitFor();
        differ('my settings page code', settings.pageCode, codeHere(page));
        differ(
          'my settings entries',
          settings.blocks,
          (
            await Promise.all(ENTRIES.map(async (e) => ((await present(page, `entry-${e}`)) ? `entry:${e}` : null)))
          ).filter(Boolean),
        );
        differ(
          'my settings offers',
          settings.offers,
          (await present(page, 'cancellation-reminder')) ? ['cancellationReminder'] : [],
        );
      }
      if (preCancel) {
        await page.getByTestId('entry-cancel').click();
        await page.getByTestId('page-cancellation-pre').and(page.locator('[aria-busy="false"]')).waitFor();
        await page.getByTestId('pre-cancel-actions').or(page.getByTestId('save-offer')).first().waitFor();
        differ('pre-cancel page code', preCancel.pageCode, codeHere(page));
        const offerShown = await present(page, 'save-offer');
        differ('pre-cancel offers', preCancel.offers.length > 0, offerShown);
        const blocks = [(await present(page, 'feature-based')) ? 'featureBasedPage' : 'standardPage'];
        if (offerShown) await page.getByTestId('dismiss-offer').click();
        if (await present(page, 'complaint')) blocks.push('complaint');
        differ(
          'pre-cancel blocks',
          preCancel.blocks.map((b) => b.replace(/:.*/, '')),
          blocks,
        );
        const order = await page
          .getByTestId('pre-cancel-actions')
          .getByRole('button')
          .evaluateAll((buttons) =>
            buttons.map((b) => (b.getAttribute('data-testid') ?? '').replace('pre-cancel-', '')),
          );
        differ('pre-cancel button order', preCancel.facts.buttonOrder, order.join(','));
        if (after) {
          await page.getByTestId('pre-cancel-cancel').click();
          await page.waitForURL((u) => !u.pathname.endsWith('/cancellation/pre'));
          differ('after cancel page code', after.pageCode, codeHere(page));
        }
      }
    } finally {
      await context.close();
    }
    return differences;
  }

  it(`agrees on ${COMBINATIONS.length} combinations`, async () => {
    expect(COMBINATIONS.length).toBeGreaterThanOrEqual(20);
    const differences: string[] = [];
    // A few at a time: the pages mostly wait on the server.
    for (let i = 0; i < COMBINATIONS.length; i += 3) {
      const batch = await Promise.all(COMBINATIONS.slice(i, i + 3).map((input) => differencesOf(input)));
      differences.push(...batch.flat());
    }
    expect(differences).toEqual([]);
  }, 150_000);
});
