/** The service intake page's paths the browser drives (service-intake.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/**
 * The page loads the intake and sends the answers by itself; the person types, sends, retries,
 * buys the service when nothing was bought, or goes to the dashboard. The server's answers are
 * arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadIntake')) return s.matches('loading');
  if (type.includes('.actor.submitIntake')) return s.matches('submitting');
  return s.can({ type });
}

export const serviceIntakePlan = browserPlan({ machine: 'serviceIntake', pageOffers, notDriven: {} });
