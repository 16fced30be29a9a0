/**
 * The final offer page driven through the paths generated from its machine (final-offer.plan.ts).
 * Each path signs in the person its first answer needs: a fresh copy of active-us (the pause
 * offered), the same in the holdout (nothing offered), or new-us with no plan. The server's
 * answers come in the path's order: as they are, a failure (503), or none where the path stops
 * waiting. At every state the page must show what the state means.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { apiPath, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { finalOfferPlan } from './final-offer.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const texts = namespaceTextsOf('en-US', 'final-offer');
const PAGE = '/payment/cancellation/final-offer';
const HOLDOUT = `${PAGE}?runtest=e1000000-0000-4000-8000-000000000002:2`;
const LOAD_API = (url: URL) => url.pathname === apiPath('pages/cancel');
const PAUSE_API = (url: URL) => url.pathname === apiPath('subscriptions/pause');

type Answer = EventObject & { output?: { subscriptionId: number | null; pause: boolean } };

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
  const section = page.getByTestId('page-final-offer');
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
  // choosing or failed: the pause where it is offered, with cancel and keep beside it.
  const data = s.context.data as { pause: boolean };
  await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.pause.take })).toHaveCount(data.pause ? 1 : 0);
  await expect(page.getByRole('button', { name: texts.cancel })).toBeEnabled();
  await expect(page.getByRole('button', { name: texts.keep })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(s.matches('failed') ? 1 : 0);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject) {
  switch (event.type) {
    case 'final.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'final.pause':
      return page.getByRole('button', { name: texts.pause.take }).click();
    case 'final.cancel':
      return page.getByRole('button', { name: texts.cancel }).click();
    case 'final.keep':
      if (s.matches('nothingToCancel') || s.matches('loadFailed'))
        return page.getByRole('button', { name: texts.nothing.toSettings }).click();
      return page.getByRole('button', { name: texts.keep }).click();
    default:
      return; // the server's answer to the request before
  }
}

test.describe('final offer, along the paths of its machine', () => {
  for (const path of finalOfferPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadFinalOffer'));
      const offer = loads.find((e) => e.type.startsWith('xstate.done.'))?.output;
      if (offer && offer.subscriptionId === null) await signInAs(page.context(), 'new-us');
      else await signInAsFresh(page.context(), 'active-us');
      const last = path.expected.at(-1)!;
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), { holdAfter: last.matches('loading'), onlyOn: PAGE });
      await answerInOrder(page, PAUSE_API, events.filter((e) => e.type.includes('.actor.pausePlan')).map(outcomeOf), {
        holdAfter: last.matches('pausing'),
        onlyOn: PAGE,
      });
      await page.goto(offer && offer.subscriptionId !== null && !offer.pause ? HOLDOUT : PAGE);
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
