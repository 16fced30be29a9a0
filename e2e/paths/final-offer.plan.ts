/** The final offer page's paths the browser drives (final-offer.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/**
 * The page loads the plan and pauses by itself; the person retries a failed load, pauses for a
 * month where the page shows it, cancels or keeps. The server's answers are arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadFinalOffer')) return s.matches('loading');
  if (type.includes('.actor.pausePlan')) return s.matches('pausing');
  return s.can({ type });
}

export const finalOfferPlan = browserPlan({ machine: 'finalOffer', pageOffers, notDriven: {} });
