/**
 * Pure rules of the free resume review offered in the cancel funnel (spec §2 "Cancellation",
 * §3 "Free review record").
 */

/** The person's free review, as `payments/free-resumereview` and the free-feature read answer it. */
export interface FreeReviewRecord {
  is_intake_filled: boolean;
  is_pending: boolean;
  available_free: number;
}

/**
 * What the funnel shows of the free review:
 * - `offer`: one is still free and no intake was filled: "get my free review";
 * - `inReview`: the intake is in and the review pending: "resume in review";
 * - `reviewReady`: the intake is in and the review done: "review ready";
 * - `customizeResume`: no review to offer, but a resume to improve: "customize my resume";
 * - `none`: nothing to show.
 */
export type FreeReviewStep = 'offer' | 'inReview' | 'reviewReady' | 'customizeResume' | 'none';

export function freeReviewStep(record: FreeReviewRecord | null, hasResume: boolean): FreeReviewStep {
  if (record?.is_intake_filled) return record.is_pending ? 'inReview' : 'reviewReady';
  if (record && record.available_free > 0) return 'offer';
  return hasResume ? 'customizeResume' : 'none';
}
