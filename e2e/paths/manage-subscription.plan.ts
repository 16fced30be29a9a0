/** The manage-subscription pages' paths the browser drives (manage-subscription.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ManagePlan } from '../../machines/manage-subscription.machine';
import { browserPlan } from './plan';

/**
 * The page loads the plan and ends a pause by itself once asked; the person retries a failed
 * load, resumes, and takes the ways on the page shows. A person's plan is set up once per path
 * (the first answer), so a later load answers the same plan: after "resume now", the same plan
 * with the pause ended.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadPlan')) {
    if (!s.matches('loading')) return false;
    const before = s.context.plan as ManagePlan | null;
    if (!before || !type.startsWith('xstate.done.')) return true;
    const after = event.output as ManagePlan | null;
    return (
      after !== null &&
      after.statusCd === 'ACTV' &&
      after.resumesOn === null &&
      after.surveyAnswered === before.surveyAnswered
    );
  }
  if (type.includes('.actor.resumePlan')) return s.matches('resuming');
  return s.can({ type } as never);
}

export const manageSubscriptionPlan = browserPlan({ machine: 'manageSubscription', pageOffers, notDriven: {} });
