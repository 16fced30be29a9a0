/**
 * The cancellation confirm machine with the app's effects: the plan from the cancellation page
 * data and the current subscription, the cancellation call, the server's cancellation event,
 * the analytics event and the two ways out (the receipt, my settings).
 */
import { fromPromise } from 'xstate';
import { cancellationConfirmMachine, type CancelInput } from '../../../machines/cancellation-confirm.machine';
import type { ConfirmedCancellation, ConfirmPlan } from '../../../machines/cancellation-confirm.rules';
import type { Api } from '../../api';
import type { Analytics } from '../../app/analytics';
import type { AppNavigation } from '../../app/navigation';

export interface ConfirmUser {
  UserUID: string;
  PortalID: number;
  CountryCD: string;
}

export interface CancellationConfirmDeps {
  api: Pick<Api, 'pages' | 'subscriptions' | 'events'>;
  user: ConfirmUser;
  /** Absent where analytics is not started (some tests): nothing is recorded then. */
  analytics?: Pick<Analytics, 'track'>;
  navigation: AppNavigation;
}

/** The plan the cancellation page data names, with its period end from the current subscription; null when there is none. */
export async function loadConfirmPlan(
  deps: Pick<CancellationConfirmDeps, 'api' | 'user'>,
): Promise<ConfirmPlan | null> {
  const [page, list] = await Promise.all([
    deps.api.pages.cancel({
      userUID: deps.user.UserUID,
      visitorPortalID: deps.user.PortalID,
      countryCD: deps.user.CountryCD,
    }),
    deps.api.subscriptions.list(deps.user.UserUID, true),
  ]);
  const data = page.CancellationData;
  const current = data ? list.Subscriptions.find((s) => s.SubscriptionID === data.SubscriptionID) : undefined;
  if (!data || !current) return null;
  return {
    SubscriptionID: data.SubscriptionID,
    SkuLabel: data.SkuLabel,
    StatusCD: data.SubscriptionStatus,
    EndDate: current.EndDate,
  };
}

export function provideCancellationConfirm(deps: CancellationConfirmDeps) {
  return cancellationConfirmMachine.provide({
    actors: {
      loadPlan: fromPromise<ConfirmPlan | null, { userUid: string }>(() => loadConfirmPlan(deps)),
      cancelSubscription: fromPromise<ConfirmedCancellation, CancelInput>(async ({ input }) => {
        const answer = await deps.api.subscriptions.cancel({
          user_uid: input.userUid,
          subscription_id: input.subscriptionId,
        });
        return {
          CancellationNumber: answer.CancellationNumber,
          SkuLabel: answer.SkuLabel,
          AccessEndsOn: answer.AccessEndsOn,
        };
      }),
    },
    actions: {
      reportCancellation: (_, report) => {
        void deps.api.events
          .subscriptionCancelled({
            user_id: deps.user.UserUID,
            subscription_id: report.subscriptionId,
            props: report.props,
          })
          .catch(() => undefined);
      },
      trackCancellation: (_, event) => {
        void deps.analytics?.track(event.eventName, event.props).catch(() => undefined);
      },
      showReceipt: () => deps.navigation.go({ to: '/cancellation/received' }),
      leaveToSettings: () => deps.navigation.go({ to: '/mysettings' }),
    },
  });
}
