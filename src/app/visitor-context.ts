import { isSignedInUser, type AccessClaims } from '../../machines/startup-access.rules';
import type { Claims } from '../api/schemas/users';
import type { FlowSegment } from '../api/schemas/flows';
import { effectiveAssignments, readExperimentAssignments } from '../domain/experiments';
import type { DeviceType, VisitorContext } from '../domain/eligibility';
import { parseQueryParams, queryFlags, readCountryOverride } from '../domain/query-params';
import { supportedCulture } from '../i18n';
import { pageCodeFor } from '../routing/route-table';
import { COUNTRY_BY_CULTURE, PORTAL_CODE_BY_CULTURE } from './portal';
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

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_EXPERIMENTS = 20;

/**
 * The visitor's segment as start-up left it: the country and device the configuration rules
 * read, the account's user type (GUST for a guest) and the experiment variations that count.
 * Nothing that names the person.
 */
export function flowSegmentOf(sources: VisitorSources): FlowSegment {
  const visitor = visitorContextOf(sources);
  const signedIn = sources.claims !== null && isSignedInUser(sources.claims);
  const account = signedIn ? (sources.claims as AccessClaims & Partial<Claims>) : null;
  const country = (visitor.country ?? '').toUpperCase();
  const userType = account ? (account.UserType ?? '').toUpperCase() : 'GUST';
  const flags = queryFlags(parseQueryParams(sources.location.search));
  const portal = account?.PortalCD || PORTAL_CODE_BY_CULTURE[supportedCulture(sources.language)];
  const assignments = effectiveAssignments(readExperimentAssignments(sources.cookieHeader, portal), { disableTests: flags.testsDisabled, runTest: flags.runTest });
  const variations: Record<string, number> = {};
  for (const a of assignments) {
    if (Object.keys(variations).length >= MAX_EXPERIMENTS) break;
    if (GUID.test(a.ExperimentGUID) && Number.isInteger(a.VariationIndex) && a.VariationIndex >= 1 && a.VariationIndex <= 1000) variations[a.ExperimentGUID] = a.VariationIndex;
  }
  return {
    country: /^[A-Z]{2}$/.test(country) ? country : 'XX',
    device: visitor.device === 'Mobile' ? 'mobile' : 'desktop',
    userType: /^[A-Z_]{2,16}$/.test(userType) ? userType : 'UNKNOWN',
    variations,
  };
}
