import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { finalOfferMachine, type FinalOfferData } from '../../machines/final-offer.machine';
import { checkoutFrameMachine } from '../../machines/checkout-frame.machine';
import { orderConfirmationMachine } from '../../machines/order-confirmation.machine';
import { machines } from '../../machines';
import { createFlowRecorder, type FlowStep } from '../../src/flows/recorder';
import { flowTransition } from '../../src/api/schemas/flows';
import { edgeKey, knownMachines } from '../../server/services/flow-graph';
import { confirmationRequest } from '../machines/order-confirmation.fixtures';

function recorder() {
  const steps: FlowStep[] = [];
  let n = 0;
  const { inspect } = createFlowRecorder({
    onStep: (s) => steps.push(s),
    newFlowId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  });
  return { steps, inspect };
}

/** Every step is an edge of its machine's live graph, as the server checks it. */
function expectKnownEdges(steps: FlowStep[]) {
  for (const step of steps)
    expect(
      knownMachines()
        .get(step.machine)
        ?.edgeSet.has(edgeKey(step.from, step.event, step.to)),
      JSON.stringify(step),
    ).toBe(true);
}

const offer: FinalOfferData = {
  subscriptionId: 1,
  planLabel: 'Monthly',
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

describe('the flow recorder', () => {
  it('records a visit of a real machine: its start, each transition, one flow id and steps counted from 0', async () => {
    const { steps, inspect } = recorder();
    const machine = finalOfferMachine.provide({
      actors: {
        loadFinalOffer: fromPromise(async () => offer),
        pausePlan: fromPromise(async (): Promise<unknown> => Promise.reject(new Error('503'))),
      },
      actions: { leaveFinalOffer: () => {} },
    });
    const actor = createActor(machine, { input: { userUid: 'a-person' }, inspect }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'final.pause' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'final.keep' });

    expect(steps.map(({ from, event, to, seq }) => [seq, from, event, to])).toEqual([
      [0, null, 'xstate.init', 'finalOffer.loading'],
      [1, 'finalOffer.loading', 'xstate.done.actor.loadFinalOffer', 'finalOffer.choosing'],
      [2, 'finalOffer.choosing', 'final.pause', 'finalOffer.pausing'],
      [3, 'finalOffer.pausing', 'xstate.error.actor.pausePlan', 'finalOffer.failed'],
      [4, 'finalOffer.failed', 'final.keep', 'finalOffer.kept'],
    ]);
    expect(new Set(steps.map((s) => s.flowId))).toEqual(new Set(['00000000-0000-4000-8000-000000000001']));
    expect(new Set(steps.map((s) => s.machine))).toEqual(new Set(['finalOffer']));
    expectKnownEdges(steps);
    // A step names nothing of the person: the context (the user id here) never leaves.
    expect(JSON.stringify(steps)).not.toContain('a-person');
    // With a segment and an id, each step is what the API takes.
    for (const step of steps) {
      const parsed = flowTransition.safeParse({
        ...step,
        id: '00000000-0000-4000-8000-00000000000a',
        segment: { country: 'US', device: 'desktop', userType: 'GUST', variations: {} },
      });
      expect(parsed.success).toBe(true);
    }
  });

  it('a second instance of a machine is a second visit', () => {
    const { steps, inspect } = recorder();
    for (let i = 0; i < 2; i += 1)
      createActor(finalOfferMachine, { input: { userUid: 'u' }, inspect })
        .start()
        .stop();
    const starts = steps.filter((s) => s.from === null);
    expect(starts).toHaveLength(2);
    expect(starts[0]!.flowId).not.toBe(starts[1]!.flowId);
  });

  it('records an eventless transition taken at the start as xstate.always', () => {
    const { steps, inspect } = recorder();
    createActor(orderConfirmationMachine, {
      input: { request: confirmationRequest({ orderId: null }), trackedOrderIds: [], welcomedOrderIds: [] },
      inspect,
    }).start();
    expect(steps.map(({ from, event, to }) => [from, event, to])).toEqual([
      [null, 'xstate.init', 'orderConfirmation.loading'],
      ['orderConfirmation.loading', 'xstate.always', 'orderConfirmation.failed'],
    ]);
    expectKnownEdges(steps);
  });

  it('records a machine a running machine invokes, as its own visit', () => {
    const { steps, inspect } = recorder();
    const parent = createMachine({
      id: 'host',
      initial: 'paying',
      states: { paying: { invoke: { id: 'cardFrame', src: checkoutFrameMachine, input: {} } } },
    });
    try {
      createActor(parent, { inspect }).start();
    } catch {
      /* the frame's own effects are not provided here: its start is what counts */
    }
    const frame = steps.filter((s) => s.machine === 'checkoutFrame');
    expect(frame[0]).toMatchObject({ seq: 0, from: null, event: 'xstate.init' });
    expect(new Set(steps.map((s) => s.flowId)).size).toBe(2);
    expectKnownEdges(frame);
  });

  it('each machine of the registry is named by its id, so the server finds what the recorder names', () => {
    for (const [name, machine] of Object.entries(machines)) expect(machine.id, name).toBe(name);
  });
});
