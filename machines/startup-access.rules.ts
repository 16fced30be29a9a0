/** Pure start-up access rules (spec §4 "Start-up access", §2 "Loaders and start-up"). */

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

export const isEmptyValue = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';
export const isEmptyGuid = (value: string | null | undefined): boolean =>
  isEmptyValue(value) || /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(value!.trim());

export function areClaimsUsable(claims: unknown): claims is AccessClaims {
  if (!claims || typeof claims !== 'object') return false;
  return (
    'Role' in claims && typeof claims.Role === 'string' && 'UserUID' in claims && typeof claims.UserUID === 'string'
  );
}

const roleOf = (claims: AccessClaims) => claims.Role.trim().toLowerCase();

/**
 * The claims call failed in a way that may pass if it is asked again (the server or its database
 * is briefly unavailable, the network dropped): that is not a sign that the session is gone.
 * Failures carry `retryable` (the API client's failures do); anything else is final.
 */
export function isRetryableFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === true;
}

/** A signed-in person's claims; no claims (start-up has not read them yet) are nobody's. */
export function isSignedInUser(claims: AccessClaims | null): boolean {
  return (
    claims !== null && roleOf(claims) === 'user' && !isEmptyGuid(claims.UserUID) && !isEmptyValue(claims.EmailAddress)
  );
}

export function isGuest(claims: AccessClaims): boolean {
  return roleOf(claims) === 'guest' || isEmptyGuid(claims.UserUID);
}

export function isEmployer(request: StartupRequest): boolean {
  return (request.subRole ?? '').trim().toLowerCase() === 'employer';
}

/** Page codes are compared trimmed and case-insensitively: configuration is typed by people. */
const samePage = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const listsPage = (pages: readonly string[], pageCode: string) => pages.some((p) => samePage(p, pageCode));

export function isGuestAllowedOn(request: StartupRequest, policy: AccessPolicy): boolean {
  if (policy.allowAllByConfig) return true;
  if (listsPage(policy.permittedPages, request.pageCode)) return true;
  const supporting = policy.supportingPages.find((p) => samePage(p.page, request.pageCode));
  return Boolean(supporting && request.source && supporting.sources.includes(request.source));
}

export function isGuestOnlyPage(pageCode: string, policy: AccessPolicy): boolean {
  return listsPage(policy.guestOnlyPages ?? [], pageCode);
}

/**
 * The Shell module's `unauthenticatedPages` feature as remote configuration sends it: the
 * rule's `Pages` lists page codes (or `All`) a visitor who is not signed in may also open;
 * `Config.Show` switches the feature on.
 */
export interface UnauthenticatedPagesFeature {
  Rule: { Pages?: readonly string[] | undefined };
  Config: { Show: boolean };
}

/** What start-up reads from remote configuration before it decides. */
export interface StartupConfig {
  /** Absent when configuration has no such feature. */
  unauthenticatedPages: UnauthenticatedPagesFeature | null;
  /** The visitor's variation in the testimonial-loader experiment, when the config entry admits them. */
  testimonialLoaderVariation: number | null;
}

const ALL_PAGES = 'all';

/**
 * The access policy once configuration is in. The app's own guest pages always stay open
 * (the timeout page, the legally required cancellation form); configuration can only open
 * more pages, or every page with `All`. A feature that is absent or switched off adds nothing.
 */
export function policyWithConfig(base: AccessPolicy, feature: UnauthenticatedPagesFeature | null): AccessPolicy {
  if (!feature?.Config.Show) return base;
  const configured = (feature.Rule.Pages ?? []).map((p) => p.trim()).filter((p) => p !== '');
  if (configured.some((p) => p.toLowerCase() === ALL_PAGES)) return { ...base, allowAllByConfig: true };
  const added = configured.filter(
    (p, i) => !listsPage(base.permittedPages, p) && configured.findIndex((q) => samePage(q, p)) === i,
  );
  return added.length === 0 ? base : { ...base, permittedPages: [...base.permittedPages, ...added] };
}

export type RouteAccess = 'allow' | 'mySettings' | 'timeout';

/**
 * A later move inside the app, once start-up has decided: signed-in users go anywhere but the
 * guest-only pages; everyone else needs the page open to guests under the resolved policy.
 */
export function routeAccess(
  decided: { claims: AccessClaims | null; policy: AccessPolicy; request: StartupRequest },
  pageCode: string,
): RouteAccess {
  if (decided.claims && isSignedInUser(decided.claims))
    return isGuestOnlyPage(pageCode, decided.policy) ? 'mySettings' : 'allow';
  return isGuestAllowedOn({ ...decided.request, pageCode }, decided.policy) ? 'allow' : 'timeout';
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

/** Sell pages (plan choice: pricing, pricing v2, plans, abandoned cart) and the index page. */
export const TESTIMONIAL_LOADER_PAGES = ['PricingPage', 'PricingV2', 'SellPage', 'AbdCartSellPage', 'IndexPage'];
export const TESTIMONIAL_LOADER_VARIATIONS = [3, 4];

export type LoaderKind = 'animation' | 'testimonial' | 'spinner';

/** Which loader covers the page while start-up work is under way. */
export function loaderFor(options: {
  animateCv: boolean;
  pageCode: string;
  device: DeviceType;
  testimonialVariation: number | null;
}): LoaderKind {
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
