import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor, type AnyMachineSnapshot } from 'xstate';
import { saveOffersMachine, type SaveOffersData, type SaveOffersOutput } from '../../machines/save-offers.machine';
import { saveOffersModel } from './models/saveOffers.model';
import { graphsOf, statesThatCannotReach } from './coverage';
import { SAVE_OFFER_STATES } from '../../src/flows/compliance';

const data: SaveOffersData = {
  subscriptionId: 50003,
  planLabel: 'Monthly Access',
  renewal: {
    nextBillingDate: '2026-12-18T00:00:00.000Z',
    endDate: '2026-12-18T00:00:00.000Z',
    unitPrice: 23.95,
    nextRenewalPrice: 23.95,
    currencyCd: 'USD',
  },
  discount: { offerId: 'halfOffNextRenewal', percent: 50 },
  pauseMonths: [1, 2, 3],
  pauseKeepsAccess: false,
};

function start(options: { take?: () => Promise<unknown>; pause?: () => Promise<unknown>; load?: SaveOffersData } = {}) {
  const calls: { took: unknown[]; paused: unknown[]; left: SaveOffersOutput[] } = { took: [], paused: [], left: [] };
  const machine = saveOffersMachine.provide({
    actors: {
      loadSaveOffers: fromPromise(async (): Promise<SaveOffersData> => options.load ?? data),
      takeDiscount: fromPromise(async ({ input }: { input: { subscriptionId: number; offerId: string } }) => {
        calls.took.push(input);
        return options.take ? options.take() : {};
      }),
      pausePlan: fromPromise(async ({ input }: { input: { subscriptionId: number; months: number } }) => {
        calls.paused.push(input);
        return options.pause ? options.pause() : {};
      }),
    },
    actions: { leaveSaveOffers: (_, output) => calls.left.push(output) },
  });
  const actor = createActor(machine, { input: { userUid: 'u-1' } }).start();
  return { actor, calls };
}

describe('saveOffers machine', () => {
  it('takes the discount for this subscription and leads to my settings', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'offers.takeDiscount' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.took).toEqual([{ subscriptionId: 50003, offerId: 'halfOffNextRenewal' }]);
    expect(calls.left).toEqual([{ next: 'settings', saved: 'discount' }]);
  });

  it('books only a pause length the plan offers; a failure keeps the length for the retry', async () => {
    let attempts = 0;
    const { actor, calls } = start({ pause: async () => (attempts++ === 0 ? Promise.reject(new Error('503')) : {}) });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'offers.pause', months: 6 });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'offers.pause', months: 3 });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.months).toBe(3);
    expect(failed.can({ type: 'offers.cancel' })).toBe(true);
    actor.send({ type: 'offers.pause', months: 3 });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.paused).toEqual([
      { subscriptionId: 50003, months: 3 },
      { subscriptionId: 50003, months: 3 },
    ]);
    expect(calls.left).toEqual([{ next: 'settings', saved: 'pause' }]);
  });

  it('offers no discount the subscription cannot take', async () => {
    const { actor } = start({ load: { ...data, discount: null } });
    const s = await waitFor(actor, (x) => x.matches('choosing'));
    expect(s.can({ type: 'offers.takeDiscount' })).toBe(false);
    expect(s.can({ type: 'offers.pause', months: 1 })).toBe(true);
  });

  it('cancel leads to the confirmation, keep to my settings', async () => {
    for (const [event, output] of [
      ['offers.cancel', { next: 'confirm' }],
      ['offers.keep', { next: 'settings', saved: null }],
    ] as const) {
      const { actor, calls } = start();
      await waitFor(actor, (s) => s.matches('choosing'));
      actor.send({ type: event });
      expect(calls.left).toEqual([output]);
    }
  });
});

const graphs = () => graphsOf(saveOffersMachine, saveOffersModel);

describe('cancel stands beside every offer (graph proofs)', () => {
  const key = (s: AnyMachineSnapshot) => saveOffersModel.serializeState!(s);

  it('from every state with a plan to cancel, the cancellation is reachable', () => {
    for (const graph of graphs()) {
      const stuck = statesThatCannotReach(graph, (state) => state.matches('cancelling'), key)
        .filter((state) => !state.matches('nothingToCancel'))
        .map(key);
      expect(stuck).toEqual([]);
    }
  });

  it('in every state that shows an offer, cancelling is one move', () => {
    let checked = 0;
    for (const graph of graphs()) {
      for (const { state } of graph) {
        // The offer states the explorer's compliance checklist reads too.
        if (!SAVE_OFFER_STATES.saveOffers.states.some((name) => state.matches(name))) continue;
        checked += 1;
        expect(
          getNextSnapshot(saveOffersMachine, state as never, { type: SAVE_OFFER_STATES.saveOffers.cancel }).output,
        ).toEqual({ next: 'confirm' });
      }
    }
    expect(checked).toBeGreaterThan(3);
  });
});
