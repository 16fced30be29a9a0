/**
 * The purchase funnel's paths the browser drives (purchase-funnel.paths.spec.ts), from the
 * model's visits: the plans, a plan named at checkout or on the plans page, the abandoned cart,
 * a job-apply link, and the return from a PayPal payment approved at the provider.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PurchaseFunnelContext } from '../../machines/purchase-funnel.machine';
import type { FunnelOffer } from '../../machines/purchase-funnel.rules';
import { browserPlan } from './plan';

/** Paying by card happens in the frame's own form; the other methods hand over to their provider. */
const paysByCard = (context: PurchaseFunnelContext) => context.paymentMethod === 'CRCD';

function pageOffers(type: string, s: AnyMachineSnapshot, event: Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  const context = s.context as PurchaseFunnelContext;
  const atThePlans = context.entry === 'sell' && context.jobId === null;
  switch (type) {
    case 'xstate.done.actor.loadOffer': {
      const offer = event.output as FunnelOffer;
      // A person with a plan (active-us) and a guest are shown the plans page itself.
      if (offer.alreadySubscribed) return atThePlans && context.requestedSkuId === null;
      if (!offer.signedIn) return atThePlans;
      return true;
    }
    case 'xstate.done.actor.checkoutFrame': {
      // The frame shows its loader (processing) before any outcome; a card pays, the others redirect.
      if (!s.matches({ checkout: 'processing' })) return false;
      const kind = (event.output as { kind: string }).kind;
      return kind === (paysByCard(context) ? 'paid' : 'redirect');
    }
    case 'xstate.error.actor.checkoutFrame':
      return false;
    case 'payment.failed':
    case 'payment.stopped':
    case 'xstate.after.delayedNotice.purchaseFunnel.checkout.processing.waiting':
    case 'xstate.after.processingLogThreshold.purchaseFunnel.checkout.processing.delayed':
      // Driven on the card form; an alternative method's processing ends in its redirect.
      return paysByCard(context) && s.can(event as EventObject);
    case 'plan.select':
      // Choosing the plan that is already chosen changes nothing on the page.
      return event.skuId !== context.selectedSkuId && s.can(event as EventObject);
    case 'payment.methodSelect':
      return event.method !== context.paymentMethod && s.can(event as EventObject);
    default:
      return type.startsWith('xstate.') || s.can(event as EventObject);
  }
}

export const purchaseFunnelPlan = browserPlan({
  machine: 'purchaseFunnel',
  pageOffers,
  notDriven: {
    'purchaseFunnel.checkout --xstate.error.actor.checkoutFrame--> purchaseFunnel.unavailable':
      'the card frame machine has no failing end of its own (a frame that does not load goes to its own unavailable state and is reloaded there), so only an exception thrown inside it would raise this error, which nothing on the page can cause',
  },
});
