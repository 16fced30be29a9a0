/**
 * The cancellation confirm step driven through the paths generated from its machine
 * (cancellation-confirm.plan.ts). Each path signs in the person its first answer needs: a fresh
 * copy of active-us for a plan to cancel, expiring-us for one already cancelled, new-us for
 * none. The server's answers are arranged in the path's order: as they are, a failure (503), a
 * refusal (409), or no answer at all where the path stops while waiting. At every state the
 * page must show what the state means: the address and heading, the progress, the plan with
 * both choices, the error with its retry, nothing to cancel, and, once left, where the person went.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { api, apiPath, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { cancellationConfirmPlan } from './cancellation-confirm.plan';
import { answerInOrder, drivePath, type Outcome } from './answers';

const texts = namespaceTextsOf('en-US', 'cancel-confirm');
const PAGE = '/payment/cancellation/confirm';
const PLAN_API = (url: URL) => url.pathname === apiPath('pages/cancel');
const CANCEL_API = (url: URL) => url.pathname === apiPath('subscriptions/cancelv2');

type Answer = EventObject & { output?: { StatusCD: string } | null; error?: unknown };
/** The server's refusal of a plan that has ended already. */
const REFUSAL: Outcome = { status: 409, code: 'NOT_CANCELLABLE', message: 'This subscription has already ended.' };

const outcomeOf = (event: Answer): Outcome =>
  !event.type.startsWith('xstate.error.')
    ? 'real'
    : (event.error as { kind?: string }).kind === 'conflict'
      ? REFUSAL
      : 'failure';

/** The signed-in person's real plan label: what the page shows (the model's plan is a stand-in). */
let planLabel = '';

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    if (s.matches('cancelled')) {
      await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/received');
      await expect(page.getByRole('heading', { level: 1, name: texts.received.heading })).toBeVisible();
      await expect(page.getByTestId('cancellation-number')).toHaveText(/^CN\d+/);
    } else {
      await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
    }
    return;
  }
  // Waiting passes as soon as the answer is in (the page may already have moved on); it is looked at only where the path holds it.
  if ((s.matches('loading') || s.matches('cancelling')) && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-cancellation-confirm');
  if (s.matches('loading') || s.matches('cancelling')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(s.matches('loading') ? texts.loading : texts.cancelling);
    if (s.matches('cancelling')) {
      await expect(page.getByTestId('confirm-cancel')).toBeDisabled();
      await expect(page.getByTestId('confirm-keep')).toBeDisabled();
    }
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false');
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(texts.loadFailed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    await expect(page.getByTestId('cancel-summary')).toHaveCount(0);
    return;
  }
  if (s.matches('nothingToCancel')) {
    await expect(page.getByRole('heading', { level: 1, name: texts.nothing.heading })).toBeVisible();
    await expect(page.getByTestId('nothing-to-cancel')).toBeVisible();
    await expect(page.getByRole('link', { name: texts.nothing.toSettings })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.cancel })).toHaveCount(0);
    return;
  }
  // ready: the plan, when access ends, and both choices; the error only after a failed cancellation.
  await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
  await expect(page.getByTestId('cancel-plan')).toHaveText(planLabel);
  await expect(page.getByTestId('confirm-cancel')).toBeEnabled();
  await expect(page.getByTestId('confirm-keep')).toBeEnabled();
  const failed = s.matches({ ready: 'cancelFailed' });
  await expect(page.getByRole('alert')).toHaveCount(failed ? 1 : 0);
  if (failed) await expect(page.getByRole('alert')).toContainText(texts.cancelFailed);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject) {
  switch (event.type) {
    case 'confirm.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'confirm.cancel':
      // After a failure the alert's own "Try again" sends it; otherwise the main button.
      if (s.matches({ ready: 'cancelFailed' }))
        return page.getByRole('alert').getByRole('button', { name: texts.retry }).click();
      return page.getByTestId('confirm-cancel').click();
    case 'confirm.keep':
      if (s.matches('nothingToCancel')) return page.getByRole('link', { name: texts.nothing.toSettings }).click();
      return page.getByTestId('confirm-keep').click();
    default:
      return; // the server's answer to the request before
  }
}

test.describe('cancellation confirm, along the paths of its machine', () => {
  for (const path of cancellationConfirmPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadPlan'));
      const cancels = events.filter((e) => e.type.includes('.actor.cancelSubscription'));
      const plan = loads.find((e) => e.type.startsWith('xstate.done.'))?.output;
      // The person whose real plan is the path's answer (a path that never loads one cancels nothing).
      if (plan === null) await signInAs(page.context(), 'new-us');
      else if (plan && plan.StatusCD !== 'ACTV') await signInAs(page.context(), 'expiring-us');
      else await signInAsFresh(page.context(), 'active-us');
      const me = await api(page).claims();
      planLabel = (await api(page).subscriptions(me.UserUID, true))[0]?.SkuLabel ?? '';
      const last = path.expected.at(-1)!;
      await answerInOrder(page, PLAN_API, loads.map(outcomeOf), { holdAfter: last.matches('loading') });
      await answerInOrder(page, CANCEL_API, cancels.map(outcomeOf), { holdAfter: last.matches('cancelling') });
      await page.goto(PAGE);
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, state, held),
      );
    });
  }
});
