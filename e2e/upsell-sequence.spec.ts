/**
 * The upsell sequence after a purchase (issue #14): a fresh copy of `new-us` buys a plan, goes on
 * from the order confirmation through the add-ons (one taken with a double click, the rest
 * skipped) and ends on the dashboard, with the plan and the add-on as two SALEs. Then the faults:
 * a declined add-on and a server that stops answering leave the way on open. Every test pays
 * with a fresh person, so no persona changes for later specs.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS, api, fillCheckoutCard, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';
import { formatMoney } from '../src/domain/money';

const texts = namespaceTextsOf('en-US', 'upsell');
const order = namespaceTextsOf('en-US', 'order');
const services = namespaceTextsOf('en-US', 'services');
const DASHBOARD = '/dashboard';

const sales = async (page: Page, userUID: string) =>
  (await api(page).transactions(userUID, { transactionTypes: 'SALE', top: 50 })).items;

async function expectOffer(page: Page, offer: string, step: number) {
  const section = page.getByTestId('page-upsell');
  await expect(section).toHaveAttribute('data-offer', offer);
  await expect(page.getByRole('heading', { level: 1, name: texts.offers[offer].heading })).toBeVisible();
  await expect(page.getByTestId('upsell-progress').locator('[aria-current="step"]')).toHaveText(`Step ${step} of 4`);
}

/** A plan bought through the API for the person signed in: its order id. */
async function planBought(page: Page, userUID: string): Promise<number> {
  const plan = (await api(page).skus({ userUID, sellPageOnly: true })).find((s) => s.PlanTier === 'fullAccess')!;
  const paid = await api(page).post('/payments', {
    user_uid: userUID,
    sku_id: plan.SkuID,
    session_guid: randomUUID(),
    payment_method: 'CRCD',
    card_type: 'VISA',
    last_four_digits: '4242',
  });
  return (paid as { TransactionID: number }).TransactionID;
}

test.describe('the upsell sequence', () => {
  test.describe.configure({ retries: 0 });

  test(
    'buys a plan, takes the social card with a double click, skips the rest and ends on the dashboard: two SALEs',
    { tag: '@mobile' },
    async ({ page, isMobile }) => {
      // A whole purchase through the sell page and the card frame, then four offer pages.
      test.setTimeout(45_000);
      const prefix = isMobile ? '/payment/mobile' : '/payment';
      const me = await signInAsFresh(page, 'new-us', isMobile ? '/payment/mobile/plans' : '/payment/pricing');
      await page.getByTestId('plan-option-fullAccess').click();
      await page.getByTestId('continue-to-checkout').click();
      await (await fillCheckoutCard(page, TEST_CARDS.success)).locator('#pay').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/orderconfirmation\\?orderid=\\d+`), { timeout: 15_000 });
      const orderId = Number(new URL(page.url()).searchParams.get('orderid'));

      const welcome = page.getByRole('dialog', { name: order.welcome.title });
      await welcome.getByRole('button', { name: order.welcome.start }).click();
      await page.getByRole('button', { name: order.continue }).click();

      await expect(page).toHaveURL(`${prefix}/upsell/resume-review?orderid=${orderId}`);
      await expectOffer(page, 'resumeReview', 1);
      await page.getByRole('button', { name: texts.skip }).click();

      await expect(page).toHaveURL(`/payment/upsell/bold-pro?orderid=${orderId}`);
      await expectOffer(page, 'boldPro', 2);
      await page.getByRole('button', { name: texts.skip }).click();

      await expect(page).toHaveURL(`/payment/upsell/social-card?orderid=${orderId}`);
      await expectOffer(page, 'socialCard', 3);
      await page.getByRole('button', { name: texts.add }).dblclick();

      await expect(page).toHaveURL(`${prefix}/cover-letter-addon?orderid=${orderId}`);
      await expectOffer(page, 'coverLetter', 4);
      await page.getByRole('button', { name: texts.skip }).click();
      await expect(page).toHaveURL((url) => url.pathname === DASHBOARD);

      const sold = await sales(page, me.UserUID);
      expect(sold).toHaveLength(2);
      expect(sold.map((t) => [t.sku_detail.product_id, t.sub_type]).sort()).toEqual([
        ['RSMBLD', null],
        ['SOCCARD', 'SCF'],
      ]);

      // Back to an offer's address after the end: every offer is answered, so it leads on again without a charge.
      await page.goto(`/payment/upsell/social-card?orderid=${orderId}`);
      await expect(page).toHaveURL((url) => url.pathname === DASHBOARD);
      expect(await sales(page, me.UserUID)).toHaveLength(2);
    },
  );

  test('a double click whose second half lands on the next offer buys only the first: the next offer waits until it has settled', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us', DASHBOARD);
    const orderId = await planBought(page, me.UserUID);
    await page.clock.install();
    await page.goto(`/payment/upsell/resume-review?orderid=${orderId}`);
    await expectOffer(page, 'resumeReview', 1);
    await page.getByRole('button', { name: texts.skip }).click();
    await expectOffer(page, 'boldPro', 2);
    await page.getByRole('button', { name: texts.skip }).click();
    await expectOffer(page, 'socialCard', 3);
    const add = page.getByRole('button', { name: texts.add });
    await expect(add).toBeEnabled();

    // The page's timers stand still from here: the charge comes back and the next offer is drawn
    // within the double click, however long this machine takes between the two presses.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const box = (await add.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await expectOffer(page, 'coverLetter', 4);
    await expect(add).toBeDisabled();
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });

    await page.clock.resume();
    await expect(add).toBeEnabled();
    await expect(page.getByTestId('page-upsell')).toHaveAttribute('aria-busy', 'false');
    await expect(page).toHaveURL(`/payment/cover-letter-addon?orderid=${orderId}`);
    expect((await sales(page, me.UserUID)).map((t) => t.sku_detail.product_id).sort()).toEqual(['RSMBLD', 'SOCCARD']);
    await page.getByRole('button', { name: texts.skip }).click();
    await expect(page).toHaveURL((url) => url.pathname === DASHBOARD);
    expect(await sales(page, me.UserUID)).toHaveLength(2);
  });

  test(
    'the first offer can be added at once; each add-on paid is announced on the next page; the end has a way on and no second welcome',
    { tag: '@mobile' },
    async ({ page, isMobile }) => {
      test.setTimeout(45_000);
      // Whether the first offer's "Add" was disabled when it first appeared (the page's own record, so no poll can miss it).
      await page.addInitScript(() => {
        const w = window as unknown as { firstAddDisabled?: boolean };
        new MutationObserver(() => {
          const add = document.querySelector('[data-testid="upsell-add"]');
          if (add && w.firstAddDisabled === undefined) w.firstAddDisabled = add.hasAttribute('disabled');
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      const me = await signInAsFresh(page, 'new-us', DASHBOARD);
      const orderId = await planBought(page, me.UserUID);
      const prefix = isMobile ? '/payment/mobile' : '/payment';
      await page.goto(`${prefix}/upsell/resume-review?orderid=${orderId}`);
      await expectOffer(page, 'resumeReview', 1);
      expect(await page.evaluate(() => (window as unknown as { firstAddDisabled?: boolean }).firstAddDisabled)).toBe(
        false,
      );

      const prices = Object.fromEntries(
        (await api(page).skus({ userUID: me.UserUID })).map((s) => [s.ProductID, s.UnitPrice]),
      );
      const notice = page.getByTestId('page-notice');
      await page.getByRole('button', { name: texts.add }).click();
      await expectOffer(page, 'boldPro', 2);
      await expect(notice).toHaveText(
        `${texts.names.resumeReview} added to your order — ${formatMoney(prices.RSMRVW!, 'USD', 'en-US')} charged to Visa •••• 4242`,
      );
      await expect(notice).toHaveAttribute('aria-live', 'polite');
      await page.getByRole('button', { name: texts.skip }).click();
      await expectOffer(page, 'socialCard', 3);
      // The notice belongs to the page after the purchase only.
      await expect(notice).toHaveText('');
      await page.getByRole('button', { name: texts.skip }).click();
      await expectOffer(page, 'coverLetter', 4);
      await expect(page.getByRole('button', { name: texts.add })).toBeEnabled();

      if (isMobile) {
        // The last offer taken: the sequence ends on the review's confirmation, with the notice and without a second welcome.
        await page.getByRole('button', { name: texts.add }).click();
        await expect(page).toHaveURL((url) => url.pathname === '/payment/mobile/orderconfirmation');
        await expect(page.getByTestId('order-summary')).toBeVisible();
        await expect(notice).toHaveText(
          `${texts.names.coverLetter} added to your order — ${formatMoney(prices.CLWRIT!, 'USD', 'en-US')} charged to Visa •••• 4242`,
        );
        await expect(page.getByRole('button', { name: order.continue })).toBeEnabled();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      } else {
        // The review's intake ends the sequence: it can be done later, from the dashboard.
        await page.getByRole('button', { name: texts.skip }).click();
        await expect(page).toHaveURL((url) => url.pathname === '/payment/resume-review');
        await expect(page.getByTestId('intake-form')).toBeVisible();
        await expect(page.getByText(services.intake.laterNote)).toBeVisible();
        await page.getByRole('button', { name: services.intake.later }).click();
        await expect(page).toHaveURL((url) => url.pathname === DASHBOARD);
      }
      expect((await sales(page, me.UserUID)).map((t) => t.sub_type).sort()).toEqual(
        isMobile ? ['CLB', 'DRR', null] : ['DRR', null],
      );
    },
  );

  test('an add-on taken on the last offer is announced on the dashboard the sequence ends on, once', async ({
    page,
  }) => {
    test.setTimeout(45_000);
    const me = await signInAsFresh(page, 'new-us', DASHBOARD);
    const orderId = await planBought(page, me.UserUID);
    const prices = Object.fromEntries(
      (await api(page).skus({ userUID: me.UserUID })).map((s) => [s.ProductID, s.UnitPrice]),
    );
    await page.goto(`/payment/upsell/resume-review?orderid=${orderId}`);
    await expectOffer(page, 'resumeReview', 1);
    await page.getByRole('button', { name: texts.skip }).click();
    await expectOffer(page, 'boldPro', 2);
    await page.getByRole('button', { name: texts.skip }).click();
    await expectOffer(page, 'socialCard', 3);
    await page.getByRole('button', { name: texts.add }).click();
    await expectOffer(page, 'coverLetter', 4);
    // The social card leads to the dashboard (the first add-on taken decides), so the last add-on's notice goes there.
    await page.getByRole('button', { name: texts.add }).click();
    await expect(page).toHaveURL((url) => url.pathname === DASHBOARD);
    const notice = page.locator('#page-notice');
    await expect(notice).toHaveText(
      `${texts.names.coverLetter} added to your order — ${formatMoney(prices.CLWRIT!, 'USD', 'en-US')} charged to Visa •••• 4242`,
    );
    await expect(notice).toHaveAttribute('role', 'status');
    await page.reload();
    await expect(notice).toBeHidden();
  });

  test('a declined add-on and a server that stops answering leave skip and the dashboard open; a retry charges once', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us', DASHBOARD);
    const orderId = await planBought(page, me.UserUID);
    await page.goto(`/payment/upsell/resume-review?orderid=${orderId}`);
    await expectOffer(page, 'resumeReview', 1);
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);

    // The sandbox declines the saved card for this charge.
    await page.route('**/api/payments/addon', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), fail_payment: true }) }),
    );
    await page.getByRole('button', { name: texts.add }).click();
    await expect(page.getByTestId('upsell-declined')).toContainText(texts.declined);
    await expect(page.getByRole('button', { name: texts.skip })).toBeEnabled();
    await expect(page.getByRole('button', { name: texts.toDashboard })).toBeEnabled();
    await page.unroute('**/api/payments/addon');

    // Nothing answers: an error with a retry.
    await page.route('**/api/payments/addon', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'Retry-After': '1' },
        json: { error: { code: 'UNAVAILABLE', message: 'down' } },
      }),
    );
    await page.getByRole('button', { name: texts.tryAgain }).click();
    await expect(page.getByTestId('upsell-charge-failed')).toContainText(texts.unavailable);
    await page.unroute('**/api/payments/addon');
    await page.getByRole('button', { name: texts.tryAgain }).click();
    await expectOffer(page, 'boldPro', 2);
    expect((await sales(page, me.UserUID)).map((t) => t.sub_type).sort()).toEqual(['DRR', null]);

    // The sequence's load fails on a reload: an error with a retry, and the dashboard still one press away.
    await page.route(/\/api\/skus\?/, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
    );
    await page.reload();
    await expect(page.getByTestId('upsell-load-failed')).toContainText(texts.loadFailed.body);
    await expect(page.getByRole('button', { name: texts.retry })).toBeVisible();
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
    await page.getByRole('button', { name: texts.toDashboard }).click();
    await expect(page).toHaveURL((url) => url.pathname === DASHBOARD);
    expect(await sales(page, me.UserUID)).toHaveLength(2);
  });
});
