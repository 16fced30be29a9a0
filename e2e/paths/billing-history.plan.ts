/** Billing history's paths the browser drives (billing-history.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { browserPlan } from './plan';

/**
 * The page loads by itself; the person retries a failed load, pages on and back, applies the
 * refunds filter, or goes back to the plain billing year by its link, each once the list is in.
 * The server's answers are arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadTransactions')) return s.matches('loading');
  if (s.matches('loading')) return false;
  return s.can(event);
}

export const billingHistoryPlan = browserPlan({ machine: 'billingHistory', pageOffers, notDriven: {} });
