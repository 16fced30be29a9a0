import type { Claims } from '../api/schemas/users';
import type { DeviceType, VisitorContext } from './eligibility';
import { parseQueryParams, readCountryOverride } from './query-params';
import { pageCodeFor } from '../routing/route-table';

/** What decides who is looking, as plain values: the browser reads them from its window, the flow simulator from its input. */
export interface VisitorFacts {
  /** The signed-in account's claims; null for a guest. */
  account: (Partial<Claims> & { UserType?: string | null }) | null;
  /** A guest's market: the country of the page's culture. */
  guestCountry: string;
  pathname: string;
  search: string;
  cookieHeader: string;
  device: DeviceType;
}

/**
 * Who is looking, as configuration rules and experiments read it: the account's country, state
 * and user type when signed in (a guest counts as new, in the market of the page's culture);
 * the address and the country cookie override the country and state.
 */
export function visitorOf({
  account,
  guestCountry,
  pathname,
  search,
  cookieHeader,
  device,
}: VisitorFacts): VisitorContext & { device: DeviceType } {
  const query = parseQueryParams(search);
  return {
    country: query.countrycd ?? readCountryOverride(cookieHeader) ?? (account?.CountryCD || guestCountry),
    state: query.ipstatecd ?? account?.State ?? null,
    userType: account ? (account.UserType ?? null) : 'NEW',
    device,
    flow: query.flow ?? null,
    page: pageCodeFor(pathname),
    preferences: {},
    lowIntent: {},
  };
}
