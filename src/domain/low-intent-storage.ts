/**
 * What the low-intent offer keeps in the browser (spec §9 local keys, §5 storage rules):
 * the local low-intent flag, the claimed offer (the specific offer chosen, and for an
 * accepted offer the price it was shown at), and the session of the first sell-page visit.
 *
 * Callers pass the storage (`pickStorage`: local storage, else session storage). Anything
 * unreadable (no storage, not JSON, not the expected shape) reads as absent.
 */
import * as z from 'zod/mini';
import {
  isLowIntentChoice,
  isLowIntentOfferType,
  sellPageVisit,
  type LowIntentChoice,
  type LowIntentOfferType,
  type SellPageVisitRecord,
} from '../../machines/low-intent-offer.rules';
import { readItem, readJson, writeJson, type KeyValueStorage } from './storage';

export const LOW_INTENT_KEYS = {
  /** Set to "true" by whoever first recognises a low-intent visitor (the builder, a tester). */
  localFlag: 'lowIntentUser',
  claimedPriceOffer: 'claimedLowIntentPriceOffer',
  claimedSpecificOffer: 'claimedLowIntentSpecificOffer',
  sellPageVisit: 'lowIntentSellPageVisit',
} as const;

const choice = z.custom<LowIntentChoice>(isLowIntentChoice);
const offerType = z.custom<LowIntentOfferType>(isLowIntentOfferType);

const specificOfferRecord = z.object({ offer: choice, claimedAt: z.string() });
export type ClaimedSpecificOffer = z.infer<typeof specificOfferRecord>;

const priceOfferRecord = z.object({
  offer: offerType,
  currency: z.string(),
  strikePrice: z.number(),
  claimedAt: z.string(),
});
export type ClaimedPriceOffer = z.infer<typeof priceOfferRecord>;

const visitRecord = z.object({ firstSessionId: z.string() });

/** The flag counts when it reads "true" (any case), or the JSON value true. */
export function readLowIntentFlag(storage: KeyValueStorage | null | undefined): boolean {
  const raw = readItem(storage, LOW_INTENT_KEYS.localFlag);
  return raw !== null && raw.trim().replace(/^"|"$/g, '').toLowerCase() === 'true';
}

/** The choice made in an earlier popup: the specific offer, else an accepted price offer; null when none is readable. */
export function readClaimedOffer(storage: KeyValueStorage | null | undefined): LowIntentChoice | null {
  return (
    readJson(storage, LOW_INTENT_KEYS.claimedSpecificOffer, specificOfferRecord)?.offer ??
    readJson(storage, LOW_INTENT_KEYS.claimedPriceOffer, priceOfferRecord)?.offer ??
    null
  );
}

export function readClaimedPriceOffer(storage: KeyValueStorage | null | undefined): ClaimedPriceOffer | null {
  return readJson(storage, LOW_INTENT_KEYS.claimedPriceOffer, priceOfferRecord);
}

export interface ClaimToRecord {
  offer: LowIntentChoice;
  /** The strike-through price the offer was shown with; only an accepted offer keeps one. */
  price: { amount: number; currency: string } | null;
  now: Date;
}

/**
 * Keeps the choice; an accepted offer also keeps its price so later pages can show what the
 * visitor was given. False when the storage refused (the popup may then come back next visit).
 */
export function writeClaimedOffer(storage: KeyValueStorage | null | undefined, claim: ClaimToRecord): boolean {
  const claimedAt = claim.now.toISOString();
  const wroteChoice = writeJson(storage, LOW_INTENT_KEYS.claimedSpecificOffer, {
    offer: claim.offer,
    claimedAt,
  } satisfies ClaimedSpecificOffer);
  if (!wroteChoice || !isLowIntentOfferType(claim.offer) || !claim.price) return wroteChoice;
  const record: ClaimedPriceOffer = {
    offer: claim.offer,
    currency: claim.price.currency,
    strikePrice: claim.price.amount,
    claimedAt,
  };
  return writeJson(storage, LOW_INTENT_KEYS.claimedPriceOffer, record);
}

export function readSellPageVisit(storage: KeyValueStorage | null | undefined): SellPageVisitRecord | null {
  return readJson(storage, LOW_INTENT_KEYS.sellPageVisit, visitRecord);
}

export function writeSellPageVisit(storage: KeyValueStorage | null | undefined, record: SellPageVisitRecord): boolean {
  return writeJson(storage, LOW_INTENT_KEYS.sellPageVisit, record);
}

/**
 * Counts this sell-page visit: the first one remembers its session, and the answer says
 * whether this is a second (or later) visit. Without storage no visit can be remembered.
 */
export function recordSellPageVisit(
  storage: KeyValueStorage | null | undefined,
  sessionId: string | null | undefined,
): boolean {
  const visit = sellPageVisit(readSellPageVisit(storage), sessionId);
  if (visit.record) writeSellPageVisit(storage, visit.record);
  return visit.visitedSecondTime;
}
