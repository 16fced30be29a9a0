/**
 * What the server puts in the page for a fast first load.
 * - A money page's first reads are named in its head. The app's own reads must then be served
 *   from those preloads: each goes over the wire once, and the browser reports none of them as
 *   preloaded but unused.
 * - The page's frame (skip link and header) is in the page itself, and is exactly what the app
 *   then draws, so nothing moves when the app takes over.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, signInAs } from './support';
import { layoutShiftOf, watchLayoutShift } from './support/layout-shift';
import { watchHeadingTakeovers } from './support/heading-takeover';

async function watchReads(page: Page) {
  const reads: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/users/claims') || url.pathname.startsWith('/api/config/features'))
      reads.push(url.pathname + url.search);
  });
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  return { reads, warnings };
}

const count = (reads: string[], read: string) => reads.filter((r) => r === read).length;

for (const [path, persona] of [
  ['/payment/pricing', null],
  ['/payment/mobile/plans', 'new-us'],
] as const) {
  test(`${path}${persona ? `, as ${persona}` : ''}: claims and configuration are each read once, from the preloads`, async ({
    page,
  }) => {
    if (persona) await signInAs(page, persona);
    const { reads, warnings } = await watchReads(page);
    await page.goto(path);
    await expect(page.locator('[data-testid^="plan-option-"]').first()).toBeVisible();
    await expect(page.getByTestId('feature-list')).toBeVisible();
    for (const read of [
      '/api/users/claims',
      '/api/config/features?moduleName=Shell',
      '/api/config/features?moduleName=SellPage',
      '/api/config/features?moduleName=Checkout',
    ]) {
      expect(count(reads, read), read).toBe(1);
    }
    expect(warnings).toEqual([]);
  });
}

test('checkout, signed in: the preloaded claims carry the session', async ({ page }) => {
  const me = await signInAs(page, 'new-us');
  // A checkout without an offered plan sends the person on to choose one: this one names a plan, so checkout stays.
  const [plan] = await api(page).skus({ userUID: me.UserUID, sellPageOnly: true });
  const { reads, warnings } = await watchReads(page);
  await page.goto(`/payment/checkout?skuid=${plan!.SkuID}`);
  await expect(page.getByTestId('page-checkout')).toBeVisible();
  await expect(page.getByTestId('order-summary')).toHaveAttribute('data-sku-id', String(plan!.SkuID));
  expect(count(reads, '/api/users/claims')).toBe(1);
  expect(count(reads, '/api/config/features?moduleName=Shell')).toBe(1);
  expect(warnings).toEqual([]);
});

test.describe('in German', () => {
  test('the locale data is loaded by a worker from our own origin, under the strict content policy', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { policyViolations: string[] };
      w.policyViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        w.policyViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const workerScript = page.waitForRequest((request) =>
      /\/payment\/assets\/locale-data\.worker-[\w-]+\.js$/.test(request.url()),
    );
    await page.goto('/payment/cancellation/abo-kuendigen');
    await workerScript;
    await expect(page.getByRole('textbox').first()).toBeVisible();
    // The worker said it had loaded the data (a worker the policy blocked, or that failed, says nothing).
    expect(await page.evaluate(() => performance.getEntriesByName('locale-data-loaded').length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations)).toEqual(
      [],
    );
  });

  test('a worker slower than the app will wait for still answers: the app starts without it, and its download is not cut off', async ({
    page,
  }) => {
    // Longer than the app's start waits for the worker (500 ms).
    await page.route(/\/payment\/assets\/locale-data\.worker-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/payment/cancellation/abo-kuendigen');
    await expect(page.getByRole('textbox').first()).toBeVisible();
    // A worker ended while its script was still coming never answers, and leaves that download open.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('locale-data-loaded').length), { timeout: 10_000 })
      .toBe(1);
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
  });

  test.use({ locale: 'de-DE' });

  test('the frame in the page is the frame the app draws, so nothing moves when the app takes over', async ({
    page,
  }) => {
    const raw = await (await page.request.get('/payment/pricing', { headers: { 'accept-language': 'de-DE' } })).text();
    const shellHeader = raw.match(/<header class="site-header">.*?<\/header>/)?.[0];
    expect(shellHeader).toContain('Lebenslauf-Editor');
    await page.goto('/payment/pricing');
    await expect(page.locator('[data-testid^="plan-option-"]').first()).toBeVisible();
    expect(await page.locator('header.site-header').evaluate((header) => header.outerHTML)).toBe(shellHeader);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  });

  /**
   * Each part as the server sent it (found by its pattern in the raw page) equals the same part
   * as the app drew it (found by its locator once `appStarted` shows).
   */
  async function expectDrawnAsServed(
    page: Page,
    path: string,
    appStarted: (page: Page) => Locator,
    parts: Record<string, { served: RegExp; drawn: (page: Page) => Locator }>,
  ) {
    const raw = await (await page.request.get(path, { headers: { 'accept-language': 'de-DE' } })).text();
    const served = Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, raw.match(part.served)?.[0]]));
    for (const [name, markup] of Object.entries(served))
      expect(markup, `${name} is in the page as served`).toBeTruthy();
    await page.goto(path);
    await expect(appStarted(page)).toBeVisible();
    const drawn: Record<string, string> = {};
    for (const [name, part] of Object.entries(parts)) drawn[name] = await part.drawn(page).evaluate((e) => e.outerHTML);
    expect(drawn).toEqual(served);
  }

  test("a guest's sell page arrives with its top drawn, exactly as the app then draws it", async ({ page }) => {
    await expectDrawnAsServed(page, '/payment/pricing', (p) => p.locator('[data-testid^="plan-option-"]').first(), {
      steps: { served: /<nav class="sb-block sb-steps".*?<\/nav>/, drawn: (p) => p.getByTestId('funnel-breadcrumb') },
      heading: { served: /<h1 id="sell-heading".*?<\/h1>/, drawn: (p) => p.locator('#sell-heading') },
      lead: { served: /<p class="lead">.*?<\/p>/, drawn: (p) => p.locator('.sell-page .lead') },
    });
  });

  test("the app's first drawing of a guest's sell page is the top the server drew; the plans come after it, under the same heading", async ({
    page,
  }) => {
    // When the app's drawing first replaces the server's heading: whether any plan was drawn with it.
    const takeovers = await watchHeadingTakeovers(page, 'sell-heading', '[data-testid^="plan-option-"]');
    await page.goto('/payment/pricing');
    await expect(page.locator('[data-testid^="plan-option-"]').first()).toBeVisible();
    const seen = await takeovers();
    expect(seen.alongsideAtFirst, 'the first drawing is the top alone').toBe(false);
    expect(seen.removed, "only the server's heading was replaced").toBe(1);
    await expect(page.locator('#sell-heading')).toBeFocused();
  });

  test('the cancellation form arrives with its top drawn, exactly as the app then draws it', async ({ page }) => {
    await expectDrawnAsServed(page, '/payment/cancellation/abo-kuendigen', (p) => p.getByRole('textbox').first(), {
      heading: {
        served: /<h1 id="cancellation-request-heading".*?<\/h1>/,
        drawn: (p) => p.locator('#cancellation-request-heading'),
      },
      lead: { served: /<p class="lead">.*?<\/p>/, drawn: (p) => p.locator('.cancellation-request .lead') },
      signIn: { served: /<aside class="sign-in-prompt".*?<\/aside>/, drawn: (p) => p.locator('aside.sign-in-prompt') },
    });
    await expect(page.locator('aside.sign-in-prompt a')).toHaveAttribute('href', /mysettings/);
  });
});

for (const path of ['/payment/pricing', '/payment/cancellation/request']) {
  test(`${path}: nothing on screen moves while the page loads (CLS within 0.02)`, async ({ page }) => {
    await watchLayoutShift(page);
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftOf(page)).toBeLessThanOrEqual(0.02);
  });
}
