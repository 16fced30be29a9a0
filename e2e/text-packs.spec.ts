/**
 * A page fetches only the texts it draws from (src/i18n/text-packs.ts): the funnel's pages and the
 * logged-out cancellation form the core pack, every other page the rest as well, which its loader
 * waits for, so no page is ever drawn with a missing text.
 */
import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS, builtFileOf, expectAllRevealed, fillCheckoutCard, signInAs, signInAsFresh } from './support';
import { namespaceTextsOf } from './support/locales';

const BILLING = namespaceTextsOf('en-US', 'billing') as { history: { title: string } };
const COMMON = namespaceTextsOf('en-US', 'common') as { cancellationRequest: { title: string } };

/** The text packs the page asks for, in the order it asks. */
function watchTextPacks(page: Page) {
  const packs: string[] = [];
  const packFiles = new Map(
    (['core', 'more'] as const).map((pack) => [builtFileOf(`src/i18n/culture-texts/en-US.${pack}.ts`), pack]),
  );
  page.on('request', (request) => {
    const pack = packFiles.get(new URL(request.url()).pathname);
    if (pack) packs.push(pack);
  });
  return packs;
}

test("a guest's sell page fetches the core texts once and nothing more", async ({ page }) => {
  const packs = watchTextPacks(page);
  await page.goto('/payment/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await expectAllRevealed(page);
  await page.waitForLoadState('networkidle');
  expect(packs).toEqual(['core']);
});

test('the logged-out cancellation form draws from the core texts alone', async ({ page }) => {
  const packs = watchTextPacks(page);
  await page.goto('/payment/cancellation/request');
  await expect(page.getByRole('heading', { level: 1, name: COMMON.cancellationRequest.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(packs).toEqual(['core']);
});

test('billing history, opened directly, fetches both packs and draws its own texts', async ({ page }) => {
  await signInAs(page, 'active-us');
  const packs = watchTextPacks(page);
  await page.goto('/payment/transactions');
  await expect(page.getByRole('heading', { level: 1, name: BILLING.history.title })).toBeVisible({ timeout: 15_000 });
  expect(packs.sort()).toEqual(['core', 'more']);
});

test('paying moves on to the order confirmation, whose loader fetches the rest of the texts before drawing it', async ({
  page,
}) => {
  const packs = watchTextPacks(page);
  await signInAsFresh(page, 'new-us', '/payment/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await page.getByTestId('plan-option-fullAccess').click();
  await page.getByTestId('continue-to-checkout').click();
  const frame = await fillCheckoutCard(page, TEST_CARDS.success);
  expect(packs, 'the sell page and checkout draw from the core texts alone').toEqual(['core']);
  await frame.locator('#pay').click();
  await expect(page).toHaveURL(/\/payment\/orderconfirmation\?orderid=\d+/, { timeout: 15_000 });
  // The order namespace's own heading, never its key.
  await expect(page.getByRole('heading', { level: 1, name: /^Congratulations/ })).toBeVisible();
  expect(packs).toEqual(['core', 'more']);
});

test("a signed-in person's cancellation receipt, opened directly, is drawn with its texts from the first drawing", async ({
  page,
}) => {
  const CONFIRM_TEXTS = namespaceTextsOf('en-US', 'cancel-confirm') as {
    cancel: string;
    received: { heading: string };
  };
  // Every heading the page ever draws, so a heading drawn from a text's key for a moment is caught.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
    new MutationObserver(() => document.querySelectorAll('h1').forEach((h) => seen.push(h.textContent ?? ''))).observe(
      document,
      { subtree: true, childList: true, characterData: true },
    );
  });
  await signInAsFresh(page, 'active-us');
  await page.goto('/payment/cancellation/confirm');
  await page.getByRole('button', { name: CONFIRM_TEXTS.cancel }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/received');
  const packs = watchTextPacks(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: CONFIRM_TEXTS.received.heading })).toBeVisible();
  expect(packs.sort()).toEqual(['core', 'more']);
  const headings = await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen);
  expect(
    headings.filter((text) => /^[\w-]+(\.[\w-]+)+$/.test(text.trim())),
    'no heading drawn as a text key',
  ).toEqual([]);
});
