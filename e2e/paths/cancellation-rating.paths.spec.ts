/**
 * The cancellation rating page driven through the paths generated from its machine
 * (cancellation-rating.plan.ts), for active-us with analytics consent. The rating's own event
 * (POST events, `cancellation rated`) is answered in the path's order: as it is, a failure
 * (503), or held where the path stops waiting; the app's other events pass. At every state the
 * page must show what the state means.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { apiPath, signInAs } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { cancellationRatingPlan } from './cancellation-rating.plan';

const texts = namespaceTextsOf('en-US', 'cancel-rating');
const PAGE = '/payment/cancellation/rating';
const starsLabel = (count: number) =>
  (count === 1 ? texts.stars_one : texts.stars_other).replace('{{count}}', String(count));

type Outcome = 'real' | 'failure';
const outcomeOf = (event: EventObject): Outcome => (event.type.startsWith('xstate.error.') ? 'failure' : 'real');

async function answerRatings(page: Page, outcomes: Outcome[], holdAfter: boolean) {
  let asked = 0;
  await page.route(
    (url) => url.pathname === apiPath('events'),
    async (route: Route) => {
      const body = route.request().postDataJSON() as { event_name?: string } | null;
      if (body?.event_name !== 'cancellation rated') return route.continue();
      const outcome = outcomes[asked++];
      if (outcome === undefined) {
        if (holdAfter) return; // held: the page stays sending while it is looked at
        return route.continue();
      }
      if (outcome === 'failure')
        return route.fulfill({
          status: 503,
          headers: { 'Retry-After': '5' },
          json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
        });
      return route.continue();
    },
  );
}

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.matches('skipped')) {
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    return;
  }
  if (s.hasTag('busy') && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-cancellation-rating');
  if (s.matches('thanked')) {
    await expect(page.getByRole('heading', { level: 1, name: texts.thanks.heading })).toBeVisible();
    await expect(section.getByRole('status')).toHaveText(texts.thanks.status);
    return;
  }
  if (s.hasTag('busy')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(texts.sending);
    await expect(page.getByRole('button', { name: texts.skip })).toBeDisabled();
    return;
  }
  await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
  const rating = s.context.rating as number | null;
  for (const stars of [1, 2, 3, 4, 5])
    await expect(page.getByRole('radio', { name: starsLabel(stars) })).toBeChecked({ checked: stars === rating });
  await expect(page.getByRole('textbox', { name: texts.commentLabel })).toHaveValue(s.context.comment as string);
  await expect(page.getByRole('button', { name: texts.skip })).toBeEnabled();
  if (s.matches('sendFailed')) {
    await expect(page.getByRole('alert')).toContainText(texts.failed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
  } else {
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: texts.submit })).toBeEnabled({ enabled: rating !== null });
  }
}

async function drive(page: Page, event: EventObject & { rating?: number; comment?: string }) {
  switch (event.type) {
    case 'rating.choose':
      return page.getByTestId(`rating-${event.rating!}`).click();
    case 'rating.comment':
      return page.getByRole('textbox', { name: texts.commentLabel }).fill(event.comment!);
    case 'rating.submit':
      return page.getByRole('button', { name: texts.submit }).click();
    case 'rating.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'rating.skip':
      return page.getByRole('button', { name: texts.skip }).click();
    default:
      return; // the server's answer to the request before
  }
}

test.describe('cancellation rating, along the paths of its machine', () => {
  for (const path of cancellationRatingPlan.paths) {
    test(path.name, async ({ page }) => {
      await page.addInitScript(() =>
        localStorage.setItem('COOKIE_CONSENT', JSON.stringify({ consent: { analytics: true, personalization: true } })),
      );
      await signInAs(page.context(), 'active-us');
      const last = path.expected.at(-1)!;
      await answerRatings(
        page,
        path.events.filter((e) => e.type.includes('.actor.sendRating')).map(outcomeOf),
        last.matches('sending'),
      );
      await page.goto(PAGE);
      await expectState(page, path.expected[0]!, path.events.length === 0);
      for (const [i, event] of path.events.entries()) {
        await test.step(`${event.type} → ${JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
          await drive(page, event);
          await expectState(page, path.expected[i + 1]!, i + 1 === path.events.length);
        });
      }
    });
  }
});
