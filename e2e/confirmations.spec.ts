/**
 * After the purchase (issue 14), desktop and mobile: the purchase confirmation sums up what was
 * bought and hands a requested auto-download on to the dashboard, which downloads the PDF at once
 * on desktop (control variation) and after an announced 3 s countdown on a phone; the countdown
 * can be cancelled or cut short; the big-interview confirmation names the product and leads to
 * the big-interview offers, whose machine adds a service through checkout; with the API down the
 * offers say so, retry, and still lead to the dashboard. axe on the new pages.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { Sku } from '../src/api/schemas/skus';
import { axeViolations, isSerious } from './support/axe';
import { api, apiPath, signInAs, signInAsFresh } from './support';
import { namespaceTextsOf } from './support/locales';
import { catalogueNameOf } from './support/catalogue';

const order = namespaceTextsOf('en-US', 'order');
const services = namespaceTextsOf('en-US', 'services');
const dashboard = namespaceTextsOf('en-US', 'dashboard');
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const OFFERS_READ = (url: URL) =>
  url.pathname === apiPath('skus') && url.searchParams.has('userUID') && !url.searchParams.has('countryCD');

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

/** A fresh new-us who has just bought an access plan (through the API, as checkout would). */
async function freshBuyer(page: Page): Promise<{ orderId: number; sku: Sku }> {
  const me = await signInAsFresh(page, 'new-us');
  const sku = (await api(page).skus({ userUID: me.UserUID })).find((s) => s.PlanTier !== null)!;
  const response = await page.request.post(apiPath('payments'), {
    data: {
      user_uid: me.UserUID,
      sku_id: sku.SkuID,
      session_guid: randomUUID(),
      payment_method: 'CRCD',
      card_type: 'VISA',
      last_four_digits: '4242',
    },
  });
  expect(response.status()).toBe(201);
  return { orderId: ((await response.json()) as { TransactionID: number }).TransactionID, sku };
}

async function expectPdf(download: Download) {
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
}

test.describe('after the purchase', () => {
  test(
    'the purchase confirmation sums up the purchase; the dashboard then downloads the document, at once on desktop, after 3 s on a phone',
    { tag: '@mobile' },
    async ({ page }) => {
      const { orderId, sku } = await freshBuyer(page);
      const phone = isMobile(page);
      await page.goto(
        `/payment/${phone ? 'mobile/' : ''}purchase-confirmation?orderid=${orderId}&skuid=${sku.SkuID}&autodownload=true&doctype=RSME`,
      );
      // The first page of a run may wait for a cold server.
      await expect(page.getByRole('heading', { level: 1, name: order.purchase.heading })).toBeVisible({
        timeout: 10_000,
      });
      const summary = page.getByTestId('purchase-summary');
      await expect(summary).toContainText(catalogueNameOf(sku));
      await expect(summary).toContainText(String(orderId));
      // Today, in the browser's time zone.
      await expect(summary).toContainText(
        await page.evaluate(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date())),
      );
      await expect(summary.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
      await expect(page.getByRole('button', { name: order.continue })).toBeVisible();
      await expectNoSeriousViolations(page);

      const link = page.getByRole('link', { name: order.goToDashboard });
      await expect(link).toHaveAttribute(
        'href',
        phone ? /^\/dashboard\?device=mobile&.*autodownload=true/ : /^\/dashboard\?.*autodownload=true/,
      );
      if (!phone) {
        // Desktop, control variation (no assignment): the download starts as the dashboard opens.
        const download = page.waitForEvent('download');
        await link.click();
        await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
        await expectPdf(await download);
        await expect(page.getByTestId('autodownload').getByRole('status')).toHaveText(dashboard.autoDownload.started);
        return;
      }
      // A phone: an announced countdown of 3 s, then the download. The dashboard opens on a clock
      // that only moves when told, so a slow machine does not eat into the wait.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      let started = false;
      page.on('download', () => (started = true));
      await page.goto((await link.getAttribute('href'))!);
      const status = page.getByTestId('autodownload').getByRole('status');
      await expect(status).toHaveText('Your document will download in 3 seconds.');
      await page.clock.runFor(2000);
      await expect(status).toHaveText('Your document will download in 1 second.');
      expect(started).toBe(false);
      const download = page.waitForEvent('download');
      await page.clock.runFor(1100);
      await expectPdf(await download);
      await expect(status).toHaveText(dashboard.autoDownload.started);
      await expect(page.getByTestId('autodownload-cancel')).toBeHidden();
    },
  );

  test('the countdown can be cancelled, or cut short with download now', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    // The countdown with its buttons, as axe sees it (on the real clock: the download may start meanwhile).
    await page.goto('/dashboard?device=mobile&autodownload=true');
    const section = page.getByTestId('autodownload');
    await expect(section.getByRole('button', { name: dashboard.autoDownload.now })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.reload();
    await expect(section.getByRole('status')).toHaveText('Your document will download in 3 seconds.');
    // Counted from here: the first visit's countdown ran on the real clock, and its download may
    // arrive late. This page's countdown stands still on the paused clock until runFor.
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await section.getByRole('button', { name: dashboard.autoDownload.cancel }).click();
    await expect(section.getByRole('status')).toHaveText(dashboard.autoDownload.cancelled);
    await expect(section.getByRole('link', { name: dashboard.autoDownload.link })).toBeFocused();
    await page.clock.runFor(5000);
    expect(downloads).toBe(0);

    await page.reload();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: dashboard.autoDownload.now }).press('Enter');
    await expectPdf(await download);
    await expect(section.getByRole('status')).toHaveText(dashboard.autoDownload.started);
    await page.clock.runFor(5000);
    expect(downloads).toBe(1);
  });

  test(
    'the big-interview confirmation names the product and leads to the big-interview offers, where a service is added through checkout',
    { tag: '@mobile' },
    async ({ page }) => {
      const { orderId, sku } = await freshBuyer(page);
      await page.goto(`/payment/big-interview/orderconfirmation?orderid=${orderId}&skuid=${sku.SkuID}`);
      await expect(page.getByRole('heading', { level: 1, name: order.bigInterview.heading })).toBeVisible({
        timeout: 10_000,
      });
      await expect(page.getByTestId('order-summary')).toContainText(sku.Title);
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: order.bigInterview.continue }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/payment/big-interview/offers' && url.searchParams.get('orderid') === String(orderId),
      );
      await expect(page.getByRole('heading', { level: 1, name: services.offers.bigInterviewHeading })).toBeVisible();
      // After an interview order the tune-up comes first.
      await expect(page.getByTestId(/^offer-[a-zA-Z]+$/).first()).toHaveAttribute('data-testid', 'offer-tuneUp');
      await expectNoSeriousViolations(page);
      await page.getByTestId('offer-add-tuneUp').click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === (isMobile(page) ? '/payment/mobile/checkout' : '/payment/checkout') &&
          url.searchParams.get('skuid') === '125',
      );
    },
  );

  test('the popup container (orderpopup) leads the page that opened it on, then closes', async ({ page }) => {
    const { orderId, sku } = await freshBuyer(page);
    await page.goto('/dashboard');
    const opened = page.waitForEvent('popup');
    await page.evaluate(
      (url) => void window.open(url, 'orderpopup', 'popup'),
      `/payment/orderpopup?orderid=${orderId}&skuid=${sku.SkuID}`,
    );
    const popup = await opened;
    await popup.bringToFront();
    const dialog = popup.getByRole('dialog', { name: order.welcome.title });
    await dialog.getByRole('button', { name: order.welcome.start }).click({ timeout: 10_000 });
    const closed = popup.waitForEvent('close');
    // The press closes the popup, and Playwright's click can then end with "page closed" before it
    // reports back. That is only an error while the popup is still open.
    await popup
      .getByTestId('continue')
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    await closed;
    await expect(page).toHaveURL(
      (url) => url.pathname.endsWith('/upsell/resume-review') && url.searchParams.get('orderid') === String(orderId),
    );
  });

  test('with the API down the offers say so and retry, and the dashboard stays reachable', async ({ page }) => {
    await signInAs(page.context(), 'new-us');
    let reads = 0;
    await page.route(OFFERS_READ, (route) => {
      reads += 1;
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '5' },
        json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
      });
    });
    await page.goto('/payment/offers');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(services.offers.loadFailedHeading, { timeout: 10_000 });
    await expectNoSeriousViolations(page);
    await page.getByTestId('offers-retry').click();
    await expect.poll(() => reads).toBe(2);
    await expect(alert).toContainText(services.offers.loadFailedHeading);
    await alert.getByRole('button', { name: services.offers.skip }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');

    await page.unroute(OFFERS_READ);
    await page.goto('/payment/offers');
    await expect(page.getByTestId('offer-resumeReview')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
