/**
 * The save offers machine with the app's effects: what the page loads (the plan, the discount
 * it may still take, the pauses it may book), taking the discount, pausing, and where each end
 * leads.
 */
import type { CancelOfferDeps } from './offer-page-setup';
import { fromPromise } from 'xstate';
import { saveOffersMachine, type SaveOffersData, type SaveOffersOutput } from '../../../machines/save-offers.machine';
import type { CancelPage } from '../../api/schemas/pages';
import { renewalFactsOf, type RenewalPlan } from '../../domain/offer-terms';
import { SAVE_OFFER_IDS } from '../../domain/save-offers';
import type { RouteTarget } from '../../routing/route-target';

/** The offers page's data from the cancellation page's answer; the holdout is offered nothing. */
export function saveOffersDataFrom(
  page: CancelPage,
  holdout: boolean,
  plan: RenewalPlan | null = null,
): SaveOffersData {
  const current = page.CancellationData;
  const discount = page.SaveOffers.find(
    (offer) => offer.Kind === 'discount' && offer.Redeemable && offer.DiscountPercent,
  );
  return {
    subscriptionId: current?.SubscriptionStatus === 'ACTV' ? current.SubscriptionID : null,
    planLabel: current?.SkuLabel ?? '',
    renewal: plan ? renewalFactsOf(plan) : null,
    discount: !holdout && discount ? { offerId: discount.OfferID, percent: discount.DiscountPercent! } : null,
    pauseMonths: !holdout && page.Pause.Available ? page.Pause.Months : [],
    pauseKeepsAccess: page.Pause.KeepsAccess,
  };
}

export const saveOffersExit = (output: SaveOffersOutput): RouteTarget =>
  output.next === 'confirm' ? { to: '/cancellation/confirm' } : { to: '/mysettings' };

export function provideSaveOffers(deps: CancelOfferDeps) {
  return saveOffersMachine.provide({
    actors: {
      loadSaveOffers: fromPromise<SaveOffersData, { userUid: string }>(async ({ input }) => {
        const [page, current] = await Promise.all([
          deps.api.pages.cancel({
            userUID: input.userUid,
            visitorPortalID: deps.user.PortalID,
            countryCD: deps.user.CountryCD,
          }),
          deps.api.subscriptions.list(input.userUid, true),
        ]);
        return saveOffersDataFrom(page, deps.holdout, current.Subscriptions[0] ?? null);
      }),
      takeDiscount: fromPromise<unknown, { subscriptionId: number; offerId: string }>(async ({ input }) => {
        // The offer came from the server's own list, so an id it does not know is a fault.
        const offerId = SAVE_OFFER_IDS.find((id) => id === input.offerId);
        if (!offerId) throw new Error(`unknown save offer ${input.offerId}`);
        return deps.api.subscriptions.takeSaveOffer({
          user_uid: deps.user.UserUID,
          subscription_id: input.subscriptionId,
          offer_id: offerId,
        });
      }),
      pausePlan: fromPromise<unknown, { subscriptionId: number; months: number }>(({ input }) =>
        deps.api.subscriptions.pause({
          user_uid: deps.user.UserUID,
          subscription_id: input.subscriptionId,
          months: input.months,
        }),
      ),
    },
    actions: {
      leaveSaveOffers: (_, output) => deps.navigation.go(saveOffersExit(output)),
    },
  });
}
