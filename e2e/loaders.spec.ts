/** Start-up loaders (spec §2 "Loaders and start-up"). */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support';

/** Holds the claims answer until the test lets it go, so the loader can be looked at. */
async function holdClaims(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/claims', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a full-page spinner at z-index 1099 covers the page until user and theme data are in', async ({ page }) => {
  await signInAs(page.context(), 'active-us');
  const release = await holdClaims(page);
  await page.goto('/payment/mysettings');
  const loader = page.getByTestId('full-page-loader');
  await expect(loader).toBeVisible();
  await expect(loader).toHaveCSS('z-index', '1099');
  await expect(loader).toHaveCSS('position', 'fixed');
  await expect(page.getByTestId('page-my-settings')).toHaveCount(0);
  release();
  await expect(loader).toHaveCount(0);
  await expect(page.getByTestId('page-my-settings')).toBeVisible();
});

test('animatecv switches on the animation loader, which greets the person by display name', async ({ page }) => {
  await signInAs(page.context(), 'employer');
  const release = await holdClaims(page);
  await page.goto('/payment/pricing?animatecv=true');
  const loader = page.getByTestId('full-page-loader');
  await expect(loader).toHaveClass(/full-page-loader--animation/);
  await expect(loader).toContainText('Hello, Grace W.!');
  release();
  await expect(loader).toHaveCount(0);
});

test('without animatecv the plain spinner shows, with the loading text', async ({ page }) => {
  const release = await holdClaims(page);
  await page.goto('/payment/cancellation/request');
  const loader = page.getByTestId('full-page-loader');
  await expect(loader).toHaveClass(/full-page-loader--spinner/);
  await expect(loader).toContainText('Loading…');
  release();
  await expect(loader).toHaveCount(0);
});
