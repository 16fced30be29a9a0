import { isSignedInUser, type AccessClaims } from '../../machines/startup-access.rules';
import type { Claims } from '../api/schemas/users';
import type { DeviceType, VisitorContext } from '../domain/eligibility';
import { parseQueryParams, readCountryOverride } from '../domain/query-params';
import { supportedCulture } from '../i18n';
import { pageCodeFor } from '../routing/route-table';
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
  const query = parseQueryParams(location.search);
  const signedIn = claims !== null && isSignedInUser(claims);
  // Start-up keeps the whole claims answer; its type names only what the access rules read.
  const account = signedIn ? (claims as AccessClaims & Partial<Claims>) : null;
  return {
    country: query.countrycd ?? readCountryOverride(cookieHeader) ?? (account?.CountryCD || COUNTRY_BY_CULTURE[supportedCulture(language)]),
    state: query.ipstatecd ?? account?.State ?? null,
    userType: account ? (account.UserType ?? null) : 'NEW',
    device: deviceFor(location.pathname, viewportWidth),
    flow: query.flow ?? null,
    page: pageCodeFor(location.pathname),
    preferences: {},
    lowIntent: {},
  };
}
