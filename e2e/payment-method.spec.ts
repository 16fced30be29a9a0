/**
 * Change payment method (issue 15): a new card is kept on file without a charge, a declined card
 * keeps the old one, a suspended person's missed renewal is paid once with the new card however
 * often the button is pressed, and a save that fails half-way keeps the old card and offers a retry.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, futureExpiry, signInAsFresh, TEST_CARDS } from './support';
import { axeViolations, isSerious } from './support/axe';

const PAGE = '/payment/change-payment-method';

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

/** Types a card into the sandbox frame in its update mode and presses its save button `presses` times. */
async function enterCard(page: Page, number: string, presses = 1) {
  const frame = page.frameLocator('[data-testid="card-frame"]');
  await frame.locator('#card-number').fill(number);
  await frame.locator('#card-expiry').fill(futureExpiry());
  await frame.locator('#card-cvc').fill('123');
  const save = frame.getByRole('button', { name: 'Save card' });
  if (presses === 1) await save.click();
  else await save.dblclick();
}

test.describe('change payment method', () => {
  test(
    'active-us puts 4242 on file without a charge, with her billing name and address; my settings shows it',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'active-us');
      const salesBefore = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE' })).items.length;
      await page.goto('/payment/mysettings');
      await expect(page.getByTestId('payment-method')).toContainText(/ending in \d{4}/);
      await page.getByRole('link', { name: 'Change payment method' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Change payment method' })).toBeFocused();
      await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(me.FirstName);
      await page.getByRole('textbox', { name: /ZIP code/ }).fill('60601');
      await expectNoSeriousViolations(page);

      await enterCard(page, TEST_CARDS.success);
      await expect(page.getByTestId('save-status')).toHaveText('Your new card is saved. Nothing was charged.');
      await page.getByRole('link', { name: 'Back to my settings' }).click();
      await expect(page.getByTestId('payment-method')).toHaveText('Visa ending in 4242');
      expect((await api(page).transactions(me.UserUID, { transactionTypes: 'SALE' })).items).toHaveLength(salesBefore);
      const billing = await page.request.get(`/api/payments/${me.UserUID}/paymentmethod`);
      expect((await billing.json()).BillingUser).toMatchObject({
        FirstName: me.FirstName,
        LastName: me.LastName,
        ZipCode: '60601',
      });
    },
  );

  test('a declined 4000…0002 keeps the card on file and says so', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    await page.goto(PAGE);
    const onFile = page.getByTestId('payment-method');
    await expect(onFile).toContainText(/ending in \d{4}/);
    const oldCard = (await onFile.textContent())!;
    await enterCard(page, TEST_CARDS.declined);
    await expect(page.getByTestId('card-declined')).toContainText(
      'That card was declined. Your card on file has not changed.',
    );
    await expect(onFile).toHaveText(oldCard);
    await page.goto('/payment/mysettings');
    await expect(page.getByTestId('payment-method')).toHaveText(oldCard);
  });

  test('suspended-us sees the billing problem, fixes the card with a double click and is active again with one new SALE', async ({
    page,
  }) => {
    const me = await signInAsFresh(page.context(), 'suspended-us');
    const salesBefore = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE' })).items.length;
    await page.goto('/payment/problem');
    await expect(page.getByTestId('page-billing-problem')).toBeVisible();
    await expect(page.getByTestId('billing-problem')).toContainText('your access is on hold');
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Update my card' }).click();
    await expect(page).toHaveURL(/\/payment\/change-payment-method$/);
    await expect(page.getByTestId('retry-note')).toContainText('$');

    await enterCard(page, TEST_CARDS.success, 2);
    await expect(page.getByTestId('save-status')).toContainText('Your subscription is active again');
    const sales = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE' })).items;
    expect(sales).toHaveLength(salesBefore + 1);
    const [plan] = await api(page).subscriptions(me.UserUID, true);
    expect(plan!.StatusCD).toBe('ACTV');

    await page.goto('/payment/mysettings');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('billing-problem')).toHaveCount(0);
    await expect(page.getByTestId('payment-method')).toHaveText('Visa ending in 4242');
  });

  test('a card update that fails half-way keeps the old card and offers a retry that saves it', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    let down = true;
    await page.route('**/api/payments/paymentmethod', (route) =>
      down && route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            headers: { 'Retry-After': '1' },
            json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering just now.' } },
          })
        : route.continue(),
    );
    await page.goto(PAGE);
    const oldCard = (await page.getByTestId('payment-method').textContent())!;
    await enterCard(page, TEST_CARDS.success);
    await expect(page.getByTestId('save-failed')).toContainText(
      'We could not save your card just now. Your card on file has not changed.',
    );
    await expect(page.getByTestId('payment-method')).toHaveText(oldCard);
    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('payment-method')).toHaveText('Visa ending in 4242');
  });

  test('active-de finds the page at its German address, in German, and no subscription error', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-de');
    await page.goto('/payment/zahlungsmethode-aendern');
    await expect(page.getByRole('heading', { level: 1, name: 'Zahlungsmethode ändern' })).toBeVisible();
    await expect(page.getByTestId('payment-method')).toHaveText('Mastercard, endet auf 4444');
    await expect(
      page.frameLocator('[data-testid="card-frame"]').getByRole('button', { name: 'Karte speichern' }),
    ).toBeVisible();
    // The subscription error, for someone whose payments are in order, says so.
    await page.goto('/payment/subscription-error');
    await expect(page.getByTestId('no-billing-problem')).toHaveText('Ihre Zahlungen sind in Ordnung.');
  });
});
