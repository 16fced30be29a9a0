import { isSignedInUser } from '../../machines/startup-access.rules';
import type { Claims } from '../api/schemas/users';
import { safeParse } from 'zod/mini';
import {
  experimentGuid,
  MAX_SEGMENT_EXPERIMENTS,
  segmentCountry,
  segmentUserType,
  segmentVariationIndex,
  type FlowDevice,
  type FlowSegment,
} from '../api/schemas/flows';
import { effectiveAssignments, readExperimentAssignments } from '../domain/experiments';
import type { DeviceType, VisitorContext } from '../domain/eligibility';
import { parseQueryParams, queryFlags } from '../domain/query-params';
import { visitorOf } from '../domain/visitor';
import { supportedCulture } from '../i18n/cultures';
import { COUNTRY_BY_CULTURE, PORTAL_CODE_BY_CULTURE } from './portal';
import { deviceFor } from './device';

export interface VisitorSources {
  /** Start-up's claims: the account when signed in, a guest otherwise; null before they are in. */
  claims: Claims | null;
  language: string;
  location: Pick<Location, 'pathname' | 'search'>;
  cookieHeader: string;
  viewportWidth: number;
}

/** The signed-in person's account as start-up read it; null for a guest. */
export function accountOf(claims: Claims | null): Claims | null {
  return isSignedInUser(claims) ? claims : null;
}

/**
 * Who is looking, as configuration rules and experiments read it: the account's country, state
 * and user type when signed in (a guest counts as new, in the market of the page's culture);
 * the address bar and the country cookie override the country and state.
 */
export function visitorContextOf({
  claims,
  language,
  location,
  cookieHeader,
  viewportWidth,
}: VisitorSources): VisitorContext & { device: DeviceType } {
  return visitorOf({
    account: accountOf(claims),
    guestCountry: COUNTRY_BY_CULTURE[supportedCulture(language)],
    pathname: location.pathname,
    search: location.search,
    cookieHeader,
    device: deviceFor(location.pathname, viewportWidth),
  });
}

const fits = (schema: Parameters<typeof safeParse>[0], value: unknown) => safeParse(schema, value).success;

/**
 * The visitor's segment as start-up left it: the country and device the configuration rules
 * read, the account's user type (GUST for a guest) and the experiment variations that count.
 * Nothing that names the person.
 */
export function flowSegmentOf(sources: VisitorSources): FlowSegment {
  const visitor = visitorContextOf(sources);
  const account = accountOf(sources.claims);
  const country = (visitor.country ?? '').toUpperCase();
  const userType = account ? (account.UserType ?? '').toUpperCase() : 'GUST';
  const flags = queryFlags(parseQueryParams(sources.location.search));
  const portal = account?.PortalCD || PORTAL_CODE_BY_CULTURE[supportedCulture(sources.language)];
  const assignments = effectiveAssignments(readExperimentAssignments(sources.cookieHeader, portal), {
    disableTests: flags.testsDisabled,
    runTest: flags.runTest,
  });
  const variations: Record<string, number> = {};
  for (const a of assignments) {
    if (Object.keys(variations).length >= MAX_SEGMENT_EXPERIMENTS) break;
    if (fits(experimentGuid, a.ExperimentGUID) && fits(segmentVariationIndex, a.VariationIndex))
      variations[a.ExperimentGUID] = a.VariationIndex;
  }
  // A tablet is counted with the desktops: the explorer's segments are the app's two layouts.
  const device: FlowDevice = visitor.device === 'Mobile' ? 'mobile' : 'desktop';
  return {
    country: fits(segmentCountry, country) ? country : 'XX',
    device,
    userType: fits(segmentUserType, userType) ? userType : 'UNKNOWN',
    variations,
  };
}
