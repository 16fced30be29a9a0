/**
 * Pure rules of the upsell offers page (spec §2 "Upsell": upsell offers, multiple offers on
 * mobile, and the upsell offers survey; §4 offer states): several add-ons on one page, each added
 * on its own, and a short survey when the person turns them all down.
 */
import type { DeviceType } from './startup-access.rules';
import type { OfferId, OfferSku } from './upsell-sequence.rules';

/** Why the add-ons were turned down: the survey's answers (codes; the page words them). */
export const SURVEY_REASONS = ['tooExpensive', 'notNeeded', 'alreadyHave', 'decideLater', 'other'] as const;
export type SurveyReason = (typeof SURVEY_REASONS)[number];

export const isSurveyReason = (value: unknown): value is SurveyReason =>
  typeof value === 'string' && (SURVEY_REASONS as readonly string[]).includes(value);

/** Where each add-on of the page stands: §4 Shown until it is Taken; a failed try keeps it Shown with its failure. */
export type OfferStatus = 'shown' | 'taken' | 'declined' | 'unavailable';

export const statusOf = (statuses: Partial<Record<OfferId, OfferStatus>>, offer: OfferId): OfferStatus =>
  statuses[offer] ?? 'shown';

/** An add-on can be added while it is on the page and not yet taken. */
export const canAddOffer = (
  offers: readonly OfferSku[],
  statuses: Partial<Record<OfferId, OfferStatus>>,
  offer: OfferId,
): boolean => offers.some((o) => o.offer === offer) && statusOf(statuses, offer) !== 'taken';

/** "Skip for now" with nothing added asks why (once per sequence); with something added it leads on. */
export const asksSurvey = (takenCount: number, offerCount: number, alreadyAnswered: boolean): boolean =>
  takenCount === 0 && offerCount > 0 && !alreadyAnswered;

/** The survey answer's idempotency key: one answer per sequence, whatever is sent again. */
export function surveyKey(sequenceId: string): string {
  // The sequence's UUID with its last group turned into the survey's (add-on keys count from 1, the survey is ff…).
  return `${sequenceId.slice(0, 24)}ffffffffffff`;
}

/** The add-ons of the page, in the sequence's order; the mobile page lists the same add-ons in one column. */
export const offersPath = (device: DeviceType) =>
  device === 'Mobile' ? 'mobile/upsell/multiple-offers' : 'upsell/offers';
export const SURVEY_PATH = 'upsell/offers/survey';
/** The app paths (under the app's base) of the offers page and its survey. */
export type OffersPagePath = ReturnType<typeof offersPath> | typeof SURVEY_PATH;
