/**
 * The rating after a cancellation (cancellation/rating) with fresh copies of the personas: the
 * plan is cancelled through the API, the receipt links to the rating, and the rating is sent as
 * an analytics event with the stars and the comment's length (never its words); a failed send
 * keeps the answers for a retry; skipping is one click; German for active-de.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiPath, signInAsFresh } from './support';
import { axeViolations, isSerious } from './support/axe';
import { namespaceTextsOf } from './support/locales';

const RECEIVED = '/payment/cancellation/received';
const RATING = '/payment/cancellation/rating';
const EN = namespaceTextsOf('en-US', 'cancel-rating');
const DE = namespaceTextsOf('de-DE', 'cancel-rating');
const stars = (texts: typeof EN, count: number) =>
  (count === 1 ? texts.stars_one : texts.stars_other).replace('{{count}}', String(count));
const isRatedEvent = (url: URL, body: { event_name?: string } | null) =>
  url.pathname === apiPath('events') && body?.event_name === 'cancellation rated';

async function expectNoSeriousViolations(page: Page) {
  expect((await axeViolations(page)).filter(isSerious).map((v) => v.summary)).toEqual([]);
}

/** A fresh copy of the persona with its plan cancelled through the API, and analytics consent given. */
async function cancelled(page: Page, persona: 'active-us' | 'active-de') {
  await page.addInitScript(() =>
    localStorage.setItem('COOKIE_CONSENT', JSON.stringify({ consent: { analytics: true, personalization: true } })),
  );
  const me = await signInAsFresh(page.context(), persona);
  const [plan] = await api(page).subscriptions(me.UserUID, true);
  await api(page).post('subscriptions/cancelv2', { user_uid: me.UserUID, subscription_id: plan!.SubscriptionID });
  return me;
}

test.describe('cancellation rating', () => {
  test(
    'from the receipt, the rating is sent with the stars and the comment’s length, and thanked',
    { tag: '@mobile' },
    async ({ page }) => {
      const me = await cancelled(page, 'active-us');
      await page.goto(RECEIVED);
      await page.getByRole('link', { name: EN.link }).click();
      await expect(page).toHaveURL((url) => url.pathname === RATING);
      await expect(page.getByRole('heading', { level: 1, name: EN.heading })).toBeFocused();
      await expect(page.getByRole('button', { name: EN.submit })).toBeDisabled();
      await expectNoSeriousViolations(page);

      await page.getByTestId('rating-4').click();
      const comment = 'Reach me at jane@example.com';
      await page.getByRole('textbox', { name: EN.commentLabel }).fill(comment);
      // The request's body is read where it is routed; waitForRequest tells that it was posted.
      const bodies: unknown[] = [];
      await page.route(
        (url) => url.pathname === apiPath('events'),
        async (route) => {
          const posted = route.request().postDataJSON() as { event_name?: string } | null;
          if (posted?.event_name === 'cancellation rated') bodies.push(posted);
          await route.continue();
        },
      );
      const sent = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === apiPath('events'),
      );
      await page.getByRole('button', { name: EN.submit }).click();
      await sent;
      await expect(page.getByRole('heading', { level: 1, name: EN.thanks.heading })).toBeVisible();
      await expect.poll(() => bodies.length).toBe(1);
      const body = bodies[0] as { user_id: string; props: Record<string, unknown> };
      expect(body).toMatchObject({
        user_id: me.UserUID,
        event_name: 'cancellation rated',
        props: { rating: 4, comment_length: comment.length },
      });
      expect(JSON.stringify(body)).not.toContain('jane');
      await expect(page.getByRole('heading', { level: 1, name: EN.thanks.heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(EN.thanks.status);
    },
  );

  test('a failed send keeps the stars and the comment; trying again sends them', async ({ page }) => {
    await cancelled(page, 'active-us');
    let failures = 1;
    await page.route(
      (url) => url.pathname === apiPath('events'),
      async (route) => {
        if (isRatedEvent(new URL(route.request().url()), route.request().postDataJSON()) && failures-- > 0) {
          return route.fulfill({
            status: 503,
            headers: { 'Retry-After': '5' },
            json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
          });
        }
        return route.continue();
      },
    );
    await page.goto(RATING);
    await page.getByTestId('rating-2').click();
    await page.getByRole('textbox', { name: EN.commentLabel }).fill('Too expensive');
    await page.getByRole('button', { name: EN.submit }).click();
    await expect(page.getByRole('alert')).toContainText(EN.failed);
    await expect(page.getByRole('radio', { name: stars(EN, 2) })).toBeChecked();
    await expect(page.getByRole('textbox', { name: EN.commentLabel })).toHaveValue('Too expensive');
    await page.getByRole('button', { name: EN.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: EN.thanks.heading })).toBeVisible();
  });

  test('skipping is one click and sends nothing', async ({ page }) => {
    await cancelled(page, 'active-us');
    const rated: string[] = [];
    await page.route(
      (url) => url.pathname === apiPath('events'),
      async (route) => {
        if (isRatedEvent(new URL(route.request().url()), route.request().postDataJSON()))
          rated.push(route.request().url());
        await route.continue();
      },
    );
    await page.goto(RATING);
    await page.getByRole('button', { name: EN.skip }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    expect(rated).toEqual([]);
  });

  test('active-de rates in German', async ({ page }) => {
    await cancelled(page, 'active-de');
    await page.goto(RECEIVED);
    await page.getByRole('link', { name: DE.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: DE.heading })).toBeFocused();
    await expect(page.getByRole('radio', { name: stars(DE, 5) })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
