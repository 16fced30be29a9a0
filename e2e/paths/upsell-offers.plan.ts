/** The upsell offers page's paths the browser drives (upsell-offers.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CheckoutFrameOutput } from '../../machines/checkout-frame.machine';
import { browserPlan } from './plan';

/**
 * The page loads, charges and stores the survey's answer by itself; the person adds, skips,
 * chooses a reason, sends or skips the survey, retries a failed load, pays a declined add-on with
 * a good card in the frame, or goes to the dashboard. The server's answers are arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadSequence')) return s.matches('loading');
  if (type.includes('.actor.chargeAddOn')) return s.matches('charging');
  if (type.includes('.actor.saveSurveyAnswer')) return s.matches('savingSurvey');
  if (type === 'xstate.done.actor.cardFrame')
    return s.matches({ choosing: 'declined' }) && (event.output as CheckoutFrameOutput).kind === 'paid';
  if (type.includes('.actor.cardFrame')) return false;
  return s.can(event as EventObject);
}

export const upsellOffersPlan = browserPlan({
  machine: 'upsellOffers',
  pageOffers,
  notDriven: {
    'upsellOffers.choosing.declined --xstate.done.actor.cardFrame[0]--> upsellOffers.choosing.idle':
      'The frame hands over to another payment method only when opened for one; the add-on frame is opened for cards (frame machine tests cover the redirect).',
    'upsellOffers.choosing.declined --xstate.error.actor.cardFrame--> upsellOffers.choosing.idle':
      'A crash of the frame machine itself cannot be made from the page.',
  },
});
