/** Pure start-up access rules (spec §4 "Start-up access", §2 "Loaders and start-up"). */

export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

export type DeviceType = 'Desktop' | 'Tablet' | 'Mobile';

/** The parts of the claims answer that access decisions read. */
export interface AccessClaims {
  UserUID: string;
  Role: string;
  EmailAddress: string;
  FirstName: string;
  LastName: string;
  AccDisplayName: string | null;
}

export interface AccessPolicy {
  /** Page codes a visitor who is not signed in may open. */
  permittedPages: string[];
  /** A supporting page is allowed only when reached from one of its sources. */
  supportingPages: { page: string; sources: string[] }[];
  /** Configuration can open the unauthenticated flow everywhere. */
  allowAllByConfig: boolean;
  /** Pages only for visitors who are not signed in; a signed-in user is sent to my settings. */
  guestOnlyPages?: string[];
}

export interface StartupRequest {
  pageCode: string;
  device: DeviceType;
  /** The `from` query value, lower-cased. */
  source: string | null;
  /** From the user status cookie. */
  subRole: string | null;
}

export const isEmptyValue = (value: string | null | undefined): boolean => value === null || value === undefined || value.trim() === '';
export const isEmptyGuid = (value: string | null | undefined): boolean => isEmptyValue(value) || /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(value!.trim());

export function areClaimsUsable(claims: unknown): claims is AccessClaims {
  if (!claims || typeof claims !== 'object') return false;
  const c = claims as Record<string, unknown>;
  return typeof c.Role === 'string' && typeof c.UserUID === 'string';
}

const roleOf = (claims: AccessClaims) => claims.Role.trim().toLowerCase();

export function isSignedInUser(claims: AccessClaims): boolean {
  return roleOf(claims) === 'user' && !isEmptyGuid(claims.UserUID) && !isEmptyValue(claims.EmailAddress);
}

export function isGuest(claims: AccessClaims): boolean {
  return roleOf(claims) === 'guest' || isEmptyGuid(claims.UserUID);
}

export function isEmployer(request: StartupRequest): boolean {
  return (request.subRole ?? '').trim().toLowerCase() === 'employer';
}

export function isGuestAllowedOn(request: StartupRequest, policy: AccessPolicy): boolean {
  if (policy.allowAllByConfig) return true;
  if (policy.permittedPages.includes(request.pageCode)) return true;
  const supporting = policy.supportingPages.find((p) => p.page === request.pageCode);
  return Boolean(supporting && request.source && supporting.sources.includes(request.source));
}

export function isGuestOnlyPage(pageCode: string, policy: AccessPolicy): boolean {
  return (policy.guestOnlyPages ?? []).includes(pageCode);
}

export function isMobileBlogVisitor(request: StartupRequest): boolean {
  return request.device === 'Mobile' && request.source === 'interviewblog';
}

/** The greeting name: the account's display name, else first and last name, else the localized default. */
export function displayNameOf(claims: AccessClaims | null): string | null {
  if (!claims) return null;
  if (!isEmptyValue(claims.AccDisplayName)) return claims.AccDisplayName!.trim();
  const full = `${claims.FirstName ?? ''} ${claims.LastName ?? ''}`.trim();
  return full || null;
}

export const TESTIMONIAL_LOADER_PAGES = ['SellPage', 'IndexPage'];
export const TESTIMONIAL_LOADER_VARIATIONS = [3, 4];

export type LoaderKind = 'animation' | 'testimonial' | 'spinner';

/** Which loader covers the page while start-up work is under way. */
export function loaderFor(options: { animateCv: boolean; pageCode: string; device: DeviceType; testimonialVariation: number | null }): LoaderKind {
  if (options.animateCv) return 'animation';
  if (
    TESTIMONIAL_LOADER_PAGES.includes(options.pageCode) &&
    options.device !== 'Mobile' &&
    options.testimonialVariation !== null &&
    TESTIMONIAL_LOADER_VARIATIONS.includes(options.testimonialVariation)
  ) {
    return 'testimonial';
  }
  return 'spinner';
}
