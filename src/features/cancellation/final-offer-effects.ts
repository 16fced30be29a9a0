/**
 * The final offer machine with the app's effects: what the page loads (the plan, whether it may
 * pause for a month), the pause, and where each end leads.
 */
import type { CancelOfferDeps } from './offer-page-setup';
import { fromPromise } from 'xstate';
import { finalOfferMachine, type FinalOfferData, type FinalOfferOutput } from '../../../machines/final-offer.machine';
import { FINAL_OFFER_PAUSE_MONTHS, offersFinalPause } from '../../../machines/final-offer.rules';
import type { CancelPage } from '../../api/schemas/pages';
import { renewalFactsOf, type RenewalPlan } from '../../domain/offer-terms';
import type { RouteTarget } from '../../routing/route-target';

/** The final offer's data from the cancellation page's answer; the holdout is offered nothing. */
export function finalOfferDataFrom(
  page: CancelPage,
  holdout: boolean,
  plan: RenewalPlan | null = null,
): FinalOfferData {
  const current = page.CancellationData;
  return {
    subscriptionId: current?.SubscriptionStatus === 'ACTV' ? current.SubscriptionID : null,
    planLabel: current?.SkuLabel ?? '',
    renewal: plan ? renewalFactsOf(plan) : null,
    pause: offersFinalPause(page.Pause, holdout),
    pauseKeepsAccess: page.Pause.KeepsAccess,
  };
}

export const finalOfferExit = (output: FinalOfferOutput): RouteTarget =>
  output.next === 'confirm' ? { to: '/cancellation/confirm' } : { to: '/mysettings' };

export function provideFinalOffer(deps: CancelOfferDeps) {
  return finalOfferMachine.provide({
    actors: {
      loadFinalOffer: fromPromise<FinalOfferData, { userUid: string }>(async ({ input }) => {
        const [page, current] = await Promise.all([
          deps.api.pages.cancel({
            userUID: input.userUid,
            visitorPortalID: deps.user.PortalID,
            countryCD: deps.user.CountryCD,
          }),
          deps.api.subscriptions.list(input.userUid, true),
        ]);
        return finalOfferDataFrom(page, deps.holdout, current.Subscriptions[0] ?? null);
      }),
      pausePlan: fromPromise<unknown, { subscriptionId: number }>(({ input }) =>
        deps.api.subscriptions.pause({
          user_uid: deps.user.UserUID,
          subscription_id: input.subscriptionId,
          months: FINAL_OFFER_PAUSE_MONTHS,
        }),
      ),
    },
    actions: {
      // Passing through (nothing offered) replaces this page in the history, so going back does not bounce.
      leaveFinalOffer: ({ context }, output) =>
        deps.navigation.go(finalOfferExit(output), {
          replace: output.next === 'confirm' && context.data?.pause === false,
        }),
    },
  });
}
