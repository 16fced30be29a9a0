/**
 * Screenshot baselines of the pages a paying customer meets, on a phone (mobile project) and a
 * desktop: a change to how any of them looks fails here and shows its picture in review.
 * Update them on purpose with `npx tsx scripts/e2e.ts e2e/screenshots.spec.ts --update-snapshots`.
 *
 * What differs between runs is held still: animations are off, `Math.random` is seeded, the
 * browser's clock is fixed, and what the server dates from its seed time (dates, order and
 * transaction numbers, and a fresh persona's e-mail address) is masked.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { api, signInAsFresh, type PersonaId } from './support';

const FIXED_NOW = new Date('2026-12-01T15:00:00Z');

/** A small deterministic generator (mulberry32) in place of Math.random. */
function seedRandom(seed: number) {
  let state = seed;
  Math.random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function open(browser: Browser, testInfo: TestInfo, who: 'guest' | PersonaId): Promise<Page> {
  const { baseURL, userAgent, isMobile, hasTouch } = testInfo.project.use;
  const viewport = isMobile ? { width: 390, height: 844 } : { width: 1366, height: 900 };
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor: 1,
    timezoneId: 'America/Chicago',
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  await context.addInitScript(seedRandom, 20261201);
  // A fresh copy of the persona: the shared one may be changed by other specs (the logged-out form cancels active-de).
  if (who !== 'guest') await signInAsFresh(context, who);
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_NOW);
  return page;
}

/** Marks the text the server dates or numbers from its seed time, so the picture masks it. */
async function markWhatVaries(page: Page) {
  await page.evaluate(() => {
    const months =
      '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember)[a-z]*';
    const varies = new RegExp(
      `\\S+@\\S+|\\b\\d{5,}\\b|\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b|\\b\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{2,4}\\b|\\b${months}\\.?\\s\\d{1,2}\\b|\\b\\d{1,2}\\.?\\s${months}\\b`,
    );
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join(' ');
      if (varies.test(own) || el.matches('time')) el.setAttribute('data-shot-varies', '');
    }
  });
}

async function expectPicture(page: Page, name: string) {
  await expect(page.locator('.full-page-loader')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await markWhatVaries(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    mask: [page.locator('[data-shot-varies]'), page.locator('.tester-panel-widget, .tester-panel')],
    maxDiffPixelRatio: 0.002,
  });
}

test.describe('screenshot baselines', { tag: '@mobile' }, () => {
  test('the sell page', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'guest');
    await page.goto('/payment/pricing?disabletests=1');
    await expectPicture(page, 'sell-page');
  });

  test('checkout', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'new-us');
    await page.goto(`/payment/${testInfo.project.use.isMobile ? 'mobile/' : ''}checkout?skuid=102`);
    await expect(page.getByTestId('card-frame').contentFrame().locator('#card-number')).toBeVisible();
    await expectPicture(page, 'checkout');
  });

  test('the order confirmation', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'active-us');
    const me = await api(page).claims();
    const [latest] = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE' })).items;
    await page.goto(
      `/payment/${testInfo.project.use.isMobile ? 'mobile/' : ''}orderconfirmation?orderid=${latest!.transaction_id}`,
    );
    await expectPicture(page, 'order-confirmation');
  });

  test('an upsell offer', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'active-us');
    await page.goto('/payment/upsell/social-card');
    await expectPicture(page, 'upsell-social-card');
  });

  test('my settings', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'active-us');
    await page.goto('/payment/mysettings');
    await expectPicture(page, 'my-settings');
  });

  test('billing history', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'active-us');
    await page.goto('/payment/transactions');
    await expectPicture(page, 'billing-history');
  });

  test('the pre-cancel page, in German', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'active-de');
    await page.goto('/payment/cancellation/pre');
    await expectPicture(page, 'pre-cancel-de');
  });

  test('the logged-out cancellation form', async ({ browser }, testInfo) => {
    const page = await open(browser, testInfo, 'guest');
    await page.goto('/payment/cancellation/request');
    await expectPicture(page, 'cancellation-request');
  });
});
