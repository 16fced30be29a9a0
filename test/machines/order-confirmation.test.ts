import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { orderConfirmationMachine, type LoadOrderInput } from '../../machines/order-confirmation.machine';
import {
  purchaseFlowOf,
  type AffiliateMessage,
  type ConfirmationRequest,
  type ConfirmedOrder,
  type OrderDataLayerFields,
  type PurchaseEvent,
} from '../../machines/order-confirmation.rules';
import { confirmationRequest, confirmedOrder } from './order-confirmation.fixtures';

interface Recorded {
  loads: LoadOrderInput[];
  purchases: PurchaseEvent[];
  dataLayer: OrderDataLayerFields[];
  remembered: number[];
  welcomed: number[];
  parentMessages: AffiliateMessage[];
}

function start(
  options: {
    request?: Partial<ConfirmationRequest>;
    trackedOrderIds?: number[];
    welcomedOrderIds?: number[];
    load?: (input: LoadOrderInput) => Promise<ConfirmedOrder>;
  } = {},
) {
  const recorded: Recorded = {
    loads: [],
    purchases: [],
    dataLayer: [],
    remembered: [],
    welcomed: [],
    parentMessages: [],
  };
  const machine = orderConfirmationMachine.provide({
    actors: {
      loadOrder: fromPromise<ConfirmedOrder, LoadOrderInput>(async ({ input }) => {
        recorded.loads.push(input);
        return (options.load ?? (async () => confirmedOrder()))(input);
      }),
    },
    actions: {
      trackPurchase: (_, params) => void recorded.purchases.push(params),
      pushOrderDataLayer: (_, params) => void recorded.dataLayer.push(params),
      rememberTrackedOrder: (_, params) => void recorded.remembered.push(params.orderId),
      rememberWelcomeShown: (_, params) => void recorded.welcomed.push(params.orderId),
      notifyAffiliateParent: (_, params) => void recorded.parentMessages.push(params),
    },
  });
  const actor = createActor(machine, {
    input: {
      request: confirmationRequest(options.request),
      trackedOrderIds: options.trackedOrderIds ?? [],
      welcomedOrderIds: options.welcomedOrderIds ?? [],
    },
  }).start();
  return { actor, recorded };
}

const shown = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('shown'));

describe('the order confirmation machine', () => {
  it('loads the order named in the address and shows the standard page with the welcome modal open', async () => {
    const { actor, recorded } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const snapshot = await shown(actor);
    expect(recorded.loads).toEqual([{ orderId: 5001, skuId: 4 }]);
    expect(snapshot.matches({ shown: { standard: 'welcomeOpen' } })).toBe(true);
    expect(snapshot.hasTag('welcomeOpen')).toBe(true);
    expect(snapshot.context.order?.skuLabel).toBe('Monthly Access');
  });

  it('keeps the person on the page until the welcome modal is closed, then ends in afterPurchase', async () => {
    const { actor } = start();
    await shown(actor);
    expect(actor.getSnapshot().can({ type: 'confirmation.continue' })).toBe(false);
    actor.send({ type: 'confirmation.continue' });
    expect(actor.getSnapshot().matches({ shown: { standard: 'welcomeOpen' } })).toBe(true);
    actor.send({ type: 'welcome.close' });
    expect(actor.getSnapshot().can({ type: 'confirmation.continue' })).toBe(true);
    actor.send({ type: 'confirmation.continue' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      orderId: 5001,
      skuId: 4,
      productId: 'RSMBLD',
      variant: 'standard',
      mobile: false,
      leftBy: 'continue',
      dashboardForced: false,
      exit: 'upsells',
      flow: 'initial',
    });
  });

  it('says in its output that the person chose the dashboard, and whether isFeedBackTool forced it', async () => {
    const { actor } = start({ request: { dashboardForced: true, legacyForced: true } });
    await shown(actor);
    actor.send({ type: 'confirmation.dashboard' });
    expect(actor.getSnapshot().output).toMatchObject({
      leftBy: 'dashboard',
      dashboardForced: true,
      variant: 'legacy',
      exit: 'dashboard',
    });
  });

  it.each([
    [{ legacyForced: true, flow: 'save', device: 'Mobile' as const }, { shown: 'legacy' }],
    [{ flow: 'save', device: 'Mobile' as const }, { shown: 'saveFlow' }],
    [{ pageCode: 'SaveOfferOrderPage' }, { shown: 'saveFlow' }],
    [{ device: 'Mobile' as const, pageCode: 'MobileOrderPage' }, { shown: { mobile: 'welcomeOpen' } }],
    [{ device: 'Tablet' as const }, { shown: { standard: 'welcomeOpen' } }],
  ])('request %j shows %j', async (request, state) => {
    const { actor } = start({ request });
    expect((await shown(actor)).matches(state as never)).toBe(true);
  });

  it('opens the welcome once per order: it remembers the order, and a reload of a welcomed order shows the page without it', async () => {
    const first = start();
    await shown(first.actor);
    expect(first.actor.getSnapshot().hasTag('welcomeOpen')).toBe(true);
    expect(first.recorded.welcomed).toEqual([5001]);
    const reload = start({ welcomedOrderIds: [5001] });
    const snapshot = await shown(reload.actor);
    expect(snapshot.matches({ shown: { standard: 'welcomeClosed' } })).toBe(true);
    expect(snapshot.can({ type: 'confirmation.continue' })).toBe(true);
    expect(reload.recorded.welcomed).toEqual([]);
  });

  it('does not welcome an add-on bought in the upsell sequence (its confirmation ends the sequence on a phone)', async () => {
    const { actor, recorded } = start({
      request: { device: 'Mobile', pageCode: 'MobileOrderPage' },
      load: async () =>
        confirmedOrder({ productId: 'RSMRVW', planTier: null, upsellCode: 'DRR', skuLabel: 'Expert Resume Review' }),
    });
    const snapshot = await shown(actor);
    expect(snapshot.matches({ shown: { mobile: 'welcomeClosed' } })).toBe(true);
    expect(recorded.welcomed).toEqual([]);
  });

  it('lets the legacy and save-flow pages be left at once: they have no welcome modal', async () => {
    for (const request of [{ legacyForced: true }, { flow: 'save' }]) {
      const { actor } = start({ request });
      const snapshot = await shown(actor);
      expect(snapshot.hasTag('welcomeOpen')).toBe(false);
      expect(snapshot.can({ type: 'confirmation.dashboard' })).toBe(true);
    }
  });

  it('the legacy receipt leads only to the dashboard; the save flow also continues to the upsells', async () => {
    const legacy = await shown(start({ request: { legacyForced: true } }).actor);
    expect(legacy.can({ type: 'confirmation.continue' })).toBe(false);
    const saveFlow = await shown(start({ request: { flow: 'save' } }).actor);
    expect(saveFlow.can({ type: 'confirmation.continue' })).toBe(true);
  });

  it('reports the purchase, pushes the data layer and remembers the order on the first show', async () => {
    const { actor, recorded } = start({ request: { attribution: { campaignId: '9911', templateId: '4242' } } });
    const snapshot = await shown(actor);
    expect(recorded.purchases).toEqual([
      {
        eventName: 'purchased initial',
        props: {
          offering: 'Monthly',
          price: 23.95,
          mixPanelSkuId: 4,
          skuLabel: 'Monthly Access',
          currency: 'USD',
          builderType: 'resume',
          paymentMethod: 'CRCD',
          creditCardType: 'MASTERCARD',
          LastCancellationRCStage: null,
          DaysSinceCancellation: null,
          TransactionID: 5001,
          campaignId: '9911',
          templateId: '4242',
        },
      },
    ]);
    expect(recorded.dataLayer).toEqual([
      {
        eventName: 'orderConfirmation',
        transactionId: 5001,
        price: 23.95,
        productId: 'RSMBLD',
        emailId: 'c0ffee',
        currencyCode: 'USD',
      },
    ]);
    expect(recorded.remembered).toEqual([5001]);
    expect(snapshot.context.trackedOrderIds).toEqual([5001]);
  });

  it('reports nothing for an order already reported in this session, but still shows it', async () => {
    const { actor, recorded } = start({ trackedOrderIds: [7, 5001] });
    await shown(actor);
    expect(recorded.purchases).toEqual([]);
    expect(recorded.dataLayer).toEqual([]);
    expect(recorded.remembered).toEqual([]);
  });

  it('names the save-offer purchase in the save flow and uses the configured data-layer event', async () => {
    const { actor, recorded } = start({
      request: { flow: 'save' },
      load: async () => confirmedOrder({ dataLayerEventName: 'purchaseComplete' }),
    });
    await shown(actor);
    expect(recorded.purchases.map((p) => p.eventName)).toEqual(['purchased save offer']);
    expect(recorded.dataLayer[0]?.eventName).toBe('purchaseComplete');
  });

  it('tells an affiliate parent that the page loaded and the payment was confirmed', async () => {
    const { actor, recorded } = start({ request: { inAffiliateFrame: true } });
    await shown(actor);
    expect(recorded.parentMessages).toEqual([
      { type: 'iframe-pageloaded', orderId: 5001 },
      { type: 'iframe-paymentconfirmed', orderId: 5001 },
    ]);
  });

  it('names a free trial to the affiliate parent when purchaseft is present', async () => {
    const { actor, recorded } = start({ request: { inAffiliateFrame: true, freeTrial: true } });
    await shown(actor);
    expect(recorded.parentMessages.map((m) => m.type)).toEqual([
      'iframe-pageloaded',
      'iframe-freeTrial-paymentconfirmed',
    ]);
  });

  it('posts nothing to a parent outside an affiliate frame', async () => {
    const { actor, recorded } = start();
    await shown(actor);
    expect(recorded.parentMessages).toEqual([]);
  });

  it('fails without loading when the address has no order id', () => {
    const { actor, recorded } = start({ request: { orderId: null } });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('notFound');
    expect(actor.getSnapshot().can({ type: 'order.retry' })).toBe(false);
    expect(recorded.loads).toEqual([]);
  });

  it('treats an order that is not ours or not there as final, and reports nothing', async () => {
    const { actor, recorded } = start({
      request: { inAffiliateFrame: true },
      load: async () => {
        throw { kind: 'notFound' };
      },
    });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('notFound');
    expect(failed.can({ type: 'order.retry' })).toBe(false);
    expect(recorded.purchases).toEqual([]);
    expect(recorded.parentMessages).toEqual([{ type: 'iframe-pageloaded', orderId: 5001 }]);
  });

  it('does not celebrate a refund', async () => {
    const { actor, recorded } = start({ load: async () => confirmedOrder({ transactionType: 'RFND' }) });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('notFound');
    expect(failed.context.order).toBeNull();
    expect(recorded.purchases).toEqual([]);
  });

  it('offers a retry after an outage and shows the order once it loads', async () => {
    let attempts = 0;
    const { actor, recorded } = start({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw { kind: 'network' };
        return confirmedOrder();
      },
    });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toBe('unavailable');
    expect(failed.can({ type: 'order.retry' })).toBe(true);
    actor.send({ type: 'order.retry' });
    await shown(actor);
    expect(recorded.loads).toHaveLength(2);
    expect(recorded.purchases).toHaveLength(1);
  });
});

describe('the purchase flow carried past the confirmation', () => {
  it.each([
    [{ flow: null, mode: null, pageCode: 'OrderPage' }, 'initial'],
    [{ flow: 'save', mode: null, pageCode: 'OrderPage' }, 'save'],
    [{ flow: null, mode: null, pageCode: 'SaveOfferOrderPage' }, 'save'],
    [{ flow: 'winback', mode: null, pageCode: 'OrderPage' }, 'winback'],
    [{ flow: null, mode: 'winback', pageCode: 'MobileOrderPage' }, 'winback'],
    [{ flow: 'something', mode: 'other', pageCode: 'OrderPage' }, 'initial'],
  ] as const)('%o is %s', (request, flow) => {
    expect(purchaseFlowOf(request)).toBe(flow);
  });

  it('is part of what the confirmation hands on when left', async () => {
    const machine = orderConfirmationMachine.provide({
      actors: { loadOrder: fromPromise(async () => confirmedOrder()) },
    });
    const actor = createActor(machine, {
      input: { request: confirmationRequest({ flow: 'winback' }), trackedOrderIds: [], welcomedOrderIds: [] },
    }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'welcome.close' });
    actor.send({ type: 'confirmation.continue' });
    expect(actor.getSnapshot().output).toMatchObject({ flow: 'winback', exit: 'upsells' });
  });
});
