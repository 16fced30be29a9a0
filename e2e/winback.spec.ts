/**
 * Winback (issue #15): a fresh copy of `expired-us` opens the winback page, takes the
 * welcome-back offer through the checkout in winback mode, and is Active; the purchase event is
 * the winback variant, and a second redemption is refused. Then an Expiring person (invited back
 * as EXPR_WIN), German prices, a failing API, and axe.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { TEST_CARDS, api, apiPath, futureExpiry, recordEvents, signInAs, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const texts = namespaceTextsOf('en-US', 'winback');
const german = namespaceTextsOf('de-DE', 'winback');
const blocks = namespaceTextsOf('en-US', 'sell-blocks');
const WINBACK_MONTHLY_US = 130;
const WINBACK_ANNUAL_US = 131;

test.describe('winback', () => {
  test(
    'an Expired person takes the welcome-back offer, is Active, the event is the winback variant, and a second redemption is refused',
    { tag: '@mobile' },
    async ({ page, isMobile }) => {
      test.setTimeout(45_000);
      const me = await signInAsFresh(page, 'expired-us');
      const events = await recordEvents(page);
      await page.goto('/payment/winback');
      // The page's code arrives with the first answer: allow for a loaded machine.
      await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${me.FirstName}` })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByTestId('winback-lead')).toHaveText(texts.lead_other.replace('{{count}}', '50'));
      const monthly = page.getByTestId(`winback-offer-${WINBACK_MONTHLY_US}`);
      await expect(monthly.getByTestId('winback-price')).toHaveText('$11.95');
      await expect(monthly).toContainText('Save 50%');
      await expect(page.getByTestId(`winback-offer-${WINBACK_ANNUAL_US}`).getByTestId('winback-price')).toHaveText(
        '$39.00',
      );

      await monthly.getByRole('button').click();
      const checkout = isMobile ? '/payment/mobile/checkout' : '/payment/checkout';
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === checkout &&
          url.searchParams.get('skuid') === String(WINBACK_MONTHLY_US) &&
          url.searchParams.get('mode') === 'winback',
      );
      // The summary names the offer chosen, with its terms; the steps are a returning member's (no "Build resume ✓").
      await expect(page.getByTestId('summary-plan')).toHaveText('Welcome-Back Monthly');
      await expect(page.getByTestId('summary-renewal')).toHaveText('It renews at $11.95 every month until you cancel.');
      const steps = page.getByTestId('funnel-breadcrumb');
      await expect(steps.getByRole('listitem')).toHaveText([
        `✓${blocks.breadcrumb.step.chooseOffer}${blocks.breadcrumb.complete}`,
        `2${blocks.breadcrumb.step.paymentDetails}`,
        `3${blocks.breadcrumb.step.finished}`,
      ]);
      await expect(steps).not.toContainText(blocks.breadcrumb.step.buildCv);
      const frame = page.getByTestId('card-frame').contentFrame();
      await frame.locator('#card-number').fill(TEST_CARDS.success);
      await frame.locator('#card-expiry').fill(futureExpiry());
      await frame.locator('#card-cvc').fill('123');
      await frame.locator('#pay').click();
      await expect(page).toHaveURL(
        (url) => /\/orderconfirmation$/.test(url.pathname) && url.searchParams.get('flow') === 'winback',
        { timeout: 15_000 },
      );
      const orderId = Number(new URL(page.url()).searchParams.get('orderid'));

      await expect
        .poll(
          () =>
            events
              .filter((e) => e.event_name.startsWith('purchased') && e.props.TransactionID === orderId)
              .map((e) => e.event_name),
          { timeout: 10_000 },
        )
        .toEqual(['purchased winback']);
      const [plan] = await api(page).subscriptions(me.UserUID, true);
      expect(plan).toMatchObject({ SkuID: WINBACK_MONTHLY_US, StatusCD: 'ACTV' });
      const sales = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE', top: 50 })).items.filter(
        (t) => t.transaction_id === orderId,
      );
      expect(sales.map((t) => t.price)).toEqual([11.95]);

      // Back on the winback page: the person has a plan now. Once it lapses, the offer stays used.
      await page.goto('/payment/winback');
      await expect(page.getByRole('heading', { level: 1, name: texts.active.heading })).toBeVisible();
      await api(page).post('/subscriptions/cancelv2', { user_uid: me.UserUID, subscription_id: plan!.SubscriptionID });
      const again = await api(page).raw('POST', '/payments', {
        body: {
          user_uid: me.UserUID,
          sku_id: WINBACK_MONTHLY_US,
          session_guid: randomUUID(),
          payment_method: 'CRCD',
          card_type: 'VISA',
          last_four_digits: '4242',
        },
      });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('WINBACK_REDEEMED');
      await page.goto('/payment/winback');
      await expect(page.getByRole('heading', { level: 1, name: texts.redeemed.heading })).toBeVisible();
    },
  );

  test('an Expiring person is invited back (EXPR_WIN) with the one offer for their ten days; axe finds nothing serious', async ({
    page,
  }) => {
    await signInAs(page.context(), 'expiring-us');
    await page.goto('/payment/winback');
    await expect(page.getByTestId('winback-lead')).toHaveText(texts.leadExpiring, { timeout: 15_000 });
    await expect(page.getByRole('list', { name: texts.offersHeading }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId(`winback-offer-${WINBACK_MONTHLY_US}`)).toBeVisible();
    expect((await axeViolations(page)).filter(isSerious)).toEqual([]);
  });

  test('a German person who just cancelled reads the page in German with euros; the API down shows an error with a retry that works', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'active-de');
    const [plan] = await api(page).subscriptions(me.UserUID, true);
    await api(page).post('/subscriptions/cancelv2', { user_uid: me.UserUID, subscription_id: plan!.SubscriptionID });
    let failures = 1;
    await page.route(
      (url) => url.pathname === apiPath(`winback/${me.UserUID}`),
      async (route) => {
        if (failures-- > 0)
          return route.fulfill({
            status: 503,
            headers: { 'Retry-After': '5' },
            json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
          });
        return route.continue();
      },
    );
    await page.goto('/payment/winback');
    await expect(page.getByRole('alert')).toContainText(german.loadFailed, { timeout: 15_000 });
    await page.getByRole('button', { name: german.retry }).click();
    await expect(page.getByRole('heading', { level: 2, name: german.offersHeading })).toBeVisible();
    await expect(page.getByTestId('winback-lead')).toHaveText(german.leadExpiring);
    // The German market's monthly welcome-back offer: 12,45 € a month.
    await expect(page.getByTestId('winback-offer-330').getByTestId('winback-price')).toHaveText('12,45\u00a0€');
  });
});
