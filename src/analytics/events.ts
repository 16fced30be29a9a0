/** Who an analytics event is about, and the events the shell sends by itself. */
import { EMPTY_GUID } from '../api/schemas/common';
import { isSignedInUser, type AccessClaims } from '../../machines/startup-access.rules';
import { pageCodeFor } from '../routing/route-table';
import type { QueuedEvent } from './event-queue';

export type EventBody = QueuedEvent['body'];

/** The signed-in user's id; everyone else is the all-zero guid. */
export function analyticsUserId(claims: AccessClaims | null | undefined): string {
  return claims && isSignedInUser(claims) ? claims.UserUID : EMPTY_GUID;
}

export const SCREEN_VIEWED = 'screen viewed';
export const IDENTIFY = 'identify';

/** One page shown: its tracking page code and path (never the query string). */
export function screenViewedEvent(userId: string, pathname: string): EventBody {
  return {
    user_id: userId,
    event_name: SCREEN_VIEWED,
    identify: false,
    props: { page_code: pageCodeFor(pathname), path: pathname },
  };
}

export interface IdentifyTraits {
  PortalCD?: string;
  CountryCD?: string;
  CultureCD?: string;
  UserType?: string;
}

/** Ties later events to the user: id and coarse traits only, no name, e-mail or account id. */
export function identifyEvent(userId: string, traits: IdentifyTraits): EventBody {
  const props: Record<string, string> = {};
  if (traits.PortalCD) props.portal = traits.PortalCD;
  if (traits.CountryCD) props.country = traits.CountryCD;
  if (traits.CultureCD) props.culture = traits.CultureCD;
  if (traits.UserType) props.user_type = traits.UserType;
  return { user_id: userId, event_name: IDENTIFY, identify: true, props };
}
