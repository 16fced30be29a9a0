/**
 * The final offer page (cancellation/final-offer) with fresh copies of the personas, since a
 * pause changes the plan for real: the month's pause booked, cancel beside it leading to the
 * confirmation, a failure that keeps the page, the holdout passed on to the confirmation, and German for
 * active-de.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiPath, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const FINAL = '/payment/cancellation/final-offer';
const EN = namespaceTextsOf('en-US', 'final-offer');
const DE = namespaceTextsOf('de-DE', 'final-offer');
const isPauseCall = (url: URL) => url.pathname === apiPath('subscriptions/pause');

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

test.describe('final offer', () => {
  test('a month’s pause is booked for real and leads to my settings', { tag: '@mobile' }, async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    await page.goto(FINAL);
    await expect(page.getByRole('heading', { level: 1, name: EN.heading })).toBeFocused();
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
    await expectNoSeriousViolations(page);
    const pauses: unknown[] = [];
    await page.route(isPauseCall, async (route) => {
      pauses.push(route.request().postDataJSON());
      await route.continue();
    });
    await page.getByRole('button', { name: EN.pause.take }).click();
    // The route handler runs after the request event, so wait for the handler itself to see it.
    await expect.poll(() => pauses).toEqual([expect.objectContaining({ user_uid: me.UserUID, months: 1 })]);
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
    expect(pauses, 'one pause, however the page went on').toHaveLength(1);
    const [plan] = await api(page).subscriptions(me.UserUID, true);
    expect(plan).toMatchObject({ StatusCD: 'ACTV' });
  });

  test('a failed pause keeps the page with cancel beside it; cancel leads to the confirmation', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    await page.route(isPauseCall, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } } }),
    );
    await page.goto(FINAL);
    await page.getByRole('button', { name: EN.pause.take }).click();
    await expect(page.getByRole('alert')).toContainText(EN.failed);
    await expect(page.getByRole('button', { name: EN.pause.take })).toBeEnabled();
    await page.getByRole('button', { name: EN.cancel }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/confirm');
  });

  test('the holdout is offered nothing: the page passes on to the confirmation in its place', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-us');
    await page.goto('/payment/mysettings');
    await page.goto(`${FINAL}?runtest=e1000000-0000-4000-8000-000000000002:2`);
    await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/confirm');
    await expect(page.getByTestId('page-cancellation-confirm')).toBeVisible();
    await expect(page.getByTestId('final-pause-offer')).toHaveCount(0);
    // The final offer replaced itself: going back returns to where the person came from.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
  });

  test('active-de is offered the same in German', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-de');
    await page.goto(FINAL);
    await expect(page.getByRole('heading', { level: 1, name: DE.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: DE.cancel })).toBeEnabled();
    await expect(page.getByTestId('final-pause-offer')).toContainText(DE.pause.heading);
    await expectNoSeriousViolations(page);
  });
});
