/**
 * Billing history's and the survey's tops drawn at once for a signed-in person: the server sends
 * the page's heading and the line under it in the first HTML (drawn-page-top.ts), the app keeps
 * that top while start-up settles (no loader covers it) and the page then draws the same top in
 * the same place: the heading never leaves the screen and nothing moves (CLS within 0.02).
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAsFresh } from './support';
import { watchFromFirstPaint } from './support/first-paint-watch';
import { namespaceTextsOf } from './support/locales';

const billingTexts = namespaceTextsOf('en-US', 'billing') as { history: { title: string } };
const surveyTexts = namespaceTextsOf('en-US', 'cancel-survey') as { heading: string; headingPersonal: string };
/** active-us's latest document is a resume for this job (server/db/seed/personas.ts). */
const ACTIVE_US_JOB = 'Marketing Manager';

const drawnTopIn = (html: string) =>
  html.match(/<section class="simple-page[^"]*"[^>]*data-testid="drawn-page-top".*?<\/section>/)?.[0] ?? null;

const PAGES = [
  {
    name: 'billing history',
    path: '/payment/transactions',
    headingId: 'billing-heading',
    heading: billingTexts.history.title,
    loadedHeading: billingTexts.history.title,
    pageTestId: 'page-billing-history',
    line: (page: Page) => page.getByTestId('billing-range'),
  },
  {
    name: 'the cancellation survey',
    path: '/payment/cancellation/survey',
    headingId: 'cancel-survey-heading',
    // While it loads the survey has its plain heading; loaded, it names the person's job.
    heading: surveyTexts.heading,
    loadedHeading: surveyTexts.headingPersonal.replace('{{jobTitle}}', ACTIVE_US_JOB),
    pageTestId: 'page-cancellation-survey',
    line: null,
  },
] as const;

test.describe('page tops drawn by the server', () => {
  for (const drawn of PAGES) {
    test(
      `${drawn.name}: the heading is in the first HTML, and stays in place while the app takes over`,
      { tag: '@mobile' },
      async ({ page }) => {
        // A fresh copy (same documents): what another spec does to the shared active-us does not reach it.
        await signInAsFresh(page.context(), 'active-us');
        // The app keeps the browser's time zone in a cookie, written when its page is left; billing history's range is the visitor's day.
        await page.goto('/payment/mysettings');
        await expect(page.getByTestId('page-my-settings')).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
        expect(
          (await page.context().cookies()).find((c) => c.name === 'tz'),
          'not written while the app starts',
        ).toBeUndefined();
        await page.goto('about:blank');
        await expect
          .poll(async () => (await page.context().cookies()).find((c) => c.name === 'tz')?.value)
          .toBe(encodeURIComponent('America/Chicago'));
        // The page as it arrives, before any script has run.
        const served = drawnTopIn(await (await page.request.get(drawn.path)).text());
        expect(served, 'the top is in the page as served').toContain(
          `<h1 id="${drawn.headingId}" tabindex="-1">${drawn.heading}</h1>`,
        );

        // The page may put more into its heading once it has loaded (the survey names the person's job); the element stays.
        const watched = await watchFromFirstPaint(page, { selector: `#${drawn.headingId}`, text: drawn.heading });
        await page.goto(drawn.path);
        await expect(page.getByTestId(drawn.pageTestId)).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('drawn-page-top')).toHaveCount(0);
        const heading = page.getByRole('heading', { level: 1, name: drawn.loadedHeading });
        // The page's own heading, which takes focus so a screen reader announces the page.
        await expect(heading).toBeFocused();
        if (drawn.line) {
          // The line the server drew is the one the page draws.
          const line = served!.match(/<p class="lead">(.*?)<\/p>/)![1]!;
          await expect(drawn.line(page)).toHaveText(line);
        }
        const seen = await watched();
        expect(seen.seen).toBe(true);
        expect(seen.left, 'the heading never left the screen').toBe(false);
        expect(seen.loaderShown, 'no loader covered the drawn top').toBe(false);
        expect(seen.layoutShift).toBeLessThanOrEqual(0.02);
      },
    );
  }

  test('a guest is drawn no page top, and start-up sends them where it sends a guest (the timeout page)', async ({
    page,
  }) => {
    expect(drawnTopIn(await (await page.request.get('/payment/transactions')).text())).toBeNull();
    await page.goto('/payment/transactions');
    await expect(page).toHaveURL((url) => url.pathname === '/payment/timeout');
    await expect(page.getByTestId('page-timeout')).toBeVisible();
    await expect(page.getByTestId('page-billing-history')).toHaveCount(0);
  });
});
