/**
 * The save offers page (the survey's "see the offer") with fresh copies of the personas, since
 * each test changes the plan for real: the renewal discount taken and shown in my settings and
 * not offered again, a pause booked with the day billing resumes, a failure that keeps the page,
 * cancel beside the offers, the holdout offered nothing, and German for active-de.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiPath, signInAs, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const OFFERS = '/payment/cancellation/pre/offers';
const EN = namespaceTextsOf('en-US', 'save-offers');
const DE = namespaceTextsOf('de-DE', 'save-offers');
const isPauseCall = (url: URL) => url.pathname === apiPath('subscriptions/pause');
/** Dates as the page writes them, in the browser's time zone (playwright.config.ts). */
const longDate = (iso: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Chicago' }).format(new Date(iso));
const pauseLabel = (months: number) =>
  (months === 1 ? EN.pause.for_one : EN.pause.for_other).replace('{{count}}', String(months));

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

test.describe('save offers', () => {
  test(
    'the discount is taken for real, shown in my settings, and not offered again',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'active-us');
      await page.goto(OFFERS);
      const take = page.getByRole('button', { name: EN.discount.take.replace('{{percent}}', '50') });
      await expect(take).toBeEnabled();
      await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
      await expectNoSeriousViolations(page);
      await take.click();
      await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');

      const [after] = await api(page).subscriptions(me.UserUID, true);
      expect(after).toMatchObject({ StatusCD: 'ACTV', RenewalDiscountPercent: 50 });
      // Half the price, to the cent (half a cent up).
      expect(after!.NextRenewalPrice).toBe(Math.round(after!.UnitPrice * 50) / 100);
      await expect(page.getByTestId('renewal-discount')).toContainText('50% off');
      await expect(page.getByTestId('renewal-discount')).toContainText(after!.FormattedNextRenewalPrice);

      await page.goto(OFFERS);
      await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
      await expect(page.getByTestId('discount-offer')).toHaveCount(0);
    },
  );

  test('a pause is booked from the end of the paid period, and my settings shows when billing resumes', async ({
    page,
  }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const [before] = await api(page).subscriptions(me.UserUID, true);
    await page.goto(OFFERS);
    await page.getByRole('button', { name: pauseLabel(2) }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
    const [after] = await api(page).subscriptions(me.UserUID, true);
    expect(after).toMatchObject({ StatusCD: 'ACTV', PausedFrom: before!.EndDate, ResumesOn: expect.any(String) });
    const resumes = new Date(before!.EndDate);
    resumes.setUTCMonth(resumes.getUTCMonth() + 2);
    expect(after!.ResumesOn!.slice(0, 10)).toBe(resumes.toISOString().slice(0, 10));
    await expect(page.getByTestId('pause')).toContainText(longDate(after!.ResumesOn!));
  });

  test('a failed pause keeps the page with the offers and cancel beside them; cancel leads to the confirmation', async ({
    page,
  }) => {
    await signInAsFresh(page.context(), 'active-us');
    await page.route(isPauseCall, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } } }),
    );
    await page.goto(OFFERS);
    await page.getByRole('button', { name: pauseLabel(1) }).click();
    await expect(page.getByRole('alert')).toContainText(EN.failed);
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
    await page.unroute(isPauseCall);
    await page.getByRole('button', { name: EN.cancel }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/confirm');
  });

  test('the holdout is offered nothing but the choice to cancel or keep', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    await page.goto(`${OFFERS}?runtest=e1000000-0000-4000-8000-000000000002:2`);
    await expect(page.getByRole('button', { name: EN.cancel })).toBeEnabled();
    await expect(page.getByTestId('discount-offer')).toHaveCount(0);
    await expect(page.getByTestId('pause-offer')).toHaveCount(0);
  });

  test('active-de is offered the same in German', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-de');
    await page.goto(OFFERS);
    await expect(page.getByRole('heading', { level: 1, name: DE.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: DE.cancel })).toBeEnabled();
    await expect(page.getByTestId('pause-offer')).toContainText(DE.pause.heading);
    await expectNoSeriousViolations(page);
  });
});
