import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor } from 'xstate';
import { finalOfferMachine, type FinalOfferData, type FinalOfferOutput } from '../../machines/final-offer.machine';
import { FINAL_OFFER_PAUSE_MONTHS, offersFinalPause } from '../../machines/final-offer.rules';
import type { CancelPage } from '../../src/api/schemas/pages';
import { finalOfferDataFrom, finalOfferExit } from '../../src/features/cancellation/final-offer-effects';
import { finalOfferModel } from './models/finalOffer.model';
import { graphsOf } from './coverage';
import { hrefOf } from '../../src/routing/route-target';

const data: FinalOfferData = {
  subscriptionId: 50003,
  planLabel: 'Monthly Access',
  renewal: {
    nextBillingDate: '2026-12-18T00:00:00.000Z',
    endDate: '2026-12-18T00:00:00.000Z',
    unitPrice: 23.95,
    nextRenewalPrice: 23.95,
    currencyCd: 'USD',
  },
  pause: true,
  pauseKeepsAccess: false,
};

describe('final offer rules', () => {
  it('offers a month’s pause only outside the holdout and where the plan may book it', () => {
    expect(FINAL_OFFER_PAUSE_MONTHS).toBe(1);
    expect(offersFinalPause({ Available: true, Months: [1, 2, 3] }, false)).toBe(true);
    expect(offersFinalPause({ Available: true, Months: [1, 2, 3] }, true)).toBe(false);
    expect(offersFinalPause({ Available: false, Months: [1, 2, 3] }, false)).toBe(false);
    expect(offersFinalPause({ Available: true, Months: [2, 3] }, false)).toBe(false);
  });

  it('reads the plan and the pause from the cancellation page', () => {
    const page = {
      CancellationData: {
        SubscriptionID: 7,
        SkuID: 1,
        SkuLabel: 'Monthly Access',
        PaymentStatus: 'PAID',
        SubscriptionStatus: 'ACTV',
      },
      SaveOffers: [],
      Pause: { Months: [1, 2, 3], Available: true, KeepsAccess: true },
    } as unknown as CancelPage;
    const plan = {
      NextBillingDate: '2026-12-18T00:00:00.000Z',
      EndDate: '2026-12-18T00:00:00.000Z',
      UnitPrice: 23.95,
      NextRenewalPrice: 23.95,
      CurrencyCD: 'USD',
    };
    expect(finalOfferDataFrom(page, false, plan)).toEqual({
      subscriptionId: 7,
      planLabel: 'Monthly Access',
      renewal: {
        nextBillingDate: '2026-12-18T00:00:00.000Z',
        endDate: '2026-12-18T00:00:00.000Z',
        unitPrice: 23.95,
        nextRenewalPrice: 23.95,
        currencyCd: 'USD',
      },
      pause: true,
      pauseKeepsAccess: true,
    });
    expect(finalOfferDataFrom(page, false).renewal).toBeNull();
    expect(finalOfferDataFrom(page, true).pause).toBe(false);
    expect(finalOfferDataFrom({ ...page, CancellationData: null } as CancelPage, false).subscriptionId).toBeNull();
    expect(hrefOf(finalOfferExit({ next: 'confirm' }))).toBe('/payment/cancellation/confirm');
    expect(hrefOf(finalOfferExit({ next: 'settings', paused: true }))).toBe('/payment/mysettings');
  });
});

function start(options: { pause?: () => Promise<unknown>; load?: FinalOfferData } = {}) {
  const calls: { paused: unknown[]; left: FinalOfferOutput[] } = { paused: [], left: [] };
  const machine = finalOfferMachine.provide({
    actors: {
      loadFinalOffer: fromPromise(async (): Promise<FinalOfferData> => options.load ?? data),
      pausePlan: fromPromise(async ({ input }: { input: { subscriptionId: number } }) => {
        calls.paused.push(input);
        return options.pause ? options.pause() : {};
      }),
    },
    actions: { leaveFinalOffer: (_, output) => calls.left.push(output) },
  });
  return { actor: createActor(machine, { input: { userUid: 'u-1' } }).start(), calls };
}

describe('finalOffer machine', () => {
  it('pauses this subscription and leads to my settings; a failure keeps the offer', async () => {
    let attempts = 0;
    const { actor, calls } = start({ pause: async () => (attempts++ === 0 ? Promise.reject(new Error('503')) : {}) });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'final.pause' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.can({ type: 'final.cancel' })).toBe(true);
    actor.send({ type: 'final.pause' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.paused).toEqual([{ subscriptionId: 50003 }, { subscriptionId: 50003 }]);
    expect(calls.left).toEqual([{ next: 'settings', paused: true }]);
  });

  it('with nothing to offer (the holdout, or a plan that cannot pause) it passes straight on to the confirmation', async () => {
    const { actor, calls } = start({ load: { ...data, pause: false } });
    const s = await waitFor(actor, (x) => x.status === 'done');
    expect(s.output).toEqual({ next: 'confirm' });
    expect(calls.left).toEqual([{ next: 'confirm' }]);
    expect(calls.paused).toEqual([]);
  });

  it('cancel leads to the confirmation, keep to my settings', async () => {
    for (const [event, output] of [
      ['final.cancel', { next: 'confirm' }],
      ['final.keep', { next: 'settings', paused: false }],
    ] as const) {
      const { actor, calls } = start();
      await waitFor(actor, (s) => s.matches('choosing'));
      actor.send({ type: event });
      expect(calls.left).toEqual([output]);
    }
  });
});

const graphs = () => graphsOf(finalOfferMachine, finalOfferModel);

describe('cancel stands beside the final offer (graph proofs)', () => {
  it('in every state that shows the offer, cancelling is one move', () => {
    let checked = 0;
    for (const graph of graphs()) {
      for (const { state } of graph) {
        const showsOffer =
          state.status === 'active' &&
          state.context.data?.subscriptionId != null &&
          !state.hasTag('busy') &&
          !state.matches('nothingToCancel');
        if (!showsOffer) continue;
        checked += 1;
        expect(getNextSnapshot(finalOfferMachine, state as never, { type: 'final.cancel' }).output).toEqual({
          next: 'confirm',
        });
      }
    }
    // choosing and failed, each with the pause.
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});
