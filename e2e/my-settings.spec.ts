/** My settings in each persona's own culture: German text and euro amounts with the symbol after the number (§9). */
import { expect, test } from '@playwright/test';
import { api, isBuiltFileOf, signInAs } from './support';
import { textsOf } from './support/locales';

test('active-de sees German text and the euro price with the symbol after the number', async ({ page }) => {
  const me = await signInAs(page.context(), 'active-de');
  const [plan] = await api(page).subscriptions(me.UserUID, true);
  await page.goto('/payment/mysettings');
  // The first page of a run may wait for a cold server.
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Einstellungen' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  const price = page.getByTestId('plan-price');
  const expected = `${plan!.UnitPrice.toFixed(2).replace('.', ',')}\u00a0€`;
  await expect(price).toHaveText(expected);
  // Another spec may have cancelled this persona's plan already: the page names whatever status the API has.
  const statusNames = textsOf('de-DE').mySettings.statusName as Record<string, string>;
  await expect(page.getByTestId('current-plan')).toContainText(statusNames[plan!.StatusCD]!);
});

test('active-us sees dollars with the symbol before the number', async ({ page }) => {
  const me = await signInAs(page.context(), 'active-us');
  const [plan] = await api(page).subscriptions(me.UserUID, true);
  await page.goto('/payment/mysettings');
  await expect(page.getByRole('heading', { level: 1, name: 'My settings' })).toBeVisible();
  await expect(page.getByTestId('plan-price')).toHaveText(`$${plan!.UnitPrice.toFixed(2)}`);
  await expect(page.getByRole('link', { name: 'Cancel my subscription' })).toBeVisible();
});

test('new-in has no plan yet and is offered no cancellation', async ({ page }) => {
  await signInAs(page.context(), 'new-in');
  await page.goto('/payment/mysettings');
  await expect(page.getByTestId('no-plan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel my subscription' })).toHaveCount(0);
});

test('a failed load shows a localized error and a working retry', async ({ page }) => {
  await signInAs(page.context(), 'active-uk');
  let fail = true;
  await page.route('**/api/subscriptions?*', (route) =>
    fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await page.goto('/payment/mysettings');
  await expect(page.getByRole('alert')).toContainText('We could not reach our servers');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('current-plan')).toBeVisible();
});

test('a signed-in visitor whose claims the server cannot answer just now (503) gets a retry, not the signed-out page', async ({
  page,
}) => {
  await signInAs(page.context(), 'active-uk');
  let unavailable = true;
  await page.route('**/api/users/claims', (route) =>
    unavailable
      ? route.fulfill({
          status: 503,
          headers: { 'Retry-After': '5' },
          json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering just now.' } },
        })
      : route.continue(),
  );
  await page.goto('/payment/mysettings');
  await expect(page.getByRole('alert')).toContainText('We could not reach our servers');
  expect(new URL(page.url()).pathname).toBe('/payment/mysettings');
  unavailable = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('current-plan')).toBeVisible();
});

test('while the next page loads, the page shown stays and the main area says it is busy', async ({ page }) => {
  await signInAs(page.context(), 'active-us');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the pre-cancel page's code until the busy main area has been seen.
  await page.route(isBuiltFileOf('src/features/cancellation/PreCancelPage.tsx'), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/payment/mysettings');
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1, name: 'My settings' })).toBeVisible();
  await expect(main).not.toHaveAttribute('aria-busy', 'true');
  await page.getByRole('link', { name: 'Cancel my subscription' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/pre');
  await expect(main).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'My settings' })).toBeVisible();
  release();
  await expect(page.getByTestId('page-cancellation-pre')).toBeVisible();
  await expect(main).not.toHaveAttribute('aria-busy', 'true');
});
