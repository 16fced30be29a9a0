/**
 * Pure rules of the low-intent offer popup on the sell page (spec §3 user preferences, §4
 * "Low-intent offer", §7 analytics events).
 *
 * A low-intent visitor (marked by a local flag or by the LOW_INTENT_USER preference) who
 * comes back to the sell page in a later session is offered one extra for free. Choosing
 * one of the four offers accepts; "no thanks" (SkipOffer) declines; until the popup has
 * been shown, nothing has happened. The choice is kept locally so the popup shows once.
 */

export const LOW_INTENT_OFFERS = ['CVCheck', 'CVReview', 'BoldPro', 'CoverLetter'] as const;
export type LowIntentOfferType = (typeof LOW_INTENT_OFFERS)[number];

export const SKIP_OFFER = 'SkipOffer';
/** What the visitor chose: one of the offers, or SkipOffer. */
export type LowIntentChoice = LowIntentOfferType | typeof SKIP_OFFER;

/** The user preference that marks a low-intent sell-page user. */
export const LOW_INTENT_PREFERENCE_CODE = 'LOW_INTENT_USER';
/** The name a feature rule's `LowIntentCondition` uses for "came back to the sell page". */
export const VISITED_SECOND_TIME_CONDITION = 'visitedSecondTime';

export const isLowIntentOfferType = (value: unknown): value is LowIntentOfferType =>
  typeof value === 'string' && (LOW_INTENT_OFFERS as readonly string[]).includes(value);

export const isLowIntentChoice = (value: unknown): value is LowIntentChoice =>
  value === SKIP_OFFER || isLowIntentOfferType(value);

/**
 * The offers a config block lists, in its order, without unknown names or repeats. A block
 * with no `offers` list offers all four; a list with nothing we know offers none.
 */
export function offersFromConfig(data: unknown): LowIntentOfferType[] {
  const listed =
    typeof data === 'object' && data !== null && 'offers' in data ? (data as { offers: unknown }).offers : undefined;
  if (listed === undefined || listed === null) return [...LOW_INTENT_OFFERS];
  if (!Array.isArray(listed)) return [];
  const offers: LowIntentOfferType[] = [];
  for (const entry of listed) {
    const name =
      typeof entry === 'string'
        ? LOW_INTENT_OFFERS.find((o) => o.toLowerCase() === entry.trim().toLowerCase())
        : undefined;
    if (name && !offers.includes(name)) offers.push(name);
  }
  return offers;
}

/** The resolved `lowIntentOffer` block, as the machine needs it. */
export interface LowIntentBlock {
  /** Whether configuration and its rule show the block to this visitor. */
  shown: boolean;
  offers: readonly LowIntentOfferType[];
}

/** Configuration shows the popup and leaves at least one offer to choose. */
export const isEligibleByConfig = (block: LowIntentBlock): boolean => block.shown && block.offers.length > 0;

/** Preference values are compared trimmed and case-insensitively, as the eligibility rules do. */
const isTrueValue = (value: string | null | undefined): boolean => value?.trim().toLowerCase() === 'true';

/** A local flag or the stored preference makes a low-intent visitor. */
export const isLowIntentVisitor = (localFlag: boolean, preference: string | null): boolean =>
  localFlag || isTrueValue(preference);

/**
 * The local flag marks the visitor before the account knows: the preference is saved so the
 * server-side rule (and the next device) sees it too. Only an account can hold a preference.
 */
export const lowIntentPreferenceNeedsSaving = (
  localFlag: boolean,
  preference: string | null,
  signedIn: boolean,
): boolean => signedIn && localFlag && !isTrueValue(preference);

/** Any remembered choice, an offer or SkipOffer, means the popup has had its turn. */
export const hasClaimedOffer = (claimed: LowIntentChoice | null): boolean => claimed !== null;

// ---------------------------------------------------------------------------------------
// Second visit: the first sell-page visit remembers its session; a visit in another session
// is a second (or later) visit. Reloading the page in the same session is not.

export interface SellPageVisitRecord {
  firstSessionId: string;
}

export interface SellPageVisit {
  visitedSecondTime: boolean;
  /** What to keep for the next visit; null when nothing needs writing. */
  record: SellPageVisitRecord | null;
}

export function sellPageVisit(stored: SellPageVisitRecord | null, sessionId: string | null | undefined): SellPageVisit {
  const session = sessionId?.trim() ?? '';
  if (session === '') return { visitedSecondTime: false, record: null };
  if (!stored || stored.firstSessionId.trim() === '')
    return { visitedSecondTime: false, record: { firstSessionId: session } };
  return { visitedSecondTime: stored.firstSessionId.trim() !== session, record: null };
}

// ---------------------------------------------------------------------------------------
// Analytics (§7): "offer shown" and the decision, with the pop-up name and the time spent.

export const LOW_INTENT_POPUP_NAME = 'low intent offer';
export const OFFER_SHOWN = 'offer shown';
export const OFFER_ACCEPTED = 'offer accepted';
export const OFFER_DECLINED = 'offer declined';

export interface AnalyticsEvent {
  name: string;
  props: Record<string, unknown>;
}

/** Whole seconds between two epoch-millisecond times; never negative. */
export function secondsSpent(shownAt: number | null, at: number): number {
  if (shownAt === null || !Number.isFinite(shownAt) || !Number.isFinite(at)) return 0;
  return Math.max(0, Math.round((at - shownAt) / 1000));
}

// Only second-visit low-intent visitors see the popup, so every event carries that state.
const common = { popup_name: LOW_INTENT_POPUP_NAME, visited_second_time_to_sell_page: true };

export const offerShownEvent = (offers: readonly LowIntentOfferType[]): AnalyticsEvent => ({
  name: OFFER_SHOWN,
  props: { ...common, offers: [...offers] },
});

export const offerAcceptedEvent = (offer: LowIntentOfferType, timeSpent: number): AnalyticsEvent => ({
  name: OFFER_ACCEPTED,
  props: { ...common, offer, time_spent: timeSpent },
});

export const offerDeclinedEvent = (how: 'skipped' | 'dismissed', timeSpent: number): AnalyticsEvent => ({
  name: OFFER_DECLINED,
  props: { ...common, offer: SKIP_OFFER, declined_by: how, time_spent: timeSpent },
});
