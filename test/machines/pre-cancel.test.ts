import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor, type AnyMachineSnapshot } from 'xstate';
import {
  preCancelMachine,
  type AcceptOfferInput,
  type PreCancelData,
  type PreCancelInput,
} from '../../machines/pre-cancel.machine';
import { HOLDOUT_VARIATION, KEEP_FIRST_VARIATION } from '../../machines/pre-cancel.rules';
import { preCancelModel } from './models/preCancel.model';
import { graphsOf, statesThatCannotReach } from './coverage';
import { SAVE_OFFER_STATES } from '../../src/flows/compliance';

const input: PreCancelInput = { userUid: 'u-1', device: 'Desktop', countryCd: 'US' };
const data: PreCancelData = {
  subscription: {
    subscriptionId: 50003,
    label: 'Monthly',
    accessEndsOn: '2026-12-18T00:00:00.000Z',
    startedOn: '2026-07-24T00:00:00.000Z',
    nextRenewalPrice: '$23.95',
    renewal: {
      nextBillingDate: '2026-12-18T00:00:00.000Z',
      endDate: '2026-12-18T00:00:00.000Z',
      unitPrice: 23.95,
      nextRenewalPrice: 23.95,
      currencyCd: 'USD',
    },
  },
  saveOffer: { offerId: 'freeMonth', kind: 'freeMonth', discountPercent: null, freeMonths: 1 },
  featureBasedFlag: true,
  strategy: 'Default',
  hideOfferInOneClick: true,
  complaint: 'none',
  cancelFlowVariation: 1,
  buttonOrderVariation: null,
};

function start(
  answer: PreCancelData | Error,
  options: { accept?: (i: AcceptOfferInput) => Promise<unknown>; input?: Partial<PreCancelInput> } = {},
) {
  const accepted: AcceptOfferInput[] = [];
  const machine = preCancelMachine.provide({
    actors: {
      loadPreCancel: fromPromise(async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      acceptSaveOffer: fromPromise(async ({ input: offer }: { input: AcceptOfferInput }) => {
        accepted.push(offer);
        return options.accept ? options.accept(offer) : {};
      }),
    },
  });
  const actor = createActor(machine, { input: { ...input, ...options.input } }).start();
  return { actor, accepted };
}

describe('preCancel machine', () => {
  it('puts the single save offer forward over the feature-based page in the US', async () => {
    const { actor } = start(data);
    const s = await waitFor(actor, (x) => !x.hasTag('loading'));
    expect(s.value).toBe('offering');
    expect(s.context.featureBasedPage).toBe(true);
    expect(s.context.buttonOrder).toEqual(['cancel', 'keep']);
  });

  it('puts keep first on desktop in the button-order experiment', async () => {
    const { actor } = start({ ...data, buttonOrderVariation: KEEP_FIRST_VARIATION });
    expect((await waitFor(actor, (x) => !x.hasTag('loading'))).context.buttonOrder).toEqual(['keep', 'cancel']);
  });

  it('shows the standard page in Germany, keep first on mobile', async () => {
    const { actor } = start(data, { input: { countryCd: 'DE', device: 'Mobile' } });
    const s = await waitFor(actor, (x) => !x.hasTag('loading'));
    expect(s.context.featureBasedPage).toBe(false);
    expect(s.context.buttonOrder).toEqual(['keep', 'cancel']);
  });

  it('the holdout sees no offer', async () => {
    const { actor } = start({ ...data, cancelFlowVariation: HOLDOUT_VARIATION });
    expect((await waitFor(actor, (x) => !x.hasTag('loading'))).value).toBe('deciding');
  });

  it('accepting applies the offer for this subscription and ends there', async () => {
    const { actor, accepted } = start(data);
    await waitFor(actor, (x) => x.matches('offering'));
    actor.send({ type: 'preCancel.acceptOffer' });
    const s = await waitFor(actor, (x) => x.status === 'done');
    expect(accepted).toEqual([{ subscriptionId: 50003, offerId: 'freeMonth' }]);
    expect(s.output).toEqual({ next: 'offerAccepted', offerId: 'freeMonth' });
  });

  it('a failed acceptance keeps the offer for a retry, with cancel still one step', async () => {
    let calls = 0;
    const { actor } = start(data, {
      accept: async () => {
        calls += 1;
        if (calls === 1) throw new Error('503');
        return {};
      },
    });
    await waitFor(actor, (x) => x.matches('offering'));
    actor.send({ type: 'preCancel.acceptOffer' });
    const failed = await waitFor(actor, (x) => x.matches('acceptFailed'));
    expect(failed.can({ type: 'preCancel.cancel' })).toBe(true);
    actor.send({ type: 'preCancel.acceptOffer' });
    expect((await waitFor(actor, (x) => x.status === 'done')).output).toEqual({
      next: 'offerAccepted',
      offerId: 'freeMonth',
    });
  });

  it('cancel goes to the survey, or straight to the confirmation in one-click', async () => {
    for (const [strategy, next] of [
      ['Default', 'survey'],
      ['OneClick', 'confirm'],
    ] as const) {
      const { actor } = start({ ...data, strategy });
      await waitFor(actor, (x) => !x.hasTag('loading'));
      actor.send({ type: 'preCancel.cancel' });
      expect(actor.getSnapshot().output).toEqual({ next });
    }
  });

  it('a failed load offers a retry and nothing to cancel yet', async () => {
    const { actor } = start(new Error('503'));
    const s = await waitFor(actor, (x) => x.matches('loadFailed'));
    expect(s.can({ type: 'preCancel.cancel' })).toBe(false);
    expect(s.can({ type: 'preCancel.retry' })).toBe(true);
  });

  it('each end tells the app where to lead the person', async () => {
    const left: unknown[] = [];
    const machine = preCancelMachine.provide({
      actors: { loadPreCancel: fromPromise(async (): Promise<PreCancelData> => ({ ...data, saveOffer: null })) },
      actions: { leavePreCancel: (_, output) => left.push(output) },
    });
    for (const [event, next] of [
      ['preCancel.cancel', 'survey'],
      ['preCancel.keep', 'settings'],
      ['preCancel.getBack', 'dashboard'],
    ] as const) {
      const actor = createActor(machine, { input }).start();
      await waitFor(actor, (x) => x.matches('deciding'));
      actor.send({ type: event });
      expect(left.pop()).toEqual({ next });
      expect(actor.getSnapshot().output).toEqual({ next });
    }
  });
});

const graphs = () => graphsOf(preCancelMachine, preCancelModel);

describe('cancel is never hidden (graph proofs)', () => {
  const key = (s: AnyMachineSnapshot) => preCancelModel.serializeState!(s);

  it('from every state with a plan to cancel, the cancellation is reachable', () => {
    for (const graph of graphs()) {
      const stuck = statesThatCannotReach(graph, (state) => state.matches('cancelling'), key)
        .filter((state) => !state.matches('nothingToCancel'))
        .map(key);
      expect(stuck).toEqual([]);
    }
  });

  it('in every state that shows the page or an offer, cancelling is one move', () => {
    let checked = 0;
    for (const graph of graphs()) {
      for (const { state } of graph) {
        // The offer states the explorer's compliance checklist reads too.
        if (!SAVE_OFFER_STATES.preCancel.states.some((name) => state.matches(name))) continue;
        checked += 1;
        const next = getNextSnapshot(preCancelMachine, state as never, { type: SAVE_OFFER_STATES.preCancel.cancel });
        expect(next.status).toBe('done');
        expect(next.output).toMatchObject({ next: expect.stringMatching(/^(survey|confirm)$/) });
      }
    }
    expect(checked).toBeGreaterThan(6);
  });
});
