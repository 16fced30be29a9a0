/**
 * The low-intent offer popup on the sell page (§4 "Low-intent offer"): a low-intent visitor
 * sees it on a second visit (a later session), picks one extra or says no thanks, and does
 * not see it again. Uses expired-us, who sees the plans (people with a plan are not offered
 * any), and writes its LOW_INTENT_USER preference, which no other spec reads.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, isSerious } from './support/axe';
import { apiPath, expectAllRevealed, isBuiltFileOf, recordEvents, signInAs } from './support';

const PRICING = '/payment/pricing';
const consent = () =>
  localStorage.setItem('COOKIE_CONSENT', JSON.stringify({ consent: { analytics: true, personalization: true } }));

const setLowIntentFlag = () => localStorage.setItem('lowIntentUser', 'true');

/**
 * A first visit with the local low-intent flag, then a new session: the second visit. With
 * `reloadFirst`, the first visit is also reloaded, to show that a reload in the same session
 * is not a second visit.
 */
async function comeBackAsLowIntentVisitor(page: Page, options: { reloadFirst?: boolean } = {}) {
  await page.addInitScript(consent);
  await page.addInitScript(setLowIntentFlag);
  await signInAs(page.context(), 'expired-us');
  await page.goto(PRICING);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page has recorded this first visit (under this session) before the next session starts.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lowIntentSellPageVisit'))).not.toBeNull();
  if (options.reloadFirst) {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await signInAs(page.context(), 'expired-us');
  await page.goto(PRICING);
}

test('second visit: the popup shows four offers, has no accessibility violations and keeps focus inside', async ({
  page,
}) => {
  await comeBackAsLowIntentVisitor(page);
  const dialog = page.getByRole('dialog', { name: 'Welcome back! Pick a free extra' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await expect(dialog.getByRole('button', { name: 'Choose Resume check' })).toBeVisible();
  await expect(dialog.getByText('Usually $25.95')).toHaveCount(4);
  await expect(dialog.locator('s').first()).toHaveText('$25.95');
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
  // Focus is inside and stays inside.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
});

test('second visit: Escape declines, focus returns to the heading, the page is told and the choice is kept for the account', async ({
  page,
}) => {
  const events = await recordEvents(page);
  await comeBackAsLowIntentVisitor(page);
  const dialog = page.getByRole('dialog', { name: 'Welcome back! Pick a free extra' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Focus goes back where it was before the popup: the page heading.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  await expect
    .poll(() => events.map((e) => e.event_name))
    .toEqual(expect.arrayContaining(['offer shown', 'offer declined']));
  const declined = events.find((e) => e.event_name === 'offer declined')!;
  expect(declined.props).toMatchObject({
    popup_name: 'low intent offer',
    offer: 'SkipOffer',
    declined_by: 'dismissed',
    visited_second_time_to_sell_page: true,
  });
  // The local flag was saved as the account's preference.
  const me = await page.request.get(apiPath('users/claims')).then((r) => r.json());
  const prefs = await page.request.get(apiPath(`users/${me.UserUID}/preferences`)).then((r) => r.json());
  expect(prefs.Preferences).toEqual(
    expect.arrayContaining([expect.objectContaining({ code: 'LOW_INTENT_USER', value: 'true' })]),
  );
  // Declined, it stays closed.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('second visit: choosing an offer keeps it, announces it and tells the page', async ({ page }) => {
  await comeBackAsLowIntentVisitor(page, { reloadFirst: true });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Choose Cover letter' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Cover letter' })).toHaveText(
    'Saved: Cover letter is yours at no extra cost.',
  );
  const stored = await page.evaluate(() => [
    localStorage.getItem('claimedLowIntentSpecificOffer'),
    localStorage.getItem('claimedLowIntentPriceOffer'),
  ]);
  expect(JSON.parse(stored[1]!)).toMatchObject({ offer: 'CoverLetter', currency: 'USD', strikePrice: 25.95 });
});

test("the popup's code loads only when the machine opens it: not for a first visit, nor for a guest", async ({
  page,
}) => {
  const dialogCode: string[] = [];
  const offerCode: string[] = [];
  const isDialogCode = isBuiltFileOf('src/features/purchase-funnel/sell-page/LowIntentOfferDialog.tsx');
  const isOfferCode = isBuiltFileOf('src/features/purchase-funnel/sell-page/LowIntentOffer.tsx');
  page.on('request', (request) => {
    if (isDialogCode(request.url())) dialogCode.push(request.url());
    if (isOfferCode(request.url())) offerCode.push(request.url());
  });
  // A guest is never offered it: neither its machine nor its dialog loads.
  await page.goto(PRICING);
  await expect(page.getByTestId('page-sell')).toHaveAttribute('aria-busy', 'false');
  await expectAllRevealed(page);
  await page.waitForLoadState('networkidle');
  expect(offerCode, "a guest's sell page loads none of the popup's code").toEqual([]);
  // A low-intent person's first visit: the popup waits for a later session.
  await page.addInitScript(consent);
  await page.addInitScript(setLowIntentFlag);
  await signInAs(page.context(), 'expired-us');
  await page.goto(PRICING);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lowIntentSellPageVisit'))).not.toBeNull();
  await expectAllRevealed(page);
  expect(dialogCode, 'nothing loaded before the popup opened').toEqual([]);
  expect(offerCode, "a signed-in visitor's sell page loads its machine").toHaveLength(1);
  // Their second visit opens it, with its code.
  await signInAs(page.context(), 'expired-us');
  await page.goto(PRICING);
  await expect(page.getByRole('dialog', { name: 'Welcome back! Pick a free extra' })).toBeVisible();
  expect(dialogCode).toHaveLength(1);
});
