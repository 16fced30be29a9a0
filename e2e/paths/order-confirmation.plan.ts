/** The order confirmation's paths the browser drives (order-confirmation.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import type { OrderConfirmationInput } from '../../machines/order-confirmation.machine';
import { confirmationRequest } from '../../test/machines/order-confirmation.fixtures';
import { browserPlan } from './plan';

const input = (request: Parameters<typeof confirmationRequest>[0]): OrderConfirmationInput => ({
  request: confirmationRequest(request),
  trackedOrderIds: [],
  welcomedOrderIds: [],
});

/**
 * What the address can ask for: the standard page, the mobile path, the save flow, the forced
 * legacy receipt, the purchase confirmation, the big-interview confirmation, isFeedBackTool, and
 * no order id. (Being framed by an affiliate changes messages, not states:
 * order-confirmation.spec.ts drives it.)
 */
export const ORDER_CONFIRMATION_BROWSER_INPUTS: OrderConfirmationInput[] = [
  input({}),
  input({ device: 'Mobile', pageCode: 'MobileOrderPage' }),
  input({ flow: 'save' }),
  input({ legacyForced: true }),
  input({ pageCode: 'PurchaseConfirmation' }),
  input({ pageCode: 'BigInterviewOrderConfirmation' }),
  input({ dashboardForced: true }),
  input({ orderId: null }),
];

function pageOffers(type: string, s: AnyMachineSnapshot, event: Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type === 'xstate.done.actor.order' || type === 'xstate.error.actor.order') {
    if (!s.matches('loading')) return false;
    // The address names one of active-us's orders: a plan, never an add-on of the upsell sequence.
    if (type === 'xstate.done.actor.order' && (event.output as { upsellCode: string | null }).upsellCode !== null)
      return false;
    // A retry asks again for the order the address names, which had loaded before the outage:
    // it answers with that order or fails again.
    if (s.context.failure !== null) {
      return type === 'xstate.done.actor.order'
        ? (event.output as { transactionType: string }).transactionType === 'SALE'
        : (event.error as { kind: string }).kind === 'network';
    }
    return true;
  }
  // The page's buttons: each is drawn only where its event is accepted (order-confirmation.spec.ts checks the rest).
  return s.can({ type });
}

export const orderConfirmationPlan = browserPlan({
  machine: 'orderConfirmation',
  pageOffers,
  inputs: ORDER_CONFIRMATION_BROWSER_INPUTS,
  notDriven: {
    'orderConfirmation.loading --xstate.done.actor.order[6]--> orderConfirmation.shown.mobile.welcomeClosed':
      "An add-on's confirmation, or one already welcomed: upsell-sequence.spec.ts ends on one on a phone, order-confirmation.spec.ts reloads one.",
    'orderConfirmation.loading --xstate.done.actor.order[8]--> orderConfirmation.shown.standard.welcomeClosed':
      'A confirmation already welcomed: order-confirmation.spec.ts reloads one and finds no welcome.',
  },
});
