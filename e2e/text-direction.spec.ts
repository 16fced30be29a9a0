/** Right-to-left cultures come from configuration. */
import { expect, test } from '@playwright/test';

const shellConfig = (cultures: string[]) => ({
  Flags: [],
  Experiments: [],
  Features: [
    {
      FeatureCD: 'rightToLeftCultures',
      ModuleName: 'Shell',
      Rule: { SupportedForAll: true },
      Config: { Show: true, Data: { cultures } },
    },
  ],
});

test('the seeded configuration leaves English left to right', async ({ page }) => {
  await page.goto('/payment/cancellation/request');
  await expect(page.locator('#cancellation-request-heading')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('a culture the configuration names as right to left turns the page around', async ({ page }) => {
  await page.route('**/api/config/features?moduleName=Shell', (route) =>
    route.fulfill({ json: shellConfig(['ar-AE', 'en-US']) }),
  );
  await page.goto('/payment/cancellation/request');
  await expect(page.locator('#cancellation-request-heading')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
