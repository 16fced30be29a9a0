/**
 * The pre-cancel page driven through the paths generated from its machine (pre-cancel.plan.ts).
 * Each path signs in the person its loaded answer needs (a fresh copy of active-us, or of
 * active-de on a phone-sized window; expired-us for nothing to cancel) and puts them in the
 * cancel-flow arm of that answer with `runtest`. The server's answers are arranged just before
 * the step that asks for them: as they are, a failure (503), or no answer at all where the path
 * stops while waiting. At every state the page must show what the state means: the address and
 * heading, the progress, the offer's dialog or its absence, both choices in their order, the
 * feature list or the standard text, the errors with their retry, nothing to cancel, and, once
 * left, where the person went.
 */
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PreCancelContext, PreCancelData, PreCancelInput } from '../../machines/pre-cancel.machine';
import {
  HOLDOUT_VARIATION,
  KEEP_FIRST_VARIATION,
  ONE_CLICK_VARIATION,
  stepAfterCancel,
} from '../../machines/pre-cancel.rules';
import { EXPERIMENTS } from '../../server/db/seed/remote-config';
import { apiPath, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { arrangementOf, preCancelPlan, type PreCancelArrangement } from './pre-cancel.plan';

const PAGE = '/payment/cancellation/pre';
const LOAD_API = '**/api/pages/cancel*';
const SAVE_OFFER_API = (url: URL) => url.pathname === apiPath('subscriptions/saveoffer');
const TEXTS = { US: namespaceTextsOf('en-US', 'pre-cancel'), DE: namespaceTextsOf('de-DE', 'pre-cancel') };
const PHONE = { width: 412, height: 915 };

type Answer = EventObject & { output?: PreCancelData };

const arm: Record<Exclude<PreCancelArrangement, 'nothingToCancel'>, number> = {
  offers: 1,
  holdout: HOLDOUT_VARIATION,
  oneClick: ONE_CLICK_VARIATION,
};
const failure = (route: Route) =>
  route.fulfill({
    status: 503,
    headers: { 'Retry-After': '5' },
    json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
  });
/** Held: the page stays waiting while it is looked at. */
const hold = () => {};

/**
 * Arranges the server's answer to the next request `matches` names, from the path's next event:
 * a failure for an error, the real answer for a done, none at all when the path ends waiting.
 * The earlier arrangement is removed first (`unroute` with the same matcher).
 */
async function arrangeNext(page: Page, matches: string | ((url: URL) => boolean), next: EventObject | undefined) {
  await page.unroute(matches);
  if (next === undefined) await page.route(matches, hold);
  else if (next.type.startsWith('xstate.error.')) await page.route(matches, failure);
}

/** Puts the person's portal into the button-order experiment's keep-first variation (the holdout's answer names it). */
async function assignKeepFirst(context: BrowserContext, baseURL: string | undefined, portalCd: string) {
  const entries = [
    { ExperimentGUID: EXPERIMENTS.cancelButtonOrder.guid, VariationIndex: KEEP_FIRST_VARIATION, PortalCD: portalCd },
  ];
  await context.addCookies([
    { name: 'ew_exp', value: encodeURIComponent(JSON.stringify(entries)), url: baseURL ?? 'http://127.0.0.1:8080' },
  ]);
}

const ctx = (s: AnyMachineSnapshot) => s.context as PreCancelContext;

/** The test ids of the buttons in `container`, in the order they stand. */
const testIdsIn = (page: Page, container: string) =>
  page
    .getByTestId(container)
    .locator('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')));

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  const t = TEXTS[ctx(s).countryCd === 'DE' ? 'DE' : 'US'];
  if (s.status === 'done') {
    const landed = s.matches('cancelling')
      ? `/payment/cancellation/${stepAfterCancel(ctx(s).data!.strategy)}`
      : s.matches('gotBack')
        ? '/dashboard'
        : '/payment/mysettings';
    await expect(page).toHaveURL((url) => url.pathname === landed);
    return;
  }
  // Waiting passes as soon as the answer is in (taking the offer leaves the page at once): it is
  // looked at only where the path holds it.
  const waiting = s.matches('loading') || s.matches('accepting');
  if (waiting && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-cancellation-pre');
  if (waiting) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('pre-cancel-status')).toHaveText(s.matches('loading') ? t.loading : t.applyingOffer);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if (s.matches('loading')) {
      await expect(page.getByTestId('pre-cancel-actions')).toHaveCount(0);
    } else {
      await expect(page.getByTestId('pre-cancel-cancel')).toBeDisabled();
      await expect(page.getByTestId('pre-cancel-keep')).toBeDisabled();
    }
    return;
  }
  // The answer the page waited for: the shared test server may take a while under load.
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(t.loadFailed);
    await expect(page.getByRole('alert').getByRole('button', { name: t.retry })).toBeEnabled();
    await expect(page.getByTestId('pre-cancel-actions')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  if (s.matches('nothingToCancel')) {
    await expect(page.getByRole('heading', { level: 1, name: t.nothing.heading })).toBeVisible();
    await expect(page.getByTestId('nothing-to-cancel')).toHaveText(t.nothing.body);
    await expect(page.getByRole('button', { name: t.nothing.toSettings })).toBeEnabled();
    await expect(page.getByTestId('pre-cancel-actions')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  // offering, deciding, acceptFailed: the page with both choices in the machine's order.
  const { data, buttonOrder, featureBasedPage } = ctx(s);
  const offering = s.matches('offering');
  // With the offer open the page behind it is inert (hidden from the accessibility tree).
  await expect(page.getByRole('heading', { level: 1, name: t.heading, includeHidden: true })).toBeVisible();
  await expect(page.getByTestId('pre-cancel-cancel')).toBeEnabled();
  // Behind the offer's dialog the page's "keep" waits: the dialog offers the offer, cancel, or the page.
  if (offering) await expect(page.getByTestId('pre-cancel-keep')).toBeDisabled();
  else await expect(page.getByTestId('pre-cancel-keep')).toBeEnabled();
  expect(await testIdsIn(page, 'pre-cancel-actions')).toEqual(buttonOrder.map((b) => `pre-cancel-${b}`));
  await expect(page.getByTestId('feature-based')).toHaveCount(featureBasedPage ? 1 : 0);
  await expect(page.getByTestId('standard-page')).toHaveCount(featureBasedPage ? 0 : 1);
  if (featureBasedPage) await expect(page.getByTestId('feature-based')).toContainText(t.features.downloads);
  await expect(page.getByTestId('complaint')).toHaveCount(data!.complaint === 'none' ? 0 : 1);
  if (data!.complaint !== 'none')
    await expect(page.getByTestId('complaint')).toContainText(t.complaint[data!.complaint].heading);
  await expect(page.getByTestId('get-back')).toHaveCount(s.matches('deciding') ? 1 : 0);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveCount(offering ? 1 : 0);
  if (offering) {
    const offer = data!.saveOffer!;
    await expect(dialog).toHaveAccessibleName(
      t.offer[offer.kind].title.replace('{{percent}}', String(offer.discountPercent)),
    );
    // The offer's own two choices stand in the same order: taking it where "keep" stands.
    const inDialog = await dialog
      .locator('.pre-cancel__actions button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')));
    expect(inDialog).toEqual(buttonOrder.map((b) => (b === 'keep' ? 'accept-offer' : 'offer-cancel')));
    await expect(dialog.getByRole('button', { name: t.offer.cancelAnyway })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: t.offer.notNow })).toBeEnabled();
  }

  const failed = s.matches('acceptFailed');
  await expect(page.getByRole('alert')).toHaveCount(failed ? 1 : 0);
  if (failed) {
    await expect(page.getByRole('alert')).toContainText(t.offerFailed);
    await expect(page.getByRole('alert').getByRole('button', { name: t.retry })).toBeEnabled();
  }
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject, next: EventObject | undefined) {
  const t = TEXTS[ctx(s).countryCd === 'DE' ? 'DE' : 'US'];
  switch (event.type) {
    case 'preCancel.retry':
      await arrangeNext(page, LOAD_API, next);
      return page.getByRole('alert').getByRole('button', { name: t.retry }).click();
    case 'preCancel.acceptOffer':
      await arrangeNext(page, SAVE_OFFER_API, next);
      if (s.matches('acceptFailed')) return page.getByRole('alert').getByRole('button', { name: t.retry }).click();
      return page.getByTestId('accept-offer').click();
    case 'preCancel.dismissOffer':
      return page.getByRole('dialog').getByRole('button', { name: t.offer.notNow }).click();
    case 'preCancel.cancel':
      if (s.matches('offering'))
        return page.getByRole('dialog').getByRole('button', { name: t.offer.cancelAnyway }).click();
      return page.getByTestId('pre-cancel-cancel').click();
    case 'preCancel.keep':
      if (s.matches('nothingToCancel') || s.matches('loadFailed'))
        return page.getByRole('button', { name: t.nothing.toSettings }).click();
      return page.getByTestId('pre-cancel-keep').click();
    case 'preCancel.getBack':
      return page.getByTestId('get-back').click();
    default:
      return; // the server's answer to the request before, arranged with it
  }
}

test.describe('pre-cancel, along the paths of its machine', () => {
  for (const path of preCancelPlan.paths) {
    test(path.name, async ({ page, baseURL }) => {
      const input = path.input as PreCancelInput;
      const events = path.events as Answer[];
      const loaded = events.find((e) => e.type === 'xstate.done.actor.loadPreCancel')?.output;
      const arrangement = loaded ? arrangementOf(loaded, input) : 'offers';
      if (arrangement === null) throw new Error(`${path.name}: the browser cannot arrange this answer`);
      // The person whose real answer is the path's (a path that never loads one takes the offers' arm).
      const claims =
        arrangement === 'nothingToCancel'
          ? await signInAs(page.context(), 'expired-us')
          : await signInAsFresh(page.context(), input.countryCd === 'DE' ? 'active-de' : 'active-us');
      if (arrangement === 'holdout') await assignKeepFirst(page.context(), baseURL, claims.PortalCD);
      if (input.device === 'Mobile') await page.setViewportSize(PHONE);
      await arrangeNext(page, LOAD_API, events[0]);
      await page.goto(
        arrangement === 'nothingToCancel' ? PAGE : `${PAGE}?runtest=${EXPERIMENTS.cancelFlow.guid}:${arm[arrangement]}`,
      );
      await expectState(page, path.expected[0]!, events.length === 0);
      for (const [i, event] of events.entries()) {
        await test.step(`${event.type} → ${JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
          await drive(page, path.expected[i]!, event, events[i + 1]);
          await expectState(page, path.expected[i + 1]!, i + 1 === events.length);
        });
      }
    });
  }
});
