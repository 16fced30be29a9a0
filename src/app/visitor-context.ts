import { isSignedInUser, type AccessClaims } from '../../machines/startup-access.rules';
import type { Claims } from '../api/schemas/users';
import type { DeviceType, VisitorContext } from '../domain/eligibility';
import { visitorOf } from '../domain/visitor';
import { supportedCulture } from '../i18n';
import { COUNTRY_BY_CULTURE } from './portal';
import { deviceFor } from './startup';

export interface VisitorSources {
  /** Start-up's claims: the account when signed in, a guest otherwise; null before they are in. */
  claims: AccessClaims | null;
  language: string;
  location: Pick<Location, 'pathname' | 'search'>;
  cookieHeader: string;
  viewportWidth: number;
}

/**
 * Who is looking, as configuration rules and experiments read it: the account's country, state
 * and user type when signed in (a guest counts as new, in the market of the page's culture);
 * the address bar and the country cookie override the country and state.
 */
export function visitorContextOf({ claims, language, location, cookieHeader, viewportWidth }: VisitorSources): VisitorContext & { device: DeviceType } {
  const signedIn = claims !== null && isSignedInUser(claims);
  // Start-up keeps the whole claims answer; its type names only what the access rules read.
  return visitorOf({
    account: signedIn ? (claims as AccessClaims & Partial<Claims>) : null,
    guestCountry: COUNTRY_BY_CULTURE[supportedCulture(language)],
    pathname: location.pathname,
    search: location.search,
    cookieHeader,
    device: deviceFor(location.pathname, viewportWidth),
  });
}
