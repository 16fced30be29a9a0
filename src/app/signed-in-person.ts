import type { Claims } from '../api/schemas/users';
import { cancelFlowVariationOf } from '../domain/cancel-flow-arm';
import { parseQueryParams, queryFlags } from '../domain/query-params';
import type { StartupActor } from './startup-actor';

/** The person start-up signed in: their claims, and the ids the account's pages call the API with. */
export function signedInPersonOf(startup: StartupActor): {
  claims: Claims | null;
  user: { UserUID: string; PortalID: number; CountryCD: string };
} {
  const claims = startup.getSnapshot().context.claims;
  return {
    claims,
    user: { UserUID: claims?.UserUID ?? '', PortalID: claims?.PortalID ?? 0, CountryCD: claims?.CountryCD ?? '' },
  };
}

/** The person's cancel-flow arm as this address and their experiment cookie give it (`runtest`, `disabletests` applied). */
export function cancelFlowVariationHere(
  claims: Claims | null,
  location: Pick<Location, 'search'> = window.location,
  cookieHeader = document.cookie,
): number | null {
  const flags = queryFlags(parseQueryParams(location.search));
  return cancelFlowVariationOf(cookieHeader, claims?.PortalCD ?? '', {
    disableTests: flags.testsDisabled,
    runTest: flags.runTest,
  });
}
