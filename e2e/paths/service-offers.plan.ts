/** The offers page's paths the browser drives (service-offers.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/**
 * The page loads the offers by itself; the person adds a service, skips to the dashboard, or
 * retries a failed load. The catalogue's answers are arranged by the spec. A SKU the page does not
 * list has no button, so the refused add is left to the unit paths.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadOffers')) return s.matches('loading');
  if (type === 'offers.add') return s.can(event as { type: 'offers.add'; skuId: number });
  return s.can({ type });
}

export const serviceOffersPlan = browserPlan({ machine: 'serviceOffers', pageOffers, notDriven: {} });
