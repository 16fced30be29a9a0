/**
 * The funnel's other ways through: alternative payment methods (PayPal, UPI) with the
 * sandbox approval page and the processing page, the job-apply flow, the abandoned cart, the
 * legacy checkout address, a keyboard-only purchase, and an API that fails mid-flow.
 * Paying tests use fresh copies of personas (see purchase-funnel.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS, api, futureExpiry, signInAsFresh } from './support';

const sales = async (page: Page, userUID: string) =>
  (await api(page).transactions(userUID, { transactionTypes: 'SALE', top: 50 })).items.filter(
    (t) => t.status_cd === 'SUCC',
  );
const cardFrame = (page: Page) => page.getByTestId('card-frame').contentFrame();

async function toCheckout(page: Page, tier: 'limitedAccess' | 'fullAccess' | 'annualAccess') {
  await page.getByTestId(`plan-option-${tier}`).click();
  await page.getByTestId('continue-to-checkout').click();
  await expect(page.getByTestId('order-summary')).toBeVisible();
}

test.describe('alternative payment methods', () => {
  test('PayPal: approve at the provider, the processing page completes the payment and lands on the confirmation', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us', '/payment/pricing');
    await toCheckout(page, 'fullAccess');
    await page.getByTestId('payment-method-PYPL').click();
    await cardFrame(page)
      .getByRole('button', { name: /PayPal/ })
      .click();
    await expect(page).toHaveURL(/\/sandbox\/apm\?/);
    await page.getByRole('button', { name: /Approve/ }).click();
    await expect(page).toHaveURL(/\/payment\/orderconfirmation\?orderid=\d+&skuid=\d+/, { timeout: 15_000 });
    const [current] = await api(page).subscriptions(me.UserUID, true);
    expect(current?.StatusCD).toBe('ACTV');
    const sold = await sales(page, me.UserUID);
    expect(sold).toHaveLength(1);
    expect(sold[0]!.payment_method_cd).toBe('PYPL');
  });

  test('PayPal: cancelling at the provider returns to checkout with the plan kept and nothing charged', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us', '/payment/pricing');
    await toCheckout(page, 'annualAccess');
    await page.getByTestId('payment-method-PYPL').click();
    await cardFrame(page)
      .getByRole('button', { name: /PayPal/ })
      .click();
    await page.getByRole('button', { name: /Cancel/ }).click();
    await expect(page.getByTestId('payment-failure')).toHaveAttribute('data-code', 'apm_cancelled');
    await expect(page.getByTestId('summary-plan')).toHaveText('Annual Access');
    expect(await sales(page, me.UserUID)).toHaveLength(0);
    expect(await api(page).subscriptions(me.UserUID, true)).toEqual([]);
  });

  test('UPI in India: approve and land on the confirmation, charged in rupees', async ({ page }) => {
    const me = await signInAsFresh(page, 'new-in', '/payment/pricing');
    await toCheckout(page, 'fullAccess');
    await page.getByTestId('payment-method-DUPI').click();
    await cardFrame(page).getByRole('button', { name: /UPI/ }).click();
    await page.getByRole('button', { name: /Approve/ }).click();
    await expect(page).toHaveURL(/\/payment\/orderconfirmation\?orderid=\d+/, { timeout: 15_000 });
    const sold = await sales(page, me.UserUID);
    expect(sold.map((t) => [t.payment_method_cd, t.currency_cd])).toEqual([['DUPI', 'INR']]);
  });
});

test.describe('job-apply flow', () => {
  test('an open job is named on the sell page with its apply link', async ({ page }) => {
    await signInAsFresh(page, 'new-us', '/payment/pricing?flow=2&j_id=J-OPEN-1');
    await expect(page.getByTestId('job-open')).toBeVisible();
    await expect(page.getByTestId('job-open').getByRole('link')).toHaveAttribute(
      'href',
      'https://careers.acme.example/apply/1',
    );
  });

  for (const [what, jobId] of [
    ['an expired job', 'J-EXPIRED-1'],
    ['a job of another market', 'J-UK-ONLY-1'],
    ['a job the lookup cannot find', 'J-NO-SUCH-JOB'],
  ] as const) {
    test(`${what} counts as expired, and the plans are still offered`, async ({ page }) => {
      await signInAsFresh(page, 'new-us', `/payment/pricing?flow=2&j_id=${jobId}`);
      await expect(page.getByTestId('job-expired')).toBeVisible();
      await expect(page.getByTestId('plan-chooser')).toBeVisible();
    });
  }
});

test('the abandon-cart page brings back the plan left at checkout', async ({ page }) => {
  await signInAsFresh(page, 'new-us', '/payment/pricing');
  await toCheckout(page, 'limitedAccess');
  await page.goto('/payment/abandon-cart');
  await expect(page.getByTestId('cart-reminder')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Limited Access/ })).toBeChecked();
});

test('the legacy secure checkout address still works for a plan named in it', async ({ page }) => {
  const me = await signInAsFresh(page, 'new-us', '/payment/pricing');
  const [, full] = await api(page).skus({ userUID: me.UserUID, sellPageOnly: true });
  await page.goto(`/payment/secure/checkout?skuid=${full!.SkuID}`);
  await expect(page.getByTestId('order-summary')).toHaveAttribute('data-sku-id', String(full!.SkuID));
});

test('keyboard only: choose a plan, continue, pay and arrive on the confirmation', async ({ page }) => {
  await signInAsFresh(page, 'new-us', '/payment/pricing');
  await expect(page.getByRole('radio', { name: /Full Access/ })).toBeChecked();
  await page.getByRole('radio', { name: /Full Access/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /Annual Access/ })).toBeChecked();
  // Tab leaves the radio group; the next stops are plans' "what it includes" disclosures, then the continue button.
  const continueButton = page.getByTestId('continue-to-checkout');
  await page.keyboard.press('Tab');
  for (let stop = 0; stop < 3 && !(await continueButton.evaluate((el) => el === document.activeElement)); stop++) {
    await expect(page.locator('details.plan-includes > summary:focus')).toHaveCount(1);
    await page.keyboard.press('Tab');
  }
  await expect(continueButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-summary')).toBeVisible();
  const frame = cardFrame(page);
  await frame.locator('#card-number').focus();
  await page.keyboard.type(TEST_CARDS.success);
  await page.keyboard.press('Tab');
  await page.keyboard.type(futureExpiry());
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\/orderconfirmation\?orderid=\d+/, { timeout: 15_000 });
});

test.describe('faults', () => {
  test('the plans fail to load: a localized error with a retry that works', async ({ page }) => {
    await signInAsFresh(page, 'new-us', '/dashboard');
    let failing = true;
    await page.route(/\/api\/skus\?/, (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"INTERNAL","message":"boom"}}',
          })
        : route.fallback(),
    );
    await page.goto('/payment/pricing');
    await expect(page.getByRole('alert')).toContainText('We could not load the plans just now.');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('plan-chooser')).toBeVisible();
  });

  test('the payment service is unreachable mid-payment: the failure is shown, the plan kept, and the retry charges once', async ({
    page,
  }) => {
    const me = await signInAsFresh(page, 'new-us', '/payment/pricing');
    await toCheckout(page, 'fullAccess');
    await page.route(/\/api\/payments$/, (route) => route.abort('internetdisconnected'));
    const frame = cardFrame(page);
    await frame.locator('#card-number').fill(TEST_CARDS.success);
    await frame.locator('#card-expiry').fill(futureExpiry());
    await frame.locator('#card-cvc').fill('123');
    await frame.locator('#pay').click();
    await expect(page.getByTestId('payment-failure')).toHaveAttribute('data-code', 'network_error');
    await expect(page.getByTestId('summary-plan')).toHaveText('Full Access');
    expect(await sales(page, me.UserUID)).toHaveLength(0);

    await page.unroute(/\/api\/payments$/);
    await frame.locator('#pay').click();
    await expect(page).toHaveURL(/\/payment\/orderconfirmation\?orderid=\d+/, { timeout: 15_000 });
    expect(await sales(page, me.UserUID)).toHaveLength(1);
  });

  test('a double click on pay and a reload of checkout afterwards never charge twice', async ({ page }) => {
    const me = await signInAsFresh(page, 'new-us', '/payment/pricing');
    await toCheckout(page, 'limitedAccess');
    const frame = cardFrame(page);
    await frame.locator('#card-number').fill(TEST_CARDS.success);
    await frame.locator('#card-expiry').fill(futureExpiry());
    await frame.locator('#card-cvc').fill('123');
    await frame.locator('#pay').dblclick();
    await expect(page).toHaveURL(/\/payment\/orderconfirmation\?orderid=\d+/, { timeout: 15_000 });
    await page.goBack();
    await page.reload();
    await expect(page.getByTestId('already-subscribed')).toBeVisible();
    expect(await sales(page, me.UserUID)).toHaveLength(1);
  });
});

test('change plan at checkout returns to the plans with the chosen one still selected, and continues with the new one', async ({
  page,
}) => {
  const me = await signInAsFresh(page, 'new-us', '/payment/pricing');
  const skus = await api(page).skus({ userUID: me.UserUID, sellPageOnly: true });
  await toCheckout(page, 'limitedAccess');
  await page.getByTestId('change-plan').click();
  await expect(page).toHaveURL(/\/payment\/pricing\?skuid=\d+$/);
  await expect(page.getByRole('radio', { name: /Limited Access/ })).toBeChecked();
  await page.getByTestId('plan-option-annualAccess').click();
  await page.getByTestId('continue-to-checkout').click();
  const annual = skus.find((s) => s.PlanTier === 'annualAccess')!;
  await expect(page.getByTestId('order-summary')).toHaveAttribute('data-sku-id', String(annual.SkuID));
  await expect(page.getByTestId('card-frame')).toHaveAttribute('src', new RegExp(`skuId=${annual.SkuID}&`));
});
