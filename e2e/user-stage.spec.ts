/** Sell pages and order confirmations record the signed-in person's user stage (spec §2). */
import { expect, test } from '@playwright/test';
import { api, signInAs } from './support';

test('a signed-in person on the sell page records "choose access"; my settings records nothing', async ({ page }) => {
  const me = await signInAs(page.context(), 'trial-us');
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/users/userstage')) posts += 1;
  });
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/users/userstage'));
  await page.goto('/payment/pricing');
  expect((await posted).status()).toBe(201);
  expect(posts).toBe(1);
  const stored = await api(page).get<{ UserStageID: number | null; SessionID: string | null }>(
    '/pages/userstagesession',
    { pageId: 'PricingPage', userUid: me.UserUID },
  );
  expect(stored).toMatchObject({ UserStageID: 1, SessionID: me.SessionID });

  await page.goto('/payment/mysettings');
  await expect(page.getByTestId('page-my-settings')).toBeVisible();
  expect(posts).toBe(1);
});

test('a guest on the sell page records no user stage', async ({ page }) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/users/userstage')) posts += 1;
  });
  await page.goto('/payment/pricing');
  await expect(page.getByTestId('page-sell')).toBeVisible();
  await page.waitForTimeout(500);
  expect(posts).toBe(0);
});
