/** The free review step's paths the browser drives (free-review.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/**
 * The page loads the person's free review by itself and claims it when asked; the person
 * retries a failed load, claims the offer (or tries again after a failure), takes the step's
 * own action, or continues cancelling from any state, even while the claim is on its way. The
 * server's answers are arranged by whom the path signs in (a person whose real record is the
 * path's answer), a failure, or a request held while the page is looked at.
 */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  if (type.startsWith('xstate.done.actor.loadFreeReview') || type.startsWith('xstate.error.actor.loadFreeReview'))
    return s.matches('loading');
  if (type.startsWith('xstate.done.actor.claimFreeReview') || type.startsWith('xstate.error.actor.claimFreeReview'))
    return s.matches('claiming');
  // The page's buttons: each is enabled only where its event is accepted.
  return s.can({ type });
}

export const freeReviewPlan = browserPlan({ machine: 'freeReview', pageOffers, notDriven: {} });
