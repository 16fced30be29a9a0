/** The save offers page's paths the browser drives (save-offers.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { browserPlan } from './plan';

/**
 * The page loads the offers and sends the choice by itself; the person retries a failed load,
 * takes the discount, books one of the pauses it shows, cancels or keeps. A pause length the
 * page does not show cannot be chosen. The server's answers are arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadSaveOffers')) return s.matches('loading');
  if (type.includes('.actor.takeDiscount')) return s.matches('takingDiscount');
  if (type.includes('.actor.pausePlan')) return s.matches('pausing');
  if (type === 'offers.pause') return s.can({ type, months: event.months as number });
  return s.can({ type });
}

export const saveOffersPlan = browserPlan({ machine: 'saveOffers', pageOffers, notDriven: {} });
