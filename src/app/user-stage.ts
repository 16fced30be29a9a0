import { isSignedInUser } from '../../machines/startup-access.rules';
import type { Api } from '../api';
import type { Claims } from '../api/schemas/users';
import { findRoute, type RouteEntry } from '../routing/route-table';
import { whenVisitorKnown } from './startup';
import type { StartupActor } from './startup-actor';

/** The funnel's steps (spec §2 "Flow"). */
export const FUNNEL_STEP = { buildCv: 0, chooseAccess: 1, paymentDetails: 2, finished: 3 } as const;

/** The builder is the product a sell page sells unless a page says otherwise. */
export const DEFAULT_PRODUCT_CD = 'RSMBLDR';

const ORDER_CONFIRMATION_CODES = ['OrderPage', 'MobileOrderPage', 'SaveOfferOrderPage'];

/** Sell pages record "choose access", order confirmations "finished"; other pages record nothing. */
export function userStageOf(entry: RouteEntry | undefined): number | null {
  if (!entry?.recordsUserStage) return null;
  return ORDER_CONFIRMATION_CODES.includes(entry.pageCode) ? FUNNEL_STEP.finished : FUNNEL_STEP.chooseAccess;
}

interface RouteEvents {
  subscribe(
    event: 'onResolved',
    listener: (event: { fromLocation?: unknown; pathChanged: boolean }) => void,
  ): () => void;
}

/** Posts the user stage for signed-in people each time they arrive on a page that records one. */
export function recordUserStages(
  router: RouteEvents,
  deps: { api: Api; startup: StartupActor; claims: () => Claims | null; location: Location },
): () => void {
  return router.subscribe('onResolved', (event) => {
    if (event.fromLocation && !event.pathChanged) return;
    const stage = userStageOf(findRoute(deps.location.pathname));
    if (stage === null) return;
    void whenVisitorKnown(deps.startup).then(() => {
      const claims = deps.claims();
      if (!claims || !isSignedInUser(claims)) return;
      // Best effort: a missed stage must never stand in the way of the page.
      deps.api.users
        .recordUserStage({
          UserUID: claims.UserUID,
          ProductCD: DEFAULT_PRODUCT_CD,
          PortalID: claims.PortalID,
          UserStageID: stage,
          SessionID: claims.SessionID,
        })
        .catch(() => undefined);
    });
  });
}
