/**
 * The pre-cancel machine with the app's effects: what the page loads (the plan, its save
 * offers, the market's configuration and the person's experiment arms), taking the offer, and
 * where each end leads.
 */
import { fromPromise } from 'xstate';
import { preCancelMachine, type AcceptOfferInput, type PreCancelData } from '../../../machines/pre-cancel.machine';
import type { Api } from '../../api';
import type { AppNavigation } from '../../app/navigation';
import { loadPreCancelData, preCancelExit, type PreCancelVisitor } from '../../domain/pre-cancel-data';

import { SAVE_OFFER_IDS } from '../../domain/save-offers';

export interface PreCancelDeps {
  api: Pick<Api, 'pages' | 'config' | 'subscriptions'>;
  user: { UserUID: string; PortalID: number; CountryCD: string };
  visitor: () => PreCancelVisitor;
  navigation: AppNavigation;
  dashboardUrl: string;
  /** Reads ahead the support contact the page may show, so it is drawn with the page; never fails. */
  readSupportContact: () => Promise<unknown>;
}

export function providePreCancel(deps: PreCancelDeps) {
  return preCancelMachine.provide({
    actors: {
      loadPreCancel: fromPromise<PreCancelData, { userUid: string }>(async ({ input }) => {
        const [data] = await Promise.all([
          loadPreCancelData(deps.api, { ...deps.user, UserUID: input.userUid }, deps.visitor()),
          deps.readSupportContact(),
        ]);
        return data;
      }),
      acceptSaveOffer: fromPromise<unknown, AcceptOfferInput>(async ({ input }) => {
        // The offer came from the server's own list, so an id it does not know is a fault.
        const offerId = SAVE_OFFER_IDS.find((id) => id === input.offerId);
        if (!offerId) throw new Error(`unknown save offer ${input.offerId}`);
        return deps.api.subscriptions.takeSaveOffer({
          user_uid: deps.user.UserUID,
          subscription_id: input.subscriptionId,
          offer_id: offerId,
        });
      }),
    },
    actions: {
      leavePreCancel: (_, output) => deps.navigation.go(preCancelExit(output, deps)),
    },
  });
}
