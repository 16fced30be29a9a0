import type { AccessClaims } from '../../machines/startup-access.rules';
import type { Claims } from '../api/schemas/users';
import { cancelFlowVariationOf } from '../domain/cancel-flow-arm';
import { parseQueryParams, queryFlags } from '../domain/query-params';
import type { StartupAccessActor } from '../../machines/startup-access.machine';

export type SignedInClaims = Partial<Claims> & AccessClaims;

/** The person start-up signed in: their claims, and the ids the account's pages call the API with. */
export function signedInPersonOf(startup: StartupAccessActor): { claims: SignedInClaims | null; user: { UserUID: string; PortalID: number; CountryCD: string } } {
  // Start-up keeps the whole claims answer; its type names only what access decisions read.
  const claims = startup.getSnapshot().context.claims as SignedInClaims | null;
  return { claims, user: { UserUID: claims?.UserUID ?? '', PortalID: claims?.PortalID ?? 0, CountryCD: claims?.CountryCD ?? '' } };
}

/** The person's cancel-flow arm as this address and their experiment cookie give it (`runtest`, `disabletests` applied). */
export function cancelFlowVariationHere(claims: SignedInClaims | null, location: Pick<Location, 'search'> = window.location, cookieHeader = document.cookie): number | null {
  const flags = queryFlags(parseQueryParams(location.search));
  return cancelFlowVariationOf(cookieHeader, claims?.PortalCD ?? '', { disableTests: flags.testsDisabled, runTest: flags.runTest });
}
