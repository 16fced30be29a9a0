/**
 * The cancellation reminder in my settings, with fresh copies of the personas since accepting
 * it saves their preference for real: a trial in variation 4 of the cancel flow is offered it
 * with the days left, accepts it once and is not offered it again; the paid text; no offer
 * outside variation 4; the address's bypass of a stored answer (but not of the local flag); a
 * failed save with its retry; no serious accessibility violation; German, by keyboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { remainingDays } from '../machines/cancellation-reminder.rules';
import { ACCEPTED_CANCELLATION_REMINDER_KEY } from '../src/domain/storage';
import { api, apiPath, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const SETTINGS = '/payment/mysettings';
const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const inVariation = (variation: number, extra = '') => `${SETTINGS}?runtest=${CANCEL_FLOW}:${variation}${extra}`;
const EN = namespaceTextsOf('en-US', 'cancel-reminder');
const DE = namespaceTextsOf('de-DE', 'cancel-reminder');
const isSaveCall = (url: URL) => url.pathname.endsWith('/savepreference') && url.pathname.startsWith(apiPath('users/'));

/** The banner as the page writes it: the days from today until the plan renews (UTC calendar days). */
async function daysLeftText(page: Page, userUid: string, texts: Record<string, any>, cycle: 'trial' | 'paid') {
  const [plan] = await api(page).subscriptions(userUid, true);
  const days = remainingDays(plan!.NextBillingDate!.slice(0, 10), new Date().toISOString().slice(0, 10));
  return (texts.daysLeft[`${cycle}_${days === 1 ? 'one' : 'other'}`] as string).replace('{{count}}', String(days));
}

async function savedReminder(page: Page, userUid: string): Promise<string | null> {
  const answer = await api(page).get<{ Preferences: { code: string; value: string }[] }>(
    `/users/${userUid}/preferences`,
  );
  return answer.Preferences.find((p) => p.code === 'CANCELLATION_REMINDER')?.value ?? null;
}

/** My settings has drawn the plan, so the reminder has had its chance to show. */
async function settingsShown(page: Page) {
  await expect(page.getByTestId('current-plan')).toBeVisible();
}

test.describe('the cancellation reminder in my settings', () => {
  test(
    'a trial in variation 4 is offered it with the days left, accepts it once, and is not offered it again',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await signInAsFresh(page.context(), 'trial-us');
      const saves: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && isSaveCall(new URL(request.url()))) saves.push(request.url());
      });
      await page.goto(inVariation(4));
      const reminder = page.getByTestId('cancellation-reminder');
      await expect(reminder.getByRole('heading', { level: 2, name: EN.heading })).toBeVisible();
      await expect(page.getByTestId('reminder-days-left')).toHaveText(
        await daysLeftText(page, me.UserUID, EN, 'trial'),
      );
      await expect(reminder).toContainText(EN.offer.trial);
      expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);

      await reminder.getByRole('button', { name: EN.accept }).click();
      await expect(page.getByTestId('reminder-status')).toHaveText(EN.confirmed.trial);
      await expect(reminder.getByRole('button', { name: EN.accept })).toHaveCount(0);
      expect(await savedReminder(page, me.UserUID)).toBe('true');
      expect(saves).toHaveLength(1);
      expect(await page.evaluate((key) => window.localStorage.getItem(key), ACCEPTED_CANCELLATION_REMINDER_KEY)).toBe(
        'true',
      );
      expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);

      await page.reload();
      await settingsShown(page);
      await expect(reminder).toHaveCount(0);
      // The saved answer alone keeps it away, in another browser as in this one.
      await page.evaluate((key) => window.localStorage.removeItem(key), ACCEPTED_CANCELLATION_REMINDER_KEY);
      await page.reload();
      await settingsShown(page);
      await expect(reminder).toHaveCount(0);
      expect(saves).toHaveLength(1);
    },
  );

  test('outside variation 4 nobody is offered it', async ({ page }) => {
    await signInAsFresh(page.context(), 'trial-us');
    await page.goto(inVariation(1));
    await settingsShown(page);
    await expect(page.getByTestId('cancellation-reminder')).toHaveCount(0);
  });

  test('bypasscncrprefcheck=true offers it despite a stored answer, with the paid text, but not once accepted in this browser', async ({
    page,
  }) => {
    // active-us has answered before (CANCELLATION_REMINDER=false) and is in a paid period.
    const me = await signInAsFresh(page.context(), 'active-us');
    expect(await savedReminder(page, me.UserUID)).toBe('false');
    const reminder = page.getByTestId('cancellation-reminder');
    await page.goto(inVariation(4));
    await settingsShown(page);
    await expect(reminder).toHaveCount(0);

    await page.goto(inVariation(4, '&bypasscncrprefcheck=true'));
    await expect(page.getByTestId('reminder-days-left')).toHaveText(await daysLeftText(page, me.UserUID, EN, 'paid'));
    await expect(reminder).toContainText(EN.offer.paid);
    await reminder.getByRole('button', { name: EN.accept }).click();
    await expect(page.getByTestId('reminder-status')).toHaveText(EN.confirmed.paid);
    expect(await savedReminder(page, me.UserUID)).toBe('true');

    // The bypass passes over a stored answer, never over the local flag.
    await page.reload();
    await settingsShown(page);
    await expect(reminder).toHaveCount(0);
  });

  test('a failed save shows the alert, keeps the offer, and its retry saves it', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'trial-us');
    await page.route(isSaveCall, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } } }),
    );
    await page.goto(inVariation(4));
    const reminder = page.getByTestId('cancellation-reminder');
    await reminder.getByRole('button', { name: EN.accept }).click();
    await expect(reminder.getByRole('alert')).toContainText(EN.saveFailed);
    await expect(reminder).toContainText(EN.offer.trial);
    await expect(reminder.getByRole('button', { name: EN.accept })).toBeEnabled();
    expect(await savedReminder(page, me.UserUID)).toBeNull();
    expect(
      await page.evaluate((key) => window.localStorage.getItem(key), ACCEPTED_CANCELLATION_REMINDER_KEY),
    ).toBeNull();

    await page.unroute(isSaveCall);
    await reminder.getByRole('alert').getByRole('button', { name: EN.retry }).click();
    await expect(page.getByTestId('reminder-status')).toHaveText(EN.confirmed.trial);
    await expect(reminder.getByRole('alert')).toHaveCount(0);
    expect(await savedReminder(page, me.UserUID)).toBe('true');
  });

  test('German for active-de in variation 4, accepted by keyboard', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-de');
    await page.goto(inVariation(4));
    const reminder = page.getByTestId('cancellation-reminder');
    await expect(reminder.getByRole('heading', { level: 2, name: DE.heading })).toBeVisible();
    await expect(page.getByTestId('reminder-days-left')).toHaveText(await daysLeftText(page, me.UserUID, DE, 'paid'));
    await expect(reminder).toContainText(DE.offer.paid);
    await expect(reminder.getByRole('button', { name: DE.dismiss })).toBeVisible();
    expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);

    await reminder.getByRole('button', { name: DE.accept }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('reminder-status')).toHaveText(DE.confirmed.paid);
    // The buttons are gone; focus stays in the reminder, on its heading.
    await expect(reminder.getByRole('heading', { level: 2, name: DE.heading })).toBeFocused();
    expect(await savedReminder(page, me.UserUID)).toBe('true');
  });

  test('dismissing hides the offer for now, saving nothing', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'trial-us');
    await page.goto(inVariation(4));
    const reminder = page.getByTestId('cancellation-reminder');
    await reminder.getByRole('button', { name: EN.dismiss }).click();
    await expect(reminder).toHaveCount(0);
    expect(await savedReminder(page, me.UserUID)).toBeNull();
  });
});
