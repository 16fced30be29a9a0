/**
 * axe on the pages that exist, for each kind of visitor: no serious or critical violations.
 * Every scan runs on the desktop viewport; the pages whose phone layout differs most (MOBILE_SCANS)
 * are also scanned on the mobile viewport, where responsive CSS can hide or move elements.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, isSerious } from './support/axe';
import { signInAs, type PersonaId } from './support';
import { useOnePageForTheDescribe } from './support/one-page';

const RECEIPT = {
  CancellationNumber: 'CN20261123000042',
  ReceivedAt: '2026-11-23T09:30:00.000Z',
  EffectiveDate: null,
  AccountId: '100000042',
  EmailAddress: 'someone@example.com',
  IsExtraordinary: false,
};

async function expectNoSeriousViolations(page: Page) {
  await expect(page.locator('.full-page-loader')).toHaveCount(0);
  await expect(page.locator('main h1')).toBeVisible();
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

const VISITORS: { who: 'guest' | PersonaId; paths: string[] }[] = [
  {
    who: 'guest',
    paths: [
      '/payment/cancellation/request',
      '/payment/cancellation/abo-kuendigen',
      '/payment/cancellation/received',
      '/payment/pricing',
      '/payment/timeout',
    ],
  },
  { who: 'new-us', paths: ['/payment/pricing', '/payment/no-such-page'] },
  {
    who: 'active-us',
    paths: [
      '/payment/mysettings',
      '/payment/transactions',
      '/payment/upsell/social-card',
      '/payment/upsell/bold-pro',
      '/payment/upsell/calm',
      '/payment/ai-tool',
      '/payment/upsell/offers',
    ],
  },
  { who: 'expired-us', paths: ['/payment/winback', '/payment/pricing?runtest=e1000000-0000-4000-8000-000000000001:4'] },
  {
    who: 'new-in',
    paths: [
      '/payment/checkout?skuid=402',
      '/payment/mobile/plans',
      '/payment/pricing?runtest=e1000000-0000-4000-8000-000000000001:6',
    ],
  },
  { who: 'trial-us', paths: ['/payment/abandon-cart'] },
];

// The pages also scanned on a phone (`who path`): the sell pages, checkout, the logged-out
// cancellation form, my settings and the billing history's table. The survey's scan runs on a
// phone in cancellation-survey.spec.ts.
const MOBILE_SCANS = new Set([
  'guest /payment/cancellation/request',
  'new-us /payment/pricing',
  'new-in /payment/checkout?skuid=402',
  'new-in /payment/mobile/plans',
  'active-us /payment/mysettings',
  'active-us /payment/transactions',
]);

test.describe('accessibility', () => {
  for (const { who, paths } of VISITORS) {
    test.describe(`as ${who}`, () => {
      // Each page is opened afresh in one browser page, signed in once.
      const page = useOnePageForTheDescribe(async (context) => {
        if (who !== 'guest') await signInAs(context, who);
        await context.addInitScript(
          (receipt) => sessionStorage.setItem('cancellationReceipt', JSON.stringify(receipt)),
          RECEIPT,
        );
      });
      for (const path of paths) {
        test(`${path} as ${who}`, { tag: MOBILE_SCANS.has(`${who} ${path}`) ? '@mobile' : [] }, async () => {
          await page().goto(path);
          await expectNoSeriousViolations(page());
        });
      }
    });
  }

  test('the form with every error shown', async ({ page }) => {
    await page.goto('/payment/cancellation/request');
    await page.getByRole('button', { name: 'Cancel now' }).click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the scan reports what it must: a nameless button and an image without text, added to a clean page', async ({
    page,
  }) => {
    await page.goto('/payment/cancellation/request');
    // The app draws the page again over the server's frame: what is added before that is swept away with the frame.
    await expect(page.getByRole('textbox').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.locator('main').evaluate((main) => {
      main.insertAdjacentHTML(
        'beforeend',
        '<button type="button" id="nameless"></button><img id="textless" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
      );
    });
    const found = (await axeViolations(page)).filter(isSerious);
    expect(found.map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
    expect(found.map((v) => v.summary).join(' ')).toMatch(/#nameless.*#textless|#textless.*#nameless/);
  });
});
