/**
 * Faults on the logged-out cancellation form: the API fails mid-flow. The person gets a clear,
 * localized error and a working retry, nothing typed is lost, and nothing is submitted twice.
 */
import { expect, test, type Page } from '@playwright/test';

async function fillForm(page: Page, accountId: string) {
  await page.goto('/payment/cancellation/request');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('fault.test@example.org');
  await page.getByRole('textbox', { name: 'Account ID' }).fill(accountId);
  await page.getByText("I'm not a robot", { exact: true }).click();
  await expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
}

for (const fault of [
  {
    name: 'a 500 answer',
    message: 'Something went wrong on our side. Please try again.',
    apply: (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
  },
  {
    name: 'no network',
    message: 'We could not reach our servers. Check your connection and try again.',
    apply: (route: Parameters<Parameters<Page['route']>[1]>[0]) => route.abort('internetdisconnected'),
  },
]) {
  test(`${fault.name} on submit: a localized error, the input kept, and a retry that sends once`, async ({ page }) => {
    const accountId = String(Date.now()).slice(-9);
    let failuresLeft = 1;
    let reachedServer = 0;
    await page.route('**/api/v2/subscriptions/cancel', async (route) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return fault.apply(route);
      }
      reachedServer += 1;
      return route.continue();
    });
    await fillForm(page, accountId);
    await page.getByRole('button', { name: 'Cancel now' }).click();

    const alert = page.getByTestId('submit-failure');
    await expect(alert).toContainText(fault.message);
    await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('fault.test@example.org');
    await expect(page.getByRole('textbox', { name: 'Account ID' })).toHaveValue(accountId);
    expect(reachedServer).toBe(0);

    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'We received your cancellation' })).toBeVisible();
    await expect(page.getByTestId('receipt')).toContainText(accountId);
    expect(reachedServer).toBe(1);
  });
}

test("a rate-limited answer says so in the person's language", async ({ page }) => {
  await page.route('**/api/v2/subscriptions/cancel', (route) =>
    route.fulfill({ status: 429, json: { error: { code: 'RATE_LIMITED', message: 'slow down' } } }),
  );
  await fillForm(page, '987654');
  await page.getByRole('button', { name: 'Cancel now' }).click();
  await expect(page.getByTestId('submit-failure')).toContainText(
    'Too many attempts. Please wait a moment and try again.',
  );
});
