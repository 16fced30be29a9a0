/**
 * The upsell pages with content of their own (issue #14): the calm, friend-feedback-tool and
 * AI-tool offers, the offers page (multiple offers on mobile) with its survey, and the pay-per
 * price information. Each add makes exactly one SALE with its upsell code; the survey's answer is
 * stored; a declined add-on offers the card frame, where a good card pays it once; and a server
 * that stops answering leaves an error with a retry and the dashboard in reach. Every test pays
 * with a fresh copy of new-us, so no persona changes for later specs.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS, api, futureExpiry, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const upsell = namespaceTextsOf('en-US', 'upsell');
const offers = namespaceTextsOf('en-US', 'upsell-offers');
const priceInfo = namespaceTextsOf('en-US', 'price-info');
const DASHBOARD = '/dashboard';

const salesOf = async (page: Page, userUID: string) =>
  (await api(page).transactions(userUID, { transactionTypes: 'SALE', top: 50 })).items
    .map((t) => [t.sku_detail.product_id, t.sub_type] as const)
    .sort();

/** A fresh new-us who has just bought a plan through the API (the limited one leaves the feedback tool to sell): their id. */
async function freshWithPlan(page: Page, tier: 'limitedAccess' | 'fullAccess'): Promise<string> {
  const me = await signInAsFresh(page, 'new-us', DASHBOARD);
  const plan = (await api(page).skus({ userUID: me.UserUID, sellPageOnly: true })).find((s) => s.PlanTier === tier)!;
  await api(page).post('/payments', {
    user_uid: me.UserUID,
    sku_id: plan.SkuID,
    session_guid: randomUUID(),
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
  });
  return me.UserUID;
}

const toDashboard = (page: Page) => expect(page).toHaveURL((url) => url.pathname === DASHBOARD, { timeout: 10_000 });

test.describe('the upsell pages', () => {
  test.describe.configure({ retries: 0 });

  test(
    'calm, the feedback tool and the AI tool each show their own offer, and each add is one SALE with its code',
    { tag: '@mobile' },
    async ({ page }) => {
      // Three offer pages, each ending on the dashboard.
      test.setTimeout(45_000);
      const me = await freshWithPlan(page, 'limitedAccess');
      for (const [path, offer] of [
        ['upsell/calm', 'calm'],
        ['feedback-tool', 'feedbackTool'],
        ['ai-tool', 'aiTool'],
      ] as const) {
        await page.goto(`/payment/${path}`);
        await expect(page.getByRole('heading', { level: 1, name: upsell.offers[offer].heading })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: upsell.offers[offer].detailsHeading })).toBeVisible();
        await expect(page.getByTestId('upsell-details').getByRole('listitem')).toHaveCount(3);
        if (offer === 'calm') expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
        // A double press still charges once: one key per offer and sequence.
        await page.getByRole('button', { name: upsell.add }).dblclick();
        await toDashboard(page);
      }
      expect(await salesOf(page, me)).toEqual([
        ['AIWRIT', 'ATF'],
        ['CALM', 'CUF'],
        ['FDBKTL', 'FTF'],
        ['RSMBLD', null],
      ]);
    },
  );

  test(
    'the offers page: skipping them all asks why and stores the answer once; an add is one SALE',
    { tag: '@mobile' },
    async ({ page, isMobile }) => {
      // The offers page twice and the survey between.
      test.setTimeout(45_000);
      const me = await freshWithPlan(page, 'fullAccess');
      const path = isMobile ? '/payment/mobile/upsell/multiple-offers' : '/payment/upsell/offers';
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: offers.heading })).toBeVisible();
      for (const offer of ['resumeReview', 'boldPro', 'socialCard', 'coverLetter']) {
        await expect(page.getByRole('heading', { level: 2, name: offers.offers[offer].name })).toBeVisible();
      }
      await page.getByRole('button', { name: offers.skip }).click();

      await expect(page).toHaveURL((url) => url.pathname === '/payment/upsell/offers/survey');
      await expect(page.getByRole('heading', { level: 1, name: offers.survey.heading })).toBeVisible();
      await expect(page.getByRole('button', { name: offers.survey.submit })).toBeDisabled();
      await page
        .getByRole('radiogroup', { name: offers.survey.question })
        .getByText(offers.survey.reasons.tooExpensive)
        .click();
      await expect(page.getByRole('radio', { name: offers.survey.reasons.tooExpensive })).toBeChecked();
      expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
      await page.getByRole('button', { name: offers.survey.submit }).dblclick();
      await toDashboard(page);
      const answers = await api(page).get<{ Items: { Reason: string; OrderID: number | null }[] }>(
        `/upsell/survey/${me}`,
      );
      expect(answers.Items.map((a) => a.Reason)).toEqual(['tooExpensive']);

      // Back on the offers page: an add is one SALE with its code, and "continue" leads on without the survey.
      await page.goto(path);
      const card = page.getByTestId('offer-socialCard');
      await card.getByRole('button', { name: offers.add }).dblclick();
      await expect(card.getByText(offers.added)).toBeVisible();
      await page.getByRole('button', { name: offers.continue }).click();
      await toDashboard(page);
      expect(await salesOf(page, me)).toEqual([
        ['RSMBLD', null],
        ['SOCCARD', 'SCF'],
      ]);
      expect((await api(page).get<{ Items: unknown[] }>(`/upsell/survey/${me}`)).Items).toHaveLength(1);
    },
  );

  test('a declined add-on offers the card frame; a good card there pays it, once', async ({ page }) => {
    const me = await freshWithPlan(page, 'fullAccess');
    // The sandbox declines the saved card; the frame's payment (with its own card) goes through as it is.
    await page.route('**/api/payments/addon', (route) => {
      const body = route.request().postDataJSON() as { card?: unknown };
      return body.card
        ? route.continue()
        : route.continue({ postData: JSON.stringify({ ...body, fail_payment: true }) });
    });
    await page.goto('/payment/ai-tool');
    await page.getByRole('button', { name: upsell.add }).click();
    await expect(page.getByTestId('upsell-declined')).toContainText(upsell.declined);
    await expect(page.getByRole('heading', { level: 2, name: upsell.otherCard.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: upsell.skip })).toBeEnabled();
    await expect(page.getByRole('button', { name: upsell.toDashboard })).toBeEnabled();

    const frame = page.getByTitle(upsell.otherCard.frameTitle).contentFrame();
    await frame.locator('#card-number').fill(TEST_CARDS.success);
    await frame.locator('#card-expiry').fill(futureExpiry());
    await frame.locator('#card-cvc').fill('123');
    await frame.locator('#pay').click();
    await toDashboard(page);
    expect(await salesOf(page, me)).toEqual([
      ['AIWRIT', 'ATF'],
      ['RSMBLD', null],
    ]);
  });

  test('the API down mid-page: an error with a retry, and the dashboard still in reach; the price popup closes with Escape', async ({
    page,
  }) => {
    const me = await freshWithPlan(page, 'fullAccess');
    await page.goto('/payment/upsell/offers');
    const card = page.getByTestId('offer-boldPro');
    await expect(card).toBeVisible();
    await page.route('**/api/payments/addon', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'Retry-After': '1' },
        json: { error: { code: 'UNAVAILABLE', message: 'down' } },
      }),
    );
    await card.getByRole('button', { name: offers.add }).click();
    await expect(page.getByTestId('offer-boldPro-unavailable')).toContainText(offers.unavailable);
    await page.unroute('**/api/payments/addon');
    await card.getByRole('button', { name: offers.tryAgain }).click();
    await expect(card.getByText(offers.added)).toBeVisible();

    // The page's load fails on a reload: an error with a retry, and the dashboard one press away.
    await page.route(/\/api\/skus\?/, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
    );
    await page.reload();
    await expect(page.getByTestId('offers-load-failed')).toContainText(offers.loadFailed.body);
    await expect(page.getByRole('button', { name: offers.retry })).toBeVisible();
    await page.getByRole('button', { name: offers.toDashboard }).click();
    await toDashboard(page);
    await page.unroute(/\/api\/skus\?/);
    expect(await salesOf(page, me)).toEqual([
      ['BOLDPRO', 'PRO'],
      ['RSMBLD', null],
    ]);

    // The pay-per price information: a dialog with the one-time price; Escape closes it.
    await page.goto('/payment/payperpopup');
    const dialog = page.getByRole('dialog', { name: priceInfo.heading });
    await expect(dialog.getByTestId('price-info-price')).toContainText('$59.40');
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
    await page.keyboard.press('Escape');
    await toDashboard(page);
  });
});
