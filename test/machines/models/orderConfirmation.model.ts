import type { PathModel } from '../coverage';
import type { OrderConfirmationInput } from '../../../machines/order-confirmation.machine';
import { confirmationRequest, confirmedOrder } from '../order-confirmation.fixtures';

const input = (
  request: Parameters<typeof confirmationRequest>[0],
  trackedOrderIds: number[] = [],
  welcomedOrderIds: number[] = [],
): OrderConfirmationInput => ({
  request: confirmationRequest(request),
  trackedOrderIds,
  welcomedOrderIds,
});

const PAGE_EVENTS = [
  { type: 'welcome.close' },
  { type: 'confirmation.continue' },
  { type: 'confirmation.dashboard' },
  { type: 'order.retry' },
];

export const orderConfirmationModel: PathModel = {
  inputs: [
    input({}),
    input({ device: 'Mobile', pageCode: 'MobileOrderPage' }),
    input({ flow: 'save', inAffiliateFrame: true, freeTrial: true }),
    input({ legacyForced: true }, [5001]),
    input({ pageCode: 'PurchaseConfirmation', device: 'Mobile' }),
    input({ pageCode: 'BigInterviewOrderConfirmation' }),
    input({ dashboardForced: true }),
    input({ orderId: null }),
    // A reload of a confirmation already welcomed: no welcome over it.
    input({}, [5001], [5001]),
  ] satisfies OrderConfirmationInput[],
  events: (snapshot) =>
    snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.order', output: confirmedOrder() },
          { type: 'xstate.done.actor.order', output: confirmedOrder({ transactionType: 'RFND' }) },
          // An add-on bought in the upsell sequence: its confirmation has no welcome.
          {
            type: 'xstate.done.actor.order',
            output: confirmedOrder({ productId: 'RSMRVW', planTier: null, upsellCode: 'DRR' }),
          },
          { type: 'xstate.error.actor.order', error: { kind: 'notFound' } },
          { type: 'xstate.error.actor.order', error: { kind: 'network' } },
        ]
      : PAGE_EVENTS,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.failure, snapshot.status]),
};
