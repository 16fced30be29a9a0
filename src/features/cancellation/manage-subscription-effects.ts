/**
 * The manage-subscription machine with the app's effects: the current plan with its details
 * (transactions, whether the survey was answered), ending a booked pause, and where each end
 * of the manage and details pages leads.
 */
import { fromPromise } from 'xstate';
import {
  manageSubscriptionMachine,
  type ManagePlan,
  type ManageSubscriptionOutput,
} from '../../../machines/manage-subscription.machine';
import { isManageable } from '../../../machines/manage-subscription.rules';
import type { Api } from '../../api';
import type { Subscription, SubscriptionDetails } from '../../api/schemas/subscriptions';
import type { AppNavigation } from '../../app/navigation';
import type { RouteTarget } from '../../routing/route-target';

/** The plan as the pages show it, from the current subscription and (for an active one) its details. */
export function managePlanFrom(current: Subscription, details: SubscriptionDetails | null): ManagePlan {
  const plan = details ?? current;
  return {
    subscriptionId: plan.SubscriptionID,
    statusCd: plan.StatusCD,
    planLabel: plan.SkuLabel,
    formattedPrice: plan.FormattedUnitPrice,
    currencyCd: plan.CurrencyCD,
    nextBillingDate: plan.NextBillingDate,
    isPaused: plan.IsPaused,
    resumesOn: plan.ResumesOn,
    renewalDiscountPercent: plan.RenewalDiscountPercent,
    formattedNextRenewalPrice: plan.FormattedNextRenewalPrice,
    surveyAnswered: details?.SurveyAnswered ?? false,
    transactions: (details?.Transactions ?? []).map((t) => ({
      id: t.transaction_id,
      type: t.transaction_type,
      price: t.price,
      date: t.created_at,
    })),
  };
}

const EXITS: Record<ManageSubscriptionOutput['next'], RouteTarget> = {
  offers: { to: '/cancellation/pre/offers' },
  cancel: { to: '/cancellation/pre/subscription-details' },
  details: { to: '/subscription-details' },
  survey: { to: '/cancellation/survey' },
  review: { to: '/cancellation/review' },
  settings: { to: '/mysettings' },
};

export const manageExit = (output: ManageSubscriptionOutput): RouteTarget => EXITS[output.next];

export interface ManageSubscriptionDeps {
  api: Pick<Api, 'subscriptions'>;
  userUid: string;
  navigation: AppNavigation;
}

export function provideManageSubscription(deps: ManageSubscriptionDeps) {
  return manageSubscriptionMachine.provide({
    actors: {
      loadPlan: fromPromise<ManagePlan | null, { userUid: string }>(async ({ input }) => {
        const { Subscriptions } = await deps.api.subscriptions.list(input.userUid, true);
        const current = Subscriptions.find((s) => isManageable(s.StatusCD)) ?? Subscriptions[0];
        if (!current) return null;
        const details = isManageable(current.StatusCD)
          ? await deps.api.subscriptions.details(current.SubscriptionID)
          : null;
        return managePlanFrom(current, details);
      }),
      resumePlan: fromPromise<unknown, { subscriptionId: number }>(({ input }) =>
        deps.api.subscriptions.resume({ user_uid: deps.userUid, subscription_id: input.subscriptionId }),
      ),
    },
    actions: {
      leaveManage: (_, output) => deps.navigation.go(manageExit(output)),
    },
  });
}
