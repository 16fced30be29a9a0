/**
 * A guest's sell page at rest, as shoppers get it (outside demo mode): the server draws the whole
 * page, the browser fetches only the page's own small script until the visitor first touches the
 * page, and then the app takes the page over without moving anything, keeping what the visitor did.
 */
import { expect, test, type Page } from '@playwright/test';
import { readBuildManifest, staticClosureOf, filesOf } from '../server/http/build-manifest';
import { startShopperServer, type ShopperServer } from './support/shopper-server';
import { watchLayoutShift, layoutShiftOf } from './support/layout-shift';
import { namespaceTextsOf } from './support/locales';
import { recordEvents } from './support/events';

const texts = namespaceTextsOf('en-US', 'funnel');
const blockTexts = namespaceTextsOf('en-US', 'sell-blocks');
const catalogue = namespaceTextsOf('en-US', 'catalogue');

let shopper: ShopperServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  shopper = await startShopperServer();
});
test.afterAll(async () => {
  await shopper?.stop();
});

const SELL = '/payment/pricing';
/** The app removes the page's at-rest script once it has taken the page over. */
const taken = (page: Page) =>
  page.waitForFunction(
    () =>
      document.getElementById('page-at-rest') === null && document.querySelector('[data-testid="page-sell"]') !== null,
  );
const option = (page: Page, tier: string) => page.getByTestId(`plan-option-${tier}`);
const radioOf = (page: Page, tier: string) => option(page, tier).locator('input[type="radio"]');

/** The scripts the page's own entry loads (index.html's chunk and what it imports statically), by the build's manifest. */
function entryScripts(): Set<string> {
  const manifest = readBuildManifest(process.env.DIST_DIR ?? 'dist')!;
  return new Set(filesOf(manifest, staticClosureOf(manifest, ['index.html'])).map((file) => `/payment/${file}`));
}

/** Holds the app's code back until `release` is called, so a test can act on the page before the app has come. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const entry = entryScripts();
  await page.route('**/payment/assets/*.js', async (route) => {
    if (!entry.has(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });
  return release;
}

test('before any touch the page is whole, and only its own script is fetched: no app code, no API read', async ({
  page,
}) => {
  const scripts: string[] = [];
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    // The page's view goes out at rest (a POST of its own); nothing is read.
    if (url.pathname.startsWith('/api/') && request.method() !== 'POST') reads.push(url.pathname);
  });
  await page.goto(`${shopper.base}${SELL}`);
  await expect(page.getByRole('heading', { level: 1, name: texts.sell.title })).toBeVisible();
  await expect(page.getByTestId('plan-price')).toHaveCount(3);
  await expect(radioOf(page, 'fullAccess')).toBeChecked();
  await expect(page.getByTestId('testimonial-carousel')).toBeAttached();
  await expect(page.getByTestId('footer-cancel-contracts')).toBeVisible();
  await page.waitForTimeout(1500);
  const entry = entryScripts();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => !entry.has(script))).toEqual([]);
  expect(reads).toEqual([]);
  await expect(page.locator('#page-at-rest')).toBeAttached();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('a guest sees the plans and their prices, and can choose one', async ({ page }) => {
    await page.goto(`${shopper.base}${SELL}`);
    for (const tier of ['limitedAccess', 'fullAccess', 'annualAccess'])
      await expect(option(page, tier).getByTestId('plan-price')).toHaveText(/\$\d+\.\d\d/);
    await option(page, 'limitedAccess').click();
    await expect(radioOf(page, 'limitedAccess')).toBeChecked();
    await expect(radioOf(page, 'fullAccess')).not.toBeChecked();
  });
});

test('the first tap on a plan chooses it; the app takes over with that plan chosen and the focus on it, and its features listed', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto(`${shopper.base}${SELL}`);
  await option(page, 'limitedAccess').click();
  // Before the app: the browser's own radio answers, and the option it chose is the only one drawn chosen
  // (the server drew another chosen: that drawing gives way to the radio).
  await expect(radioOf(page, 'limitedAccess')).toBeChecked();
  const lookOf = (tier: string) =>
    option(page, tier).evaluate((el) => `${getComputedStyle(el).borderColor} ${getComputedStyle(el).boxShadow}`);
  const unchosen = await lookOf('annualAccess');
  expect(await lookOf('fullAccess')).toBe(unchosen);
  expect(await lookOf('limitedAccess')).not.toBe(unchosen);
  release();
  await taken(page);
  await expect(option(page, 'limitedAccess')).toHaveAttribute('data-selected', 'true');
  await expect(option(page, 'fullAccess')).not.toHaveAttribute('data-selected');
  await expect(radioOf(page, 'limitedAccess')).toBeFocused();
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: String(texts.sell.featuresHeading).replace('{{plan}}', catalogue.product.limitedTrial.name),
    }),
  ).toBeVisible();
  // The app's own radio group answers the arrow keys from there.
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'fullAccess')).toHaveAttribute('data-selected', 'true');
});

test('a press of "continue" before the app has come shows that it is working, and still leads on, with the plan chosen before it', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto(`${shopper.base}${SELL}`);
  await option(page, 'annualAccess').click();
  const annual = await option(page, 'annualAccess').getAttribute('data-sku-id');
  await page.getByTestId('continue-to-checkout').click();
  await expect(page.getByTestId('continue-to-checkout')).toHaveAttribute('aria-busy', 'true');
  release();
  // A guest is asked to sign in, then sent on to checkout with the plan they chose.
  await page.waitForURL((url) => url.searchParams.get('next')?.includes(`skuid=${annual}`) === true, {
    timeout: 20_000,
  });
});

test('any button pressed before the app has come is pressed again once it has: "Show next" moves the live activity on', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto(`${shopper.base}${SELL}`);
  const entry = page.getByTestId('live-activity-entry');
  const first = await entry.getAttribute('data-entry-id');
  await page.getByTestId('live-activity-next').click();
  await expect(page.getByTestId('live-activity-next')).toHaveAttribute('aria-busy', 'true');
  await expect(entry).toHaveAttribute('data-entry-id', first!);
  release();
  await taken(page);
  await expect(entry).not.toHaveAttribute('data-entry-id', first!);
  await expect(page.getByTestId('live-activity-next')).not.toHaveAttribute('aria-busy');
  // "Show next" also pauses the feed, as it does in the app: its control now offers to resume.
  await expect(page.getByTestId('live-activity-toggle')).toHaveText(blockTexts.liveActivity.play);
});

test('a key wakes the page: focus stays where the visitor put it, the heading does not take it, and nothing moves', async ({
  page,
}) => {
  await watchLayoutShift(page);
  await page.goto(`${shopper.base}${SELL}`);
  const before = await page.getByTestId('plan-chooser').boundingBox();
  // The first Tab reaches the skip link, the first thing on the page.
  await page.keyboard.press('Tab');
  await expect(page.locator('.skip-link')).toBeFocused();
  await taken(page);
  await expect(page.locator('.skip-link')).toBeFocused();
  await page.waitForTimeout(500);
  await expect(page.locator('.skip-link')).toBeFocused();
  expect(await page.getByTestId('plan-chooser').boundingBox()).toEqual(before);
  expect(await layoutShiftOf(page)).toBeLessThan(0.01);
});

test('a visitor who scrolled before touching keeps their place when the app takes over', async ({ page }) => {
  await page.goto(`${shopper.base}${SELL}`);
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const scrolled = await page.evaluate(() => window.scrollY);
  // A key that moves nothing by itself (a click would have the browser scroll its target into view).
  await page.keyboard.press('Shift');
  await taken(page);
  await page.waitForTimeout(300);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
});

test("the page's view is reported while it is at rest, once: the app reports no second one when it takes over", async ({
  page,
}) => {
  const events = await recordEvents(page);
  const views = () => events.filter((event) => event.event_name === 'screen viewed');
  // The beacon's media type is one the events call lists, so it is taken (a refused beacon fails silently).
  const beacon = page.waitForResponse(
    (response) => new URL(response.url()).pathname.endsWith('/events') && response.request().method() === 'POST',
  );
  await page.goto(`${shopper.base}${SELL}`);
  expect((await beacon).request().headers()['content-type']).toBe('application/json');
  expect((await beacon).status()).toBe(202);
  await expect.poll(() => views().length).toBe(1);
  expect(views()[0]!.props).toEqual({ page_code: 'PricingPage', path: SELL });
  await page.keyboard.press('Shift');
  await taken(page);
  // The app's first page would have been reported on its first resolve, before its drawing.
  await page.waitForTimeout(1000);
  expect(views()).toHaveLength(1);
});

test('with analytics refused, no view goes out while the page is at rest', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('COOKIE_CONSENT', JSON.stringify({ consent: { analytics: false, personalization: true } })),
  );
  const events = await recordEvents(page);
  await page.goto(`${shopper.base}${SELL}`);
  await expect(page.getByTestId('plan-chooser')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(events.filter((event) => event.event_name === 'screen viewed')).toEqual([]);
});

test(
  'on a phone the page at rest is drawn for a phone, and a tap on a plan wakes it',
  { tag: '@mobile-only' },
  async ({ page }) => {
    await page.goto(`${shopper.base}${SELL}`);
    // The server guessed the device from the phone's user agent: the app blade is a phone's block.
    await expect(page.getByTestId('app-blade')).toBeAttached();
    await option(page, 'annualAccess').tap();
    await expect(radioOf(page, 'annualAccess')).toBeChecked();
    await taken(page);
    await expect(option(page, 'annualAccess')).toHaveAttribute('data-selected', 'true');
    await expect(page.getByTestId('app-blade')).toBeAttached();
  },
);
