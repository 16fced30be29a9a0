/**
 * Pure rules of the cancellation survey (spec §2 "Cancellation"): which reasons are listed
 * and in what order, and which answer leads to which offer.
 */

/** The reason the server lists last and every list ends with: "Other". */
export const OTHER_REASON = 15;
/** Reason codes the server may send: 1 to 15. */
export const REASON_CODES = { min: 1, max: 15 } as const;

export const REASON = {
  foundJob: 1,
  onlyWantedResume: 2,
  cantAfford: 3,
  tooExpensive: 4,
  takingBreak: 5,
  noMonthlyFee: 6,
  reallyHelpful: 7,
  notHelpful: 8,
  other: OTHER_REASON,
} as const;

export interface SurveyReason {
  value: number;
  /** A text key. */
  label: string;
}

export type SurveyDevice = 'Desktop' | 'Mobile';

export const isKnownReasonCode = (value: number): boolean =>
  Number.isInteger(value) && value >= REASON_CODES.min && value <= REASON_CODES.max;

/**
 * The reasons as the survey lists them. Codes outside 1–15 and repeats are dropped first.
 * - On desktop the server's last entry (its closing "Other") is taken off, the rest is
 *   shuffled, so no answer gains by its place, and "Other" closes the list.
 * - On mobile the server's order is kept, with "Other" last.
 * `random` is injected so an order can be replayed.
 */
export function surveyReasonList(
  reasons: readonly SurveyReason[],
  device: SurveyDevice,
  random: () => number,
): SurveyReason[] {
  const seen = new Set<number>();
  const known = reasons.filter((r) => isKnownReasonCode(r.value) && !seen.has(r.value) && seen.add(r.value));
  const other = known.find((r) => r.value === OTHER_REASON) ?? { value: OTHER_REASON, label: 'cancel.reason.other' };
  if (device === 'Mobile') return [...known.filter((r) => r.value !== OTHER_REASON), other];
  const shuffled = known.slice(0, -1).filter((r) => r.value !== OTHER_REASON);
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return [...shuffled, other];
}

export type PostSurveyOffer = 'socialCard' | 'seeOffer' | 'customizeResume' | 'talkToAgent';
const POST_SURVEY_OFFERS: readonly PostSurveyOffer[] = ['socialCard', 'seeOffer', 'customizeResume', 'talkToAgent'];

/**
 * The offer an answer leads to, as the server's content maps it (really helpful → the social
 * card; found a job or too expensive → see the offer; only wanted a resume → customise it; not
 * helpful → talk to an agent). Any other answer, or an offer name we do not know, has none.
 */
export function offerForReason(
  reason: number,
  offers: readonly { reason: number; offer: string }[],
): PostSurveyOffer | null {
  const mapped = offers.find((o) => o.reason === reason)?.offer;
  return POST_SURVEY_OFFERS.find((o) => o === mapped) ?? null;
}

/**
 * Where "customize my resume" leads (spec: "customize my resume" redirects to document home):
 * the person's latest resume in the builder, else the dashboard that lists their documents.
 * Never a review or a pause, which the label does not promise.
 */
export type CustomizeResumeDestination = { kind: 'editResume'; documentId: string } | { kind: 'documentHome' };

export function customizeResumeDestination(latestResumeId: string | null): CustomizeResumeDestination {
  return latestResumeId ? { kind: 'editResume', documentId: latestResumeId } : { kind: 'documentHome' };
}

export type SurveyHeading = { kind: 'personal'; jobTitle: string } | { kind: 'plain' };

/**
 * The survey's heading names the person's job title only when there is one to name: the latest
 * resume's job title as a string with more than blanks in it. Anything else (none, empty,
 * blanks, not a string) gives the plain heading.
 */
export function surveyHeadingOf(latestJobTitle: unknown): SurveyHeading {
  if (typeof latestJobTitle !== 'string') return { kind: 'plain' };
  const jobTitle = latestJobTitle.trim();
  return jobTitle === '' ? { kind: 'plain' } : { kind: 'personal', jobTitle };
}
