/**
 * The save offers page driven through the paths generated from its machine (save-offers.plan.ts).
 * Each path signs in the person its first answer needs: a fresh copy of active-us with both
 * offers, the same after taking a free month (the limit used: a pause only), or new-us with no
 * plan. The server's answers come in the path's order: as they are, a failure (503), or none
 * where the path stops waiting. At every state the page must show what the state means.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { api, apiPath, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { saveOffersPlan } from './save-offers.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const texts = namespaceTextsOf('en-US', 'save-offers');
const PAGE = '/payment/cancellation/pre/offers';
const LOAD_API = (url: URL) => url.pathname === apiPath('pages/cancel');
const DISCOUNT_API = (url: URL) => url.pathname === apiPath('subscriptions/saveoffer');
const PAUSE_API = (url: URL) => url.pathname === apiPath('subscriptions/pause');
const pauseLabel = (months: number) =>
  (months === 1 ? texts.pause.for_one : texts.pause.for_other).replace('{{count}}', String(months));
const takeLabel = texts.discount.take.replace('{{percent}}', '50');

type Answer = EventObject & { output?: { subscriptionId: number | null; discount: unknown } };

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const output = s.output as { next: string };
    await expect(page).toHaveURL(
      (url) => url.pathname === (output.next === 'confirm' ? '/payment/cancellation/confirm' : '/payment/mysettings'),
    );
    return;
  }
  // Waiting passes as soon as the answer is in; it is looked at only where the path holds it.
  if ((s.hasTag('loading') || s.hasTag('busy')) && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-save-offers');
  if (s.hasTag('loading') || s.hasTag('busy')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(s.hasTag('loading') ? texts.loading : texts.saving);
    if (s.hasTag('busy')) await expect(page.getByRole('button', { name: texts.cancel })).toBeDisabled();
    return;
  }
  // The first answer may take a while on a loaded machine (the page's code arrives with it).
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('alert')).toContainText(texts.loadFailed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    return;
  }
  if (s.matches('nothingToCancel')) {
    await expect(page.getByRole('heading', { level: 1, name: texts.nothing.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.cancel })).toHaveCount(0);
    return;
  }
  // choosing or failed: the offers the plan may take, with cancel and keep beside them.
  const data = s.context.data as { discount: unknown; pauseMonths: number[] };
  await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
  await expect(page.getByRole('button', { name: takeLabel })).toHaveCount(data.discount ? 1 : 0);
  for (const months of data.pauseMonths)
    await expect(page.getByRole('button', { name: pauseLabel(months) })).toBeEnabled();
  await expect(page.getByRole('button', { name: texts.cancel })).toBeEnabled();
  await expect(page.getByRole('button', { name: texts.keep })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(s.matches('failed') ? 1 : 0);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject & { months?: number }) {
  switch (event.type) {
    case 'offers.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'offers.takeDiscount':
      return page.getByRole('button', { name: takeLabel }).click();
    case 'offers.pause':
      return page.getByRole('button', { name: pauseLabel(event.months!) }).click();
    case 'offers.cancel':
      return page.getByRole('button', { name: texts.cancel }).click();
    case 'offers.keep':
      if (s.matches('nothingToCancel') || s.matches('loadFailed'))
        return page.getByRole('button', { name: texts.nothing.toSettings }).click();
      return page.getByRole('button', { name: texts.keep }).click();
    default:
      return; // the server's answer to the request before
  }
}

test.describe('save offers, along the paths of its machine', () => {
  for (const path of saveOffersPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadSaveOffers'));
      const offers = loads.find((e) => e.type.startsWith('xstate.done.'))?.output;
      if (offers && offers.subscriptionId === null) {
        await signInAs(page.context(), 'new-us');
      } else {
        const me = await signInAsFresh(page.context(), 'active-us');
        if (offers && offers.discount === null) {
          // The limit used: a free month taken already leaves a pause only.
          const [plan] = await api(page).subscriptions(me.UserUID, true);
          await api(page).post('subscriptions/saveoffer', {
            user_uid: me.UserUID,
            subscription_id: plan!.SubscriptionID,
            offer_id: 'freeMonth',
          });
        }
      }
      const last = path.expected.at(-1)!;
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), { holdAfter: last.matches('loading') });
      await answerInOrder(
        page,
        DISCOUNT_API,
        events.filter((e) => e.type.includes('.actor.takeDiscount')).map(outcomeOf),
        { holdAfter: last.matches('takingDiscount') },
      );
      await answerInOrder(page, PAUSE_API, events.filter((e) => e.type.includes('.actor.pausePlan')).map(outcomeOf), {
        holdAfter: last.matches('pausing'),
      });
      await page.goto(PAGE);
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
