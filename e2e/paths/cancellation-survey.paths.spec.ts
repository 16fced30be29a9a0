/**
 * The cancellation survey driven through the paths generated from its machine
 * (cancellation-survey.plan.ts). Each path signs in a fresh copy of active-us and sets the
 * cancel-flow arm its load answers with in the address (the holdout, one-click, or neither). The
 * server's answers are arranged in the path's order: as they are, or a failure (503); a request
 * past them is held, so the path can look at the page waiting or leave it from there. At every
 * state the page must show what the state means: the progress, the reasons and what is chosen,
 * the send button only when an answer can be sent, skip and the dashboard from the start, the
 * error with its retry, the offer with "no thanks, cancel" beside it, and, once left, where the
 * person went.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SurveyData } from '../../machines/cancellation-survey.machine';
import { REASON } from '../../machines/cancellation-survey.rules';
import { ONE_CLICK_VARIATION, HOLDOUT_VARIATION } from '../../machines/pre-cancel.rules';
import { apiPath, signInAsFresh } from '../support';
import { namespaceTextsOf, textsOf } from '../support/locales';
import { cancellationSurveyPlan } from './cancellation-survey.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const texts = namespaceTextsOf('en-US', 'cancel-survey');
const REASON_TEXTS = textsOf('en-US').cancel.reason as Record<string, string>;
const PAGE = '/payment/cancellation/survey';
const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const LOAD_API = (url: URL) => url.pathname === apiPath('pages/cancel');
const SUBMIT_API = (url: URL) => url.pathname === apiPath('subscriptions/survey');

type Answer = EventObject & { output?: SurveyData; error?: unknown };
const isAnswer = (event: EventObject) =>
  event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');

/** The model's reason codes, named as the server's labels name them. */
const REASON_KEYS: Record<number, string> = {
  1: 'foundJob',
  2: 'onlyWantedResume',
  3: 'cantAfford',
  4: 'tooExpensive',
  7: 'reallyHelpful',
  8: 'notHelpful',
  15: 'other',
};
const reasonText = (code: number) => REASON_TEXTS[REASON_KEYS[code]!]!;

/** The address that puts the person in the arm the path's load answers with. */
function addressFor(data: SurveyData | undefined): string {
  if (data?.holdout) return `${PAGE}?runtest=${CANCEL_FLOW}:${HOLDOUT_VARIATION}`;
  if (data?.flowType === 'ConfirmationPostSelection') return `${PAGE}?runtest=${CANCEL_FLOW}:${ONE_CLICK_VARIATION}`;
  return PAGE;
}

/** The offer the model's answer shows: the social card, or customising the resume. */
const offerOf = (s: AnyMachineSnapshot): 'socialCard' | 'customizeResume' =>
  (s.context as { reason: number | null }).reason === REASON.onlyWantedResume ? 'customizeResume' : 'socialCard';

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const output = s.output as { next: string; offer?: string };
    const where =
      output.next === 'confirmCancellation'
        ? '/payment/cancellation/confirm'
        : output.next === 'dashboard'
          ? '/dashboard'
          : output.next === 'customizeResume'
            ? '/build/resume'
            : '/payment/upsell/social-card';
    expect(output.offer ?? 'socialCard').toBe('socialCard');
    await expect(page).toHaveURL((url) => url.pathname === where);
    return;
  }
  // Waiting passes as soon as the answer is in (the page may have moved on); it is looked at only where the path holds it.
  if ((s.matches('loading') || s.matches('submitting')) && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-cancellation-survey');
  // Skip and the dashboard are there from the first moment; skip waits only for a send.
  await expect(page.getByRole('link', { name: texts.toDashboard })).toBeVisible();
  const context = s.context as { reason: number | null };
  if (s.matches('loading') || s.matches('submitting')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(s.matches('loading') ? texts.loading : texts.sending);
    if (s.matches('loading')) await expect(page.getByRole('button', { name: texts.skip })).toBeEnabled();
    else {
      await expect(page.getByRole('button', { name: texts.sending })).toBeDisabled();
      await expect(page.getByRole('radio', { name: reasonText(context.reason!) })).toBeChecked();
    }
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false');
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('alert')).toContainText(texts.loadFailed);
    await expect(page.getByRole('alert').getByRole('button', { name: texts.retry })).toBeEnabled();
    await expect(page.getByRole('button', { name: texts.skip })).toBeEnabled();
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    return;
  }
  if (s.matches('reasonSubmitted')) {
    const offer = offerOf(s);
    const card = page.getByRole('region', { name: texts.offer[offer].title });
    await expect(card.getByRole('button', { name: texts.offer[offer].accept })).toBeEnabled();
    await expect(card.getByRole('button', { name: texts.offer.decline })).toBeEnabled();
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    return;
  }
  // default, reasonSelected, submitFailed: the reasons, what is chosen, send only for a new answer (a failed one has its retry).
  await expect(page.getByRole('radiogroup', { name: texts.reasonsLabel })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.skip })).toBeEnabled();
  await expect(page.getByRole('button', { name: texts.submit })).toBeEnabled({ enabled: s.matches('reasonSelected') });
  if (context.reason === null) await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  else await expect(page.getByRole('radio', { name: reasonText(context.reason) })).toBeChecked();
  const failed = s.matches('submitFailed');
  await expect(page.getByRole('alert')).toHaveCount(failed ? 1 : 0);
  if (failed) await expect(page.getByRole('alert')).toContainText(texts.submitFailed);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject & { reason?: number }) {
  switch (event.type) {
    case 'survey.select':
      return page
        .getByRole('radiogroup', { name: texts.reasonsLabel })
        .getByText(reasonText(event.reason!), { exact: true })
        .click();
    case 'survey.submit':
      return page.getByRole('button', { name: texts.submit }).click();
    case 'survey.retry':
      return page.getByRole('alert').getByRole('button', { name: texts.retry }).click();
    case 'survey.skip':
      return page.getByRole('button', { name: texts.skip }).click();
    case 'survey.returnToDashboard':
      return page.getByRole('link', { name: texts.toDashboard }).click();
    case 'offer.accept':
      return page.getByRole('button', { name: texts.offer[offerOf(s)].accept }).click();
    case 'offer.decline':
      return page.getByRole('button', { name: texts.offer.decline }).click();
    default:
      if (!s.matches('loading') && !s.matches('submitting'))
        throw new Error(`${event.type} is not the page's to drive in ${JSON.stringify(s.value)}`);
      return; // the server's answer to the request before
  }
}

test.describe('cancellation survey, along the paths of its machine', () => {
  for (const path of cancellationSurveyPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadSurvey'));
      const submits = events.filter((e) => e.type.includes('.actor.submitAnswer'));
      await signInAsFresh(page.context(), 'active-us');
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), { holdAfter: true, onlyOn: PAGE });
      await answerInOrder(page, SUBMIT_API, submits.map(outcomeOf), { holdAfter: true, onlyOn: PAGE });
      await page.goto(addressFor(loads.find((e) => e.type.startsWith('xstate.done.'))?.output));
      // The page's code may still be arriving on a cold start: the heading says it is there.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      // A waiting state is held when the path ends there or leaves it by the person's own move.
      const held = (i: number) => i === path.events.length || !isAnswer(path.events[i]!);
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, state, held),
        held,
      );
    });
  }
});
