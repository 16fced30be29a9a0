/**
 * Checkout drawn at once for a signed-in person: the server settles start-up and the funnel for
 * new-us and sends checkout's top (steps, heading, order summary, payment methods, the card
 * frame's slot) in the page. The app then draws the same top in place: the summary never leaves
 * the screen, no loader covers it, and nothing moves (CLS within 0.02).
 */
import { expect, test } from '@playwright/test';
import { api, signInAs, signInAsFresh } from './support';
import { watchFromFirstPaint } from './support/first-paint-watch';
import { watchHeadingTakeovers } from './support/heading-takeover';
import { formatMoney } from '../src/domain/money';
import { planPriceOf } from '../src/domain/sell-plans';

const summaryIn = (html: string) =>
  html.match(/<section class="[^"]*\border-summary\b[^"]*".*?<\/section>/)?.[0] ?? null;
/** react-aria names its button with an id of its own on each side: the only part that may differ. */
const withoutAriaIds = (html: string | null) => html?.replace(/ id="react-aria[^"]*"/g, '') ?? null;

test(
  'new-us: the order summary is in the first HTML, and stays in place while the app takes over',
  { tag: '@mobile' },
  async ({ page, isMobile }) => {
    // A fresh copy: another spec may have sold the shared new-us a plan by now.
    const me = await signInAsFresh(page, 'new-us');
    const [plan] = await api(page).skus({ userUID: me.UserUID, sellPageOnly: true });
    const path = `/payment/${isMobile ? 'mobile/' : ''}checkout?skuid=${plan!.SkuID}`;
    const price = formatMoney(planPriceOf(plan!).today, plan!.CurrencyCD, 'en-US');

    // The page as it arrives, before any script has run.
    const served = summaryIn(await (await page.request.get(path)).text());
    expect(served, 'the order summary is in the page as served').toContain(`data-sku-id="${plan!.SkuID}"`);
    expect(served).toContain(price);

    const watched = await watchFromFirstPaint(page, { selector: '[data-testid="order-summary"]' });
    // The checkout headings taken out of the page: the server's, when the app takes over, and no other.
    const takeovers = await watchHeadingTakeovers(page, 'checkout-heading', '[data-testid="card-frame"]');
    // And the order summary's: the app's page takes its first drawing over in place.
    const summaryTakeovers = await watchHeadingTakeovers(page, 'order-summary-heading', '[data-testid="card-frame"]');
    await page.goto(path);
    // The first page of a run may wait for a cold server's files.
    await expect(page.getByTestId('card-frame')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('summary-due')).toHaveText(price);
    // The app's summary is the server's, to the attribute (react-aria's own ids aside).
    expect(withoutAriaIds(await page.getByTestId('order-summary').evaluate((e) => e.outerHTML))).toBe(
      withoutAriaIds(served),
    );
    const seen = await watched();
    expect(seen.seen).toBe(true);
    expect(seen.left, 'the summary never left the screen').toBe(false);
    expect(seen.loaderShown, 'no loader covered the drawn checkout').toBe(false);
    expect(seen.layoutShift).toBeLessThanOrEqual(0.02);
    // The app first draws the server's top again and then the page, under one heading: the heading
    // that took focus on arrival is still the page's, not a copy drawn after it.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const taken = await takeovers();
    expect(taken.removed).toBe(1);
    expect(taken.alongsideAtFirst, "the app's first drawing is the server's top, without the card frame").toBe(false);
    // The summary too is taken out once, when the app first draws: the page that follows keeps the
    // app's drawn summary and changes only what differs, rather than drawing the body again.
    expect(await summaryTakeovers()).toEqual({ removed: 1, alongsideAtFirst: false });
  },
);

test('active-us: no checkout is drawn, and the app tells them they have a plan', async ({ page }) => {
  const me = await signInAs(page, 'active-us');
  const [plan] = await api(page).skus({ userUID: me.UserUID, sellPageOnly: true });
  const path = `/payment/checkout?skuid=${plan!.SkuID}`;
  expect(summaryIn(await (await page.request.get(path)).text())).toBeNull();
  await page.goto(path);
  await expect(page.getByTestId('already-subscribed')).toBeVisible();
  await expect(page.getByTestId('order-summary')).toHaveCount(0);
});
