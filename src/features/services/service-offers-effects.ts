/**
 * The offers machine with the app's effects: the services of the person's market read from the
 * catalogue, and where the page's ends lead (checkout for the added service, else the dashboard).
 */
import { fromPromise } from 'xstate';
import { serviceSkus } from '../../../machines/purchase-funnel.rules';
import { serviceOffersMachine, type LoadOffersInput } from '../../../machines/service-offers.machine';
import { serviceOffersOf, type ServiceOffer } from '../../../machines/service-offers.rules';
import type { Api } from '../../api';
import type { AppNavigation } from '../../app/navigation';
import { intakeExit } from './service-intake-effects';

export interface ServiceOffersDeps {
  api: Pick<Api, 'skus'>;
  navigation: AppNavigation;
  dashboardUrl: string;
  mobile: boolean;
}

export function provideServiceOffers(deps: ServiceOffersDeps) {
  return serviceOffersMachine.provide({
    actors: {
      loadOffers: fromPromise<ServiceOffer[], LoadOffersInput>(async ({ input }) =>
        serviceOffersOf(serviceSkus((await deps.api.skus.list({ userUID: input.userUid })).Skus), input.page),
      ),
    },
    actions: {
      // The same ends as the intake's: checkout of the service (the mobile one on a phone), or the dashboard.
      leaveOffers: (_, output) => deps.navigation.go(intakeExit(output, deps)),
    },
  });
}
