import { and, assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import {
  hasClaimedOffer,
  isEligibleByConfig,
  isLowIntentVisitor,
  lowIntentPreferenceNeedsSaving,
  offerAcceptedEvent,
  offerDeclinedEvent,
  offerShownEvent,
  secondsSpent,
  SKIP_OFFER,
  type AnalyticsEvent,
  type LowIntentBlock,
  type LowIntentChoice,
  type LowIntentOfferType,
} from './low-intent-offer.rules';

/** What the sell page knows of the visitor when it opens; read once, before the popup may show. */
export interface LowIntentOfferInput {
  /** The `lowIntentOffer` block as configuration resolved it for this visitor. */
  block: LowIntentBlock;
  /** The local low-intent flag. */
  localFlag: boolean;
  /** The stored LOW_INTENT_USER preference; null when unset or unreadable. */
  preference: string | null;
  /** Whether there is an account to save the preference to. */
  signedIn: boolean;
  /** A choice remembered from an earlier popup; null when none. */
  claimed: LowIntentChoice | null;
  /** This is a second (or later) sell-page visit. */
  visitedSecondTime: boolean;
}

export interface LowIntentOfferContext extends LowIntentOfferInput {
  /** When the popup was shown, epoch milliseconds. */
  shownAt: number | null;
  choice: LowIntentChoice | null;
}

/** Every event carries the time it happened (epoch ms), so the time spent can be reported. */
export type LowIntentOfferEvent =
  | { type: 'offer.show'; at: number }
  | { type: 'offer.accept'; offer: LowIntentOfferType; at: number }
  /** "No thanks": the visitor picks SkipOffer. */
  | { type: 'offer.decline'; at: number }
  /** Escape or the close button: counts as declining, and the popup does not come back. */
  | { type: 'offer.dismiss'; at: number };

export type LowIntentOfferOutput =
  { outcome: 'accepted'; offer: LowIntentOfferType } | { outcome: 'declined'; offer: typeof SKIP_OFFER };

/**
 * The low-intent offer popup on the sell page (spec §4 "Low-intent offer"): not shown until
 * the page asks and every rule agrees (configuration, a low-intent visitor, nothing claimed
 * yet, a second visit); once shown, one of the offers accepts and SkipOffer declines. The
 * choice is recorded locally and reported; the local low-intent flag is saved as the
 * account's preference on the way in.
 */
export const lowIntentOfferMachine = setup({
  types: {
    input: {} as LowIntentOfferInput,
    context: {} as LowIntentOfferContext,
    events: {} as LowIntentOfferEvent,
    output: {} as LowIntentOfferOutput,
  },
  guards: {
    isEligibleByConfig: ({ context }) => isEligibleByConfig(context.block),
    isLowIntentVisitor: ({ context }) => isLowIntentVisitor(context.localFlag, context.preference),
    hasNotClaimedAnOffer: ({ context }) => !hasClaimedOffer(context.claimed),
    visitedSellPageSecondTime: ({ context }) => context.visitedSecondTime,
    shouldShowOffer: and([
      'isEligibleByConfig',
      'isLowIntentVisitor',
      'hasNotClaimedAnOffer',
      'visitedSellPageSecondTime',
    ]),
    lowIntentPreferenceNeedsSaving: ({ context }) =>
      lowIntentPreferenceNeedsSaving(context.localFlag, context.preference, context.signedIn),
    isOfferedChoice: ({ context }, params: { offer: LowIntentOfferType }) =>
      context.block.offers.includes(params.offer),
  },
  actions: {
    // Effects the app provides: the account's preference, local storage and analytics.
    saveLowIntentPreference: () => {},
    recordClaimedOffer: (_, _params: { offer: LowIntentChoice }) => {},
    trackEvent: (_, _params: AnalyticsEvent) => {},
    rememberShownAt: assign((_, params: { at: number }) => ({ shownAt: params.at })),
    rememberChoice: assign((_, params: { choice: LowIntentChoice }) => ({ choice: params.choice })),
  },
}).createMachine({
  id: 'lowIntentOffer',
  context: ({ input }) => ({ ...input, shownAt: null, choice: null }),
  initial: 'notShown',
  states: {
    notShown: {
      entry: enqueueActions(({ check, enqueue }) => {
        if (check('lowIntentPreferenceNeedsSaving')) enqueue('saveLowIntentPreference');
      }),
      on: {
        'offer.show': {
          guard: 'shouldShowOffer',
          target: 'shown',
          actions: [
            { type: 'rememberShownAt', params: ({ event }) => ({ at: event.at }) },
            { type: 'trackEvent', params: ({ context }) => offerShownEvent(context.block.offers) },
          ],
        },
      },
    },
    shown: {
      on: {
        'offer.accept': {
          guard: { type: 'isOfferedChoice', params: ({ event }) => ({ offer: event.offer }) },
          target: 'accepted',
          actions: [
            { type: 'rememberChoice', params: ({ event }) => ({ choice: event.offer }) },
            { type: 'recordClaimedOffer', params: ({ event }) => ({ offer: event.offer }) },
            {
              type: 'trackEvent',
              params: ({ context, event }) => offerAcceptedEvent(event.offer, secondsSpent(context.shownAt, event.at)),
            },
          ],
        },
        'offer.decline': {
          target: 'declined',
          actions: [
            { type: 'rememberChoice', params: { choice: SKIP_OFFER } },
            { type: 'recordClaimedOffer', params: { offer: SKIP_OFFER } },
            {
              type: 'trackEvent',
              params: ({ context, event }) => offerDeclinedEvent('skipped', secondsSpent(context.shownAt, event.at)),
            },
          ],
        },
        'offer.dismiss': {
          target: 'declined',
          actions: [
            { type: 'rememberChoice', params: { choice: SKIP_OFFER } },
            { type: 'recordClaimedOffer', params: { offer: SKIP_OFFER } },
            {
              type: 'trackEvent',
              params: ({ context, event }) => offerDeclinedEvent('dismissed', secondsSpent(context.shownAt, event.at)),
            },
          ],
        },
      },
    },
    accepted: {
      type: 'final',
      output: ({ context }) => ({ outcome: 'accepted', offer: context.choice as LowIntentOfferType }),
    },
    declined: {
      type: 'final',
      output: { outcome: 'declined', offer: SKIP_OFFER },
    },
  },
  // The machine's output is the output of the final state it ended in.
  output: ({ event }) => event.output as LowIntentOfferOutput,
});

export type LowIntentOfferActor = ActorRefFrom<typeof lowIntentOfferMachine>;
