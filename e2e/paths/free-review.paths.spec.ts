/**
 * The free review step of the cancellation driven through the paths generated from its machine
 * (free-review.plan.ts). Each path signs in the person whose real free review is its first
 * answer: a fresh copy of trial-us for the offer (claiming changes it), expiring-us for a review
 * in progress, active-us for one ready, active-uk for a resume and no review, active-de where the
 * free review does not apply. The server's answers are arranged in the path's order: as they are,
 * a failure (503), or no answer at all where the path stops while waiting. At every state the
 * page must show what the state means: the heading, the progress, the step's text and action,
 * the error with its retry, continuing the cancellation, and, once left, where the person went.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { FreeReviewFacts } from '../../machines/free-review.machine';
import { freeReviewStep } from '../../machines/free-review.rules';
import { api, apiPath, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { freeReviewPlan } from './free-review.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const EN = namespaceTextsOf('en-US', 'free-review');
/** active-uk reads the page in British English. */
const GB = namespaceTextsOf('en-GB', 'free-review');
/** The texts of the signed-in person's culture. */
let texts = EN;
const PAGE = '/payment/cancellation/review';
const CONFIRM = '/payment/cancellation/confirm';
const FINAL_OFFER = '/payment/cancellation/final-offer';
const RECORD_API = (url: URL) =>
  url.pathname.startsWith(apiPath('payments/')) && url.pathname.endsWith('/freefeatureprovided');
const CLAIM_API = (url: URL) => url.pathname === apiPath('payments/free-resumereview');
const STEPS = ['offer', 'inReview', 'reviewReady', 'customizeResume'] as const;

type Answer = EventObject & { output?: FreeReviewFacts; error?: unknown };

const stepOf = (s: AnyMachineSnapshot) =>
  STEPS.find((step) => s.matches(step)) ?? (s.matches('claiming') || s.matches('claimFailed') ? 'offer' : null);

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const destination: Record<string, string> = {
      toIntake: '/payment/resume-review',
      waiting: '/dashboard',
      openingReview: '/payment/resume-review',
      toDocumentHome: '/dashboard',
      continuing: continuesTo,
    };
    const [final] = Object.keys(destination).filter((name) => s.matches(name));
    await expect(page).toHaveURL((url) => url.pathname === destination[final!]);
    return;
  }
  const waiting = s.matches('loading') || s.matches('claiming');
  // Waiting passes as soon as the answer is in (the page may already have moved on); it is looked at only where the path holds it.
  if (waiting && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-free-review');
  const proceed = page.getByRole('button', { name: texts.continueCancelling });
  if (waiting) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(s.matches('loading') ? texts.loading : texts.claiming);
    await expect(proceed).toBeEnabled();
    if (s.matches('claiming')) await expect(page.getByRole('button', { name: texts.offer.action })).toBeDisabled();
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false');
  await expect(proceed).toBeEnabled();
  if (s.matches('failed')) {
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(texts.loadFailed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    await expect(page.getByTestId('free-review-action')).toHaveCount(0);
    return;
  }
  const step = stepOf(s)!;
  expect(freeReviewStep(s.context.record, s.context.hasResume) === step || s.matches('claimFailed')).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: texts[step].heading })).toBeVisible();
  await expect(page.getByTestId(`free-review-${step}`)).toContainText(texts[step].body);
  await expect(page.getByRole('button', { name: texts[step].action })).toBeEnabled();
  const failed = s.matches('claimFailed');
  await expect(page.getByRole('alert')).toHaveCount(failed ? 1 : 0);
  if (failed) await expect(page.getByRole('alert')).toContainText(texts.claimFailed);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject) {
  switch (event.type) {
    case 'review.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'review.claim':
      // After a failure the alert's own "Try again" sends it; otherwise the offer's button.
      if (s.matches('claimFailed')) return page.getByRole('alert').getByRole('button', { name: texts.retry }).click();
      return page.getByRole('button', { name: texts.offer.action }).click();
    case 'review.go':
      return page.getByTestId('free-review-action').click();
    case 'review.skip':
      return page.getByRole('button', { name: texts.continueCancelling }).click();
    default:
      return; // the server's answer to the request before
  }
}

/**
 * Where continuing the cancellation lands for the person signed in: the final offer, which passes
 * on by itself to the confirmation for a plan that does not renew (active-uk's).
 */
let continuesTo = FINAL_OFFER;

/** Signs in the person whose real free review is the path's first loaded answer. */
async function signInFor(page: Page, facts: FreeReviewFacts | undefined) {
  const step = facts ? freeReviewStep(facts.record, facts.hasResume) : 'reviewReady';
  continuesTo = step === 'customizeResume' ? CONFIRM : FINAL_OFFER;
  if (step === 'offer') return signInAsFresh(page.context(), 'trial-us');
  if (step === 'inReview') return signInAs(page.context(), 'expiring-us');
  if (step === 'reviewReady') return signInAs(page.context(), 'active-us');
  if (step === 'customizeResume') {
    texts = GB;
    return signInAs(page.context(), 'active-uk');
  }
  return signInAs(page.context(), 'active-de');
}

test.describe('free review, along the paths of its machine', () => {
  for (const path of freeReviewPlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadFreeReview'));
      const claims = events.filter((e) => e.type.includes('.actor.claimFreeReview'));
      texts = EN;
      const me = await signInFor(page, loads.find((e) => e.type.startsWith('xstate.done.'))?.output);
      const last = path.expected.at(-1)!;
      // Where the free review does not apply its record is not read: only the loads that read it are arranged.
      await answerInOrder(page, RECORD_API, loads.map(outcomeOf), { holdAfter: last.matches('loading') });
      await answerInOrder(page, CLAIM_API, claims.map(outcomeOf), { holdAfter: last.matches('claiming') });
      await page.goto(PAGE);
      // The first page of a run may take a while to arrive (a cold server); from then on the states are timed as usual.
      await expect(page.getByTestId('page-free-review').or(page.getByTestId('page-final-offer'))).toBeVisible({
        timeout: 15_000,
      });
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, state, held),
      );
      if (last.matches('toIntake')) {
        // The claim went through for real: the record now has the review pending and none left free.
        const after = await api(page).get<{ FreeReview: unknown }>(`/payments/${me.UserUID}/freefeatureprovided`);
        expect(after.FreeReview).toEqual({ is_intake_filled: false, is_pending: true, available_free: 0 });
      }
    });
  }
});
