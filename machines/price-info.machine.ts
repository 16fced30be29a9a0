import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { PayPerOption } from './price-info.rules';

export interface PriceInfoInput {
  device: 'Desktop' | 'Tablet' | 'Mobile';
}

export interface PriceInfoContext extends PriceInfoInput {
  option: PayPerOption | null;
  /** The person chose the one-time option (rather than closing the popup). */
  chosen: boolean;
}

export type PriceInfoEvent = { type: 'priceInfo.choose' } | { type: 'priceInfo.close' } | { type: 'priceInfo.retry' };

/** How the popup ended: the person chose the one-time option (to its checkout), or closed it. */
export type PriceInfoOutput =
  { kind: 'checkout'; skuId: number; device: PriceInfoInput['device'] } | { kind: 'closed' };

/**
 * The pay-per price information (`payperpopup`, PriceInfo): the one-time option's price and what
 * it includes, in a dialog that closes with its button or Escape. Choosing it goes to its
 * checkout; closing leads back. A failed load says so with a retry, and closing still works.
 */
export const priceInfoMachine = setup({
  types: {
    input: {} as PriceInfoInput,
    context: {} as PriceInfoContext,
    events: {} as PriceInfoEvent,
    output: {} as PriceInfoOutput,
  },
  actors: {
    loadPayPerOption: fromPromise<PayPerOption | null, void>(async () => {
      throw new Error('loadPayPerOption is provided by the app');
    }),
  },
  guards: {
    hasOption: (_, params: { option: PayPerOption | null }) => params.option !== null,
  },
  actions: {
    // Effects the app provides.
    leavePopup: (_, _params: PriceInfoOutput) => {},
  },
}).createMachine({
  id: 'priceInfo',
  context: ({ input }) => ({ ...input, option: null, chosen: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPayPerOption',
        src: 'loadPayPerOption',
        onDone: [
          {
            guard: { type: 'hasOption', params: ({ event }) => ({ option: event.output }) },
            target: 'shown',
            actions: assign({ option: ({ event }) => event.output }),
          },
          { target: 'notOffered' },
        ],
        onError: { target: 'loadFailed' },
      },
      on: { 'priceInfo.close': { target: 'closed' } },
    },
    loadFailed: {
      on: { 'priceInfo.retry': { target: 'loading' }, 'priceInfo.close': { target: 'closed' } },
    },
    // The market sells no one-time option: the popup says so and closes.
    notOffered: {
      on: { 'priceInfo.close': { target: 'closed' } },
    },
    shown: {
      on: {
        'priceInfo.choose': { target: 'chosen', actions: assign({ chosen: true }) },
        'priceInfo.close': { target: 'closed' },
      },
    },
    chosen: {
      type: 'final',
      entry: {
        type: 'leavePopup',
        params: ({ context }) => ({ kind: 'checkout' as const, skuId: context.option!.skuId, device: context.device }),
      },
    },
    closed: {
      type: 'final',
      entry: { type: 'leavePopup', params: { kind: 'closed' as const } },
    },
  },
  output: ({ context }): PriceInfoOutput =>
    context.chosen && context.option
      ? { kind: 'checkout', skuId: context.option.skuId, device: context.device }
      : { kind: 'closed' },
});

export type PriceInfoActor = ActorRefFrom<typeof priceInfoMachine>;
