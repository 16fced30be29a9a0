/**
 * The pre-cancel page with fresh copies of the personas (taking an offer changes the plan for
 * real): the save offer over the feature-based page in the US, cancel beside it, taking the offer
 * for real and not being offered it again, the holdout, one-click, the button order per device,
 * German for active-de with the standard page and support's contact, faults with a retry, and
 * nothing to cancel for an expired plan.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiPath, signInAs, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf, textsOf } from './support/locales';

const PRE = '/payment/cancellation/pre';
const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const EN = namespaceTextsOf('en-US', 'pre-cancel');
const DE = namespaceTextsOf('de-DE', 'pre-cancel');
const isSaveOfferCall = (url: URL) => url.pathname === apiPath('subscriptions/saveoffer');

const inVariation = (variation: number) => `${PRE}?runtest=${CANCEL_FLOW}:${variation}`;

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

/** The labels of the page's two main buttons, in the order they stand. */
const actionOrder = (page: Page) => page.getByTestId('pre-cancel-actions').getByRole('button').allTextContents();

test.describe('pre-cancel', () => {
  test(
    'my settings leads to the save offer over the US feature page; "no thanks, cancel" goes on to the survey',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      await signInAsFresh(page.context(), 'active-us', '/payment/mysettings');
      await page.goto('/payment/mysettings');
      await page.getByRole('link', { name: textsOf('en-US').mySettings.cancelSubscription }).click();
      await expect(page).toHaveURL((url) => url.pathname === PRE);

      const offer = page.getByRole('dialog', { name: EN.offer.freeMonth.title });
      await expect(offer).toBeVisible();
      await expect(offer.getByRole('button', { name: EN.offer.cancelAnyway })).toBeEnabled();
      await expect(page.getByTestId('feature-based')).toHaveCount(1);
      await expectNoSeriousViolations(page);

      // The details first: the offer closes, the page keeps both choices.
      await offer.getByRole('button', { name: EN.offer.notNow }).click();
      await expect(offer).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: EN.heading })).toBeVisible();
      const mobile = testInfo.project.name.includes('mobile');
      expect(await actionOrder(page)).toEqual(mobile ? [EN.keep, EN.cancel] : [EN.cancel, EN.keep]);
      for (const feature of ['downloads', 'templates', 'coverLetters', 'review'] as const) {
        await expect(page.getByTestId('feature-based')).toContainText(EN.features[feature]);
      }
      await expect(page.getByTestId('complaint')).toContainText(EN.complaint.technicalProblem.heading);
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: EN.cancel }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/survey');
    },
  );

  test("support's contact is drawn with the page, so the buttons below it never move once shown", async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    // Support's contact answers late: the page waits for it rather than pushing its buttons down when it comes.
    await page.route(
      (url) => url.pathname === apiPath('config/csdetails'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      },
    );
    await page.goto(inVariation(2));
    const cancel = page.getByRole('button', { name: EN.cancel, exact: true });
    await expect(cancel).toBeVisible();
    const first = await cancel.boundingBox();
    await expect(page.getByTestId('complaint').getByTestId('support-contact')).toBeVisible();
    expect(await cancel.boundingBox()).toEqual(first);
  });

  test('taking the free month moves the next payment a month on, and the offer is not made again', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const [before] = await api(page).subscriptions(me.UserUID, true);
    await page.goto(PRE);
    await page.getByRole('dialog').getByRole('button', { name: EN.offer.freeMonth.accept }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');

    const [after] = await api(page).subscriptions(me.UserUID, true);
    expect(after!.StatusCD).toBe('ACTV');
    const next = new Date(before!.NextBillingDate!);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(new Date(after!.NextBillingDate!).toISOString().slice(0, 10)).toBe(next.toISOString().slice(0, 10));
    // My settings shows the later payment date.
    const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Chicago' }).format(
      new Date(after!.NextBillingDate!),
    );
    await expect(page.getByTestId('current-plan')).toContainText(longDate);

    // A second pass: the limit is used, so the page shows no offer and cancel is still there.
    await page.goto(PRE);
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the holdout is shown no offer; one-click cancels straight to the confirmation', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    await page.goto(inVariation(2));
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(inVariation(3));
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: EN.cancel }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/confirm');
  });

  test('active-de sees the standard page in German, with support to turn to', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-de');
    await page.goto(PRE);
    const offer = page.getByRole('dialog', { name: DE.offer.freeMonth.title });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: DE.offer.notNow }).click();
    await expect(page.getByRole('heading', { level: 1, name: DE.heading })).toBeVisible();
    await expect(page.getByTestId('feature-based')).toHaveCount(0);
    await expect(page.getByTestId('standard-page')).toBeVisible();
    await expect(page.getByTestId('support-contact')).toContainText('kundenservice@');
    await expect(page.getByRole('button', { name: DE.cancel })).toBeEnabled();
    await expectNoSeriousViolations(page);
  });

  test('a failed offer keeps the choice for a retry with cancel beside it; a failed load retries', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    await page.route(isSaveOfferCall, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } } }),
    );
    await page.goto(PRE);
    await page.getByRole('dialog').getByRole('button', { name: EN.offer.freeMonth.accept }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(EN.offerFailed);
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
    await page.unroute(isSaveOfferCall);
    await alert.getByRole('button', { name: EN.retry }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
    const [after] = await api(page).subscriptions(me.UserUID, true);
    expect(after!.StatusCD).toBe('ACTV');

    let failures = 1;
    await page.route(
      (url) => url.pathname === apiPath('pages/cancel'),
      (route) =>
        failures-- > 0
          ? route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } } })
          : route.continue(),
    );
    await page.goto(PRE);
    await expect(page.getByRole('alert')).toContainText(EN.loadFailed);
    await page.getByRole('button', { name: EN.retry }).click();
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
  });

  test('an expired plan has nothing to cancel, and says so', async ({ page }) => {
    await signInAs(page.context(), 'expired-us');
    await page.goto(PRE);
    await expect(page.getByRole('heading', { level: 1, name: EN.nothing.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: EN.cancel })).toHaveCount(0);
    await page.getByRole('button', { name: EN.nothing.toSettings }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
  });
});
