import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { hasOffers, isOfferedSku, type OffersPage, type ServiceOffer } from './service-offers.rules';

export interface ServiceOffersInput {
  userUid: string;
  page: OffersPage;
}

export interface ServiceOffersContext extends ServiceOffersInput {
  offers: ServiceOffer[];
  /** The service chosen to add, once chosen. */
  chosenSkuId: number | null;
}

export type ServiceOffersEvent =
  { type: 'offers.add'; skuId: number } | { type: 'offers.skip' } | { type: 'offers.retry' };

/** Where the page leads: checkout for the chosen service, or the dashboard. */
export type ServiceOffersOutput = { next: 'checkout'; skuId: number } | { next: 'dashboard' };

export interface LoadOffersInput {
  userUid: string;
  page: OffersPage;
}

const checkoutExit = (context: ServiceOffersContext): ServiceOffersOutput => ({
  next: 'checkout',
  skuId: context.chosenSkuId!,
});
const offersOf = ({ event }: { event: unknown }) => ({ offers: (event as { output: ServiceOffer[] }).output });

/**
 * The offers after a purchase (`offers`, and the big-interview offers): it loads the services
 * of the person's market, lets one be added (bought through checkout) or all be skipped for the
 * dashboard. A failed load can be retried, and skipping always stays open.
 */
export const serviceOffersMachine = setup({
  types: {
    input: {} as ServiceOffersInput,
    context: {} as ServiceOffersContext,
    events: {} as ServiceOffersEvent,
    output: {} as ServiceOffersOutput,
  },
  actors: {
    loadOffers: fromPromise<ServiceOffer[], LoadOffersInput>(async () => {
      throw new Error('loadOffers is provided by the app');
    }),
  },
  guards: {
    hasNoOffers: (_, params: { offers: ServiceOffer[] }) => !hasOffers(params.offers),
    isOfferedSku: ({ context }, params: { skuId: number }) => isOfferedSku(context.offers, params.skuId),
  },
  actions: {
    rememberOffers: assign((_, params: { offers: ServiceOffer[] }) => ({ offers: params.offers })),
    chooseOffer: assign((_, params: { skuId: number }) => ({ chosenSkuId: params.skuId })),
    /** Carries the person where the page's end leads; provided by the app. */
    leaveOffers: (_, _params: ServiceOffersOutput) => {},
  },
}).createMachine({
  id: 'serviceOffers',
  context: ({ input }) => ({ ...input, offers: [], chosenSkuId: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOffers',
        src: 'loadOffers',
        input: ({ context }) => ({ userUid: context.userUid, page: context.page }),
        onDone: [
          {
            guard: { type: 'hasNoOffers', params: offersOf },
            target: 'noOffers',
            actions: { type: 'rememberOffers', params: offersOf },
          },
          { target: 'choosing', actions: { type: 'rememberOffers', params: offersOf } },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { 'offers.retry': { target: 'loading' }, 'offers.skip': { target: 'skipped' } },
    },
    /** Nothing is sold in this market: only the way on is left. */
    noOffers: {
      on: { 'offers.skip': { target: 'skipped' } },
    },
    choosing: {
      on: {
        'offers.add': {
          guard: { type: 'isOfferedSku', params: ({ event }) => ({ skuId: event.skuId }) },
          target: 'toCheckout',
          actions: { type: 'chooseOffer', params: ({ event }) => ({ skuId: event.skuId }) },
        },
        'offers.skip': { target: 'skipped' },
      },
    },
    toCheckout: {
      type: 'final',
      entry: { type: 'leaveOffers', params: ({ context }) => checkoutExit(context) },
      output: ({ context }) => checkoutExit(context),
    },
    skipped: {
      type: 'final',
      entry: { type: 'leaveOffers', params: { next: 'dashboard' } },
      output: { next: 'dashboard' },
    },
  },
  output: ({ event }) => event.output as ServiceOffersOutput,
});

export type ServiceOffersActor = ActorRefFrom<typeof serviceOffersMachine>;
