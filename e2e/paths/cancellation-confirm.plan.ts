/** The cancellation confirm step's paths the browser drives (cancellation-confirm.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/**
 * The page loads the plan and sends the cancellation by itself; the person retries a failed
 * load, cancels (or tries again after a failure) and keeps the plan. The server's answers are
 * arranged by the spec: the person's real plan (an active, an expiring or no plan, chosen by
 * whom the path signs in), a failure, or a refusal.
 */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  if (type.startsWith('xstate.done.actor.loadPlan') || type.startsWith('xstate.error.actor.loadPlan'))
    return s.matches('loading');
  if (
    type.startsWith('xstate.done.actor.cancelSubscription') ||
    type.startsWith('xstate.error.actor.cancelSubscription')
  )
    return s.matches('cancelling');
  // The page's buttons and link: each is drawn only where its event is accepted.
  return s.can({ type });
}

export const cancellationConfirmPlan = browserPlan({ machine: 'cancellationConfirm', pageOffers, notDriven: {} });
