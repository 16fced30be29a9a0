import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelButtonOrder, cancelFlowArm } from '../../../machines/pre-cancel.rules';
import type { Api } from '../../api';
import type { AppNavigation } from '../../app/navigation';
import { useServices } from '../../app/services';
import { cancelFlowVariationHere, signedInPersonOf } from '../../app/signed-in-person';
import { visitorContextOf } from '../../app/visitor-context';

/** What the effects of an offer page in the cancellation funnel need. */
export interface CancelOfferDeps {
  api: Pick<Api, 'pages' | 'subscriptions'>;
  user: { UserUID: string; PortalID: number; CountryCD: string };
  holdout: boolean;
  navigation: AppNavigation;
}

/**
 * An offer page's machine, provided once for the signed-in person with their cancel-flow arm,
 * and the order of "cancel" and "keep" on their device.
 */
export function useCancelOfferSetup<Machine>(provide: (deps: CancelOfferDeps) => Machine) {
  const { api, startup, navigation } = useServices();
  const { i18n } = useTranslation();
  const [setup] = useState(() => {
    const { claims, user } = signedInPersonOf(startup);
    const holdout = cancelFlowArm(cancelFlowVariationHere(claims)) === 'holdout';
    const device = visitorContextOf({
      claims,
      language: i18n.language,
      location: window.location,
      cookieHeader: document.cookie,
      viewportWidth: window.innerWidth,
    }).device;
    return {
      machine: provide({ api, user, holdout, navigation }),
      userUid: user.UserUID,
      order: cancelButtonOrder(device === 'Mobile' ? 'Mobile' : 'Desktop', null),
    };
  });
  return setup;
}
