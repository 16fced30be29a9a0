/**
 * Manage subscription and its details page with fresh copies of the personas, since some tests
 * change the plan for real: the plan and the ways on, a pause booked through the API shown with
 * the day billing resumes and ended with "resume now", the details' category before and after
 * the survey is answered, the transactions, the active-only state for an expired plan, and
 * German for active-de.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiPath, signInAs, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const MANAGE = '/payment/cancellation/manage';
const DETAILS = '/payment/subscription-details';
const PRE_CANCEL_WITH_DETAILS = '/payment/cancellation/pre/subscription-details';
const EN = namespaceTextsOf('en-US', 'manage-subscription');
const DE = namespaceTextsOf('de-DE', 'manage-subscription');
const PRE = namespaceTextsOf('en-US', 'pre-cancel');
/** Dates as the page writes them, in the browser's time zone (playwright.config.ts). */
const longDate = (iso: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Chicago' }).format(new Date(iso));

interface Details {
  SubscriptionID: number;
  SurveyAnswered: boolean;
  Transactions: { transaction_id: number }[];
}

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

test.describe('manage subscription', () => {
  test(
    'an active plan is shown with its next payment, and every way on leads where it should',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'active-us');
      const [plan] = await api(page).subscriptions(me.UserUID, true);
      await page.goto(MANAGE);
      await expect(page.getByRole('heading', { level: 1, name: EN.heading })).toBeFocused();
      await expect(page.getByTestId('manage-plan')).toContainText(plan!.SkuLabel);
      await expect(page.getByTestId('manage-plan')).toContainText(plan!.FormattedUnitPrice);
      await expect(page.getByTestId('manage-next-payment')).toContainText(longDate(plan!.NextBillingDate!));
      await expect(page.getByTestId('manage-pause')).toHaveCount(0);
      await expectNoSeriousViolations(page);

      const ways: [string, string][] = [
        [EN.saveOrPause, '/payment/cancellation/pre/offers'],
        [EN.cancel, '/payment/cancellation/pre/subscription-details'],
        [EN.toDetails, DETAILS],
        [EN.toSettings, '/payment/mysettings'],
      ];
      for (const [name, path] of ways) {
        await page.goto(MANAGE);
        await page.getByRole('button', { name }).click();
        await expect(page).toHaveURL((url) => url.pathname === path);
      }
    },
  );

  test('cancel leads to the pre-cancel page with the subscription’s details, tracked under its own page code', async ({
    page,
  }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const [plan] = await api(page).subscriptions(me.UserUID, true);
    const screens: { page_code?: unknown; path?: unknown }[] = [];
    await page.route(
      (url) => url.pathname === apiPath('events'),
      async (route) => {
        const event = route.request().postDataJSON() as {
          event_name: string;
          props: { page_code?: unknown; path?: unknown };
        } | null;
        if (event?.event_name === 'screen viewed') screens.push(event.props);
        await route.continue();
      },
    );
    await page.goto(MANAGE);
    await page.getByRole('button', { name: EN.cancel }).click();
    await expect(page).toHaveURL((url) => url.pathname === PRE_CANCEL_WITH_DETAILS);
    const details = page.getByRole('region', { name: PRE.details.heading });
    await expect(details).toContainText(plan!.SkuLabel);
    await expect(details.getByTestId('details-next-renewal')).toContainText(plan!.FormattedNextRenewalPrice);
    await expect(page.getByTestId('pre-cancel-actions').getByRole('button', { name: PRE.cancel })).toBeVisible();
    await expect
      .poll(() => screens.find((s) => s.path === PRE_CANCEL_WITH_DETAILS)?.page_code)
      .toBe('PreCancelPageWithSubscriptionDetails');
    await expectNoSeriousViolations(page);
    // The plain pre-cancel page does not show them.
    await page.goto('/payment/cancellation/pre');
    await expect(page.getByTestId('pre-cancel-actions')).toBeVisible();
    await expect(page.getByTestId('subscription-details')).toHaveCount(0);
  });

  test('a pause booked through the API shows when billing resumes, and "resume now" ends it for real', async ({
    page,
  }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const [plan] = await api(page).subscriptions(me.UserUID, true);
    await api(page).post('subscriptions/pause', {
      user_uid: me.UserUID,
      subscription_id: plan!.SubscriptionID,
      months: 2,
    });
    const [paused] = await api(page).subscriptions(me.UserUID, true);
    expect(paused!.ResumesOn).toEqual(expect.any(String));

    await page.goto(MANAGE);
    await expect(page.getByTestId('manage-resumes')).toContainText(longDate(paused!.ResumesOn!));
    await expect(page.getByTestId('manage-pause')).toContainText(longDate(paused!.ResumesOn!));
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: EN.pause.resumeNow }).click();
    await expect(page.getByRole('status')).toHaveText(EN.resumed);
    await expect(page.getByTestId('manage-pause')).toHaveCount(0);
    await expect(page.getByTestId('manage-next-payment')).toBeVisible();

    const [after] = await api(page).subscriptions(me.UserUID, true);
    expect(after).toMatchObject({ StatusCD: 'ACTV', IsPaused: false, ResumesOn: null });
  });

  test('a failed resume keeps the plan with an alert, and the retry works', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const [plan] = await api(page).subscriptions(me.UserUID, true);
    await api(page).post('subscriptions/pause', {
      user_uid: me.UserUID,
      subscription_id: plan!.SubscriptionID,
      months: 1,
    });
    const isResume = (url: URL) => url.pathname.endsWith('/subscriptions/resume');
    await page.route(isResume, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } } }),
    );
    await page.goto(MANAGE);
    await page.getByRole('button', { name: EN.pause.resumeNow }).click();
    await expect(page.getByRole('alert')).toContainText(EN.resumeFailed);
    await page.unroute(isResume);
    await page.getByTestId('manage-pause').getByRole('button', { name: EN.retry }).click();
    await expect(page.getByRole('status')).toHaveText(EN.resumed);
    const [after] = await api(page).subscriptions(me.UserUID, true);
    expect(after).toMatchObject({ IsPaused: false, ResumesOn: null });
  });

  test(
    'the details show benefits and the survey before it is answered, the review and offers after, and the transactions',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'active-us');
      const [plan] = await api(page).subscriptions(me.UserUID, true);
      const before = await api(page).get<Details>(`v2/subscriptions/${plan!.SubscriptionID}/details`);
      expect(before.SurveyAnswered).toBe(false);

      await page.goto(DETAILS);
      await expect(page.getByRole('heading', { level: 1, name: EN.details.heading })).toBeFocused();
      await expect(page.getByTestId('category-benefitsAndSurvey')).toContainText(EN.details.benefitsAndSurvey.heading);
      await expect(page.getByTestId('category-reviewAndRetention')).toHaveCount(0);
      await expect(page.getByTestId('manage-transactions').locator('tbody tr')).toHaveCount(before.Transactions.length);
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: EN.details.benefitsAndSurvey.survey }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/survey');

      await api(page).post('subscriptions/survey', {
        user_uid: me.UserUID,
        subscription_id: plan!.SubscriptionID,
        reason_cd: 1,
      });
      await page.goto(DETAILS);
      await expect(page.getByTestId('category-reviewAndRetention')).toContainText(
        EN.details.reviewAndRetention.heading,
      );
      await expect(page.getByTestId('category-benefitsAndSurvey')).toHaveCount(0);
      // The free review step may pass the person on by itself, so every address the page takes is kept.
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.getByRole('button', { name: EN.details.reviewAndRetention.review }).click();
      await expect.poll(() => visited).toContain('/payment/cancellation/review');
      await page.goto(DETAILS);
      await page.getByRole('button', { name: EN.saveOrPause }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/pre/offers');
    },
  );

  test('an expired plan sees that managing is for active plans, with the way to my settings', async ({ page }) => {
    await signInAs(page.context(), 'expired-us');
    for (const path of [MANAGE, DETAILS]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: EN.notActive.heading })).toBeVisible();
      await expect(page.getByRole('button', { name: EN.cancel })).toHaveCount(0);
      await expectNoSeriousViolations(page);
    }
    await page.getByRole('button', { name: EN.toSettings }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
  });

  test('active-de manages the plan in German', async ({ page }) => {
    await signInAsFresh(page.context(), 'active-de');
    await page.goto(MANAGE);
    await expect(page.getByRole('heading', { level: 1, name: DE.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: DE.cancel })).toBeEnabled();
    await expect(page.getByTestId('manage-plan')).toContainText(DE.plan.label);
    await expectNoSeriousViolations(page);
  });
});
