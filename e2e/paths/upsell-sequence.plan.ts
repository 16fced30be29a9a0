/** The upsell sequence's paths the browser drives (upsell-sequence.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CheckoutFrameOutput } from '../../machines/checkout-frame.machine';
import { machines } from '../../machines';
import { pathModels } from '../../test/machines/models';
import { OFFER_SETTLED } from '../../test/machines/models/upsellSequence.model';
import { generatePaths } from '../../test/paths/generate';
import { browserPlan } from './plan';

/**
 * The page loads the sequence and charges by itself; the person adds, skips, retries a failed
 * load or goes to the dashboard. The server's answers are arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadSequence')) return s.matches('loading');
  if (type.includes('.actor.chargeAddOn')) return s.matches({ offer: 'charging' });
  // After a decline the person pays in the card frame with a good card; the frame's other ends are not the page's to make.
  if (type === 'xstate.done.actor.cardFrame')
    return s.matches({ offer: 'declined' }) && (event.output as CheckoutFrameOutput).kind === 'paid';
  if (type.includes('.actor.cardFrame')) return false;
  return s.can({ type });
}

const plan = browserPlan({
  machine: 'upsellSequence',
  pageOffers,
  notDriven: {
    'upsellSequence.offer.declined --xstate.done.actor.cardFrame[0]--> upsellSequence.offer.chargeFailed':
      'The frame hands over to another payment method only when opened for one; the add-on frame is opened for cards (frame machine tests cover the redirect).',
    'upsellSequence.offer.declined --xstate.error.actor.cardFrame--> upsellSequence.offer.chargeFailed':
      'A crash of the frame machine itself cannot be made from the page.',
  },
});

const eventsOf = (p: { events: { type: string }[] }) => p.events.map((e) => e.type).join(' ');
// The first offer follows the load, not a press, so only the later ones settle.
const SKIP_ALL = ['xstate.done.actor.loadSequence offer.skip', ...Array(3).fill(`${OFFER_SETTLED} offer.skip`)].join(
  ' ',
);
const TAKE_ALL = [
  'xstate.done.actor.loadSequence offer.take xstate.done.actor.chargeAddOn',
  ...Array(3).fill(`${OFFER_SETTLED} offer.take xstate.done.actor.chargeAddOn`),
].join(' ');

/** The greedy choice keeps the fewest paths; skip-everything and take-everything are always driven too. */
const wanted = generatePaths(machines.upsellSequence!, pathModels.upsellSequence!).filter(
  (p) => [SKIP_ALL, TAKE_ALL].includes(eventsOf(p)) && !plan.paths.some((q) => eventsOf(q) === eventsOf(p)),
);

export const upsellSequencePlan = { ...plan, paths: [...plan.paths, ...wanted] };
