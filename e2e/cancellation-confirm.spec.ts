/**
 * The end of the signed-in cancellation, end to end with fresh copies of the personas (each
 * test cancels for real): confirm shows what ends and when, cancelling lands on the receipt
 * with the number the API then holds, a double click cancels once, a failed call keeps the
 * page with a localized error and a retry that works, German for active-de, keeping the plan
 * leaves for my settings, nothing cancellable says so, and axe finds nothing serious.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { api, apiPath, signInAs, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const CONFIRM = '/payment/cancellation/confirm';
const RECEIVED = '/payment/cancellation/received';
const EN = namespaceTextsOf('en-US', 'cancel-confirm');
const DE = namespaceTextsOf('de-DE', 'cancel-confirm');

const CANCEL_URL = (url: URL) => url.pathname === apiPath('subscriptions/cancelv2');
const isCancelCall = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === apiPath('subscriptions/cancelv2');

/** Counts the cancellation calls the page sends. */
function countCancelCalls(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (isCancelCall(request)) count += 1;
  });
  return () => count;
}

/** Dates as the page writes them, in the browser's time zone (playwright.config.ts). */
const longDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/Chicago' }).format(new Date(iso));
const longDateTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Chicago' }).format(
    new Date(iso),
  );

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

test.describe('signed-in cancellation: confirm and receipt', () => {
  test(
    'a fresh active-us cancels from confirm and lands on the receipt; the API holds the same cancellation',
    { tag: '@mobile' },
    async ({ page }) => {
      // Analytics consent given, so the cancellation's event is sent.
      await page.addInitScript(() =>
        localStorage.setItem('COOKIE_CONSENT', JSON.stringify({ consent: { analytics: true, personalization: true } })),
      );
      const me = await signInAsFresh(page.context(), 'active-us');
      const [before] = await api(page).subscriptions(me.UserUID, true);
      expect(before).toMatchObject({ StatusCD: 'ACTV', CancellationNumber: null });

      const analyticsEvents: { event_name: string; props: Record<string, unknown> }[] = [];
      await page.route(
        (url) => url.pathname === apiPath('events'),
        async (route) => {
          const event = route.request().postDataJSON() as { event_name: string; props: Record<string, unknown> } | null;
          if (event) analyticsEvents.push(event);
          await route.continue();
        },
      );
      const reported = page.waitForRequest(
        (request) =>
          request.method() === 'POST' && new URL(request.url()).pathname === apiPath('events/subscription/cancelled'),
      );

      await page.goto(CONFIRM);
      const heading = page.getByRole('heading', { level: 1, name: EN.heading });
      await expect(heading).toBeFocused();
      await expect(page.getByTestId('cancel-plan')).toHaveText(before!.SkuLabel);
      await expect(page.getByTestId('access-ends')).toHaveText(longDate(before!.EndDate, 'en-US'));
      await expect(page.getByRole('button', { name: EN.keep })).toBeEnabled();
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: EN.cancel }).click();
      await expect(page).toHaveURL((url) => url.pathname === RECEIVED);
      await expect(page.getByRole('heading', { level: 1, name: EN.received.heading })).toBeFocused();

      const [after] = await api(page).subscriptions(me.UserUID, true);
      expect(after).toMatchObject({
        SubscriptionID: before!.SubscriptionID,
        StatusCD: 'EXPR',
        EndDate: before!.EndDate,
        CancelledOn: expect.any(String),
        CancellationNumber: expect.stringMatching(/^CN\d+/),
      });
      await expect(page.getByTestId('cancellation-number')).toHaveText(after!.CancellationNumber!);
      await expect(page.getByTestId('access-ends')).toHaveText(longDate(before!.EndDate, 'en-US'));
      await expect(page.getByTestId('declared-at')).toHaveText(longDateTime(after!.CancelledOn!, 'en-US'));
      await expect(page.getByTestId('email-sent')).toContainText(me.EmailAddress);

      const body = (await reported).postDataJSON() as {
        user_id: string;
        subscription_id: number;
        props: Record<string, unknown>;
      };
      expect(body).toMatchObject({
        user_id: me.UserUID,
        subscription_id: before!.SubscriptionID,
        props: { cancellation_number: after!.CancellationNumber, cancel_flow_arm: 'offers' },
      });
      await expect
        .poll(() => analyticsEvents.find((e) => e.event_name === 'subscription cancelled on web')?.props)
        .toMatchObject({ plan: before!.SkuLabel, cancellation_number: after!.CancellationNumber });

      // Print or save prints the page.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void (window as unknown as { printed: number }).printed++;
      });
      await page.getByRole('button', { name: EN.received.print }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      // Printed, the receipt stands alone: no header, footer or buttons.
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.site-header')).toBeHidden();
      await expect(page.getByRole('button', { name: EN.received.print })).toBeHidden();
      await expect(page.getByTestId('receipt')).toBeVisible();
      await page.emulateMedia({ media: 'screen' });
      await expectNoSeriousViolations(page);
    },
  );

  test('a double click cancels once: one call, one number, and asking again answers the same', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const cancelCalls = countCancelCalls(page);
    await page.goto(CONFIRM);
    await page.getByRole('button', { name: EN.cancel }).dblclick();
    await expect(page).toHaveURL((url) => url.pathname === RECEIVED);
    const number = await page.getByTestId('cancellation-number').textContent();
    expect(cancelCalls()).toBe(1);
    const [sub] = await api(page).subscriptions(me.UserUID, true);
    expect(sub!.CancellationNumber).toBe(number);
    const again = await api(page).post<{ CancellationNumber: string }>('subscriptions/cancelv2', {
      user_uid: me.UserUID,
      subscription_id: sub!.SubscriptionID,
    });
    expect(again.CancellationNumber).toBe(number);
  });

  test('a failed cancellation shows a localized error, keeps the page, and trying again cancels', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    let fail = true;
    await page.route(CANCEL_URL, (route) =>
      fail
        ? route.fulfill({
            status: 503,
            headers: { 'Retry-After': '5' },
            json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering just now.' } },
          })
        : route.continue(),
    );
    await page.goto(CONFIRM);
    await page.getByRole('button', { name: EN.cancel }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(EN.cancelFailed);
    await expect(page).toHaveURL((url) => url.pathname === CONFIRM);
    // Nothing was cancelled, and the page still shows the plan with both choices.
    expect((await api(page).subscriptions(me.UserUID, true))[0]).toMatchObject({ StatusCD: 'ACTV' });
    await expect(page.getByTestId('cancel-summary')).toBeVisible();
    await expect(page.getByRole('button', { name: EN.keep })).toBeEnabled();
    fail = false;
    await alert.getByRole('button', { name: EN.retry }).click();
    await expect(page).toHaveURL((url) => url.pathname === RECEIVED);
    await expect(page.getByTestId('cancellation-number')).toHaveText(/^CN\d+/);
  });

  test('a fresh active-de cancels in German', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-de');
    const [before] = await api(page).subscriptions(me.UserUID, true);
    await page.goto(CONFIRM);
    await expect(page.getByRole('heading', { level: 1, name: DE.heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByTestId('access-ends')).toHaveText(longDate(before!.EndDate, 'de-DE'));
    await page.getByRole('button', { name: DE.cancel }).click();
    await expect(page).toHaveURL((url) => url.pathname === RECEIVED);
    await expect(page.getByRole('heading', { level: 1, name: DE.received.heading })).toBeVisible();
    await expect(page.getByText(DE.received.number)).toBeVisible();
    await expect(page.getByRole('button', { name: DE.received.print })).toBeVisible();
  });

  test('keeping the plan leads to my settings with nothing cancelled', async ({ page }) => {
    const me = await signInAsFresh(page.context(), 'active-us');
    const cancelCalls = countCancelCalls(page);
    await page.goto(CONFIRM);
    await page.getByRole('button', { name: EN.keep }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
    expect(cancelCalls()).toBe(0);
    expect((await api(page).subscriptions(me.UserUID, true))[0]).toMatchObject({ StatusCD: 'ACTV' });
  });

  test('an already cancelled plan: nothing to cancel, and the way to my settings', async ({ page }) => {
    await signInAs(page.context(), 'expiring-us');
    await page.goto(CONFIRM);
    await expect(page.getByRole('heading', { level: 1, name: EN.nothing.heading })).toBeFocused();
    await expect(page.getByRole('button', { name: EN.cancel })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: EN.nothing.toSettings }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
  });

  test('a failed load offers a retry that shows the plan', async ({ page }) => {
    await signInAs(page.context(), 'active-uk');
    let fail = true;
    await page.route('**/api/pages/cancel?*', (route) =>
      fail ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }) : route.continue(),
    );
    await page.goto(CONFIRM);
    await expect(page.getByRole('alert')).toContainText(EN.loadFailed);
    fail = false;
    await page.getByRole('button', { name: EN.retry }).click();
    await expect(page.getByTestId('cancel-summary').or(page.getByTestId('nothing-to-cancel'))).toBeVisible();
  });
});
