/**
 * The resume review as the cancellation funnel shows it: where a person's paid review stands,
 * what their resume score says, and the review's findings made ready to count and show.
 */

/** A resume review order's subscription and step, as `documents/rexorders` answers them. */
export interface ReviewSubscription {
  status_cd: string;
  step_cd: string | null;
}

export type ResumeReviewStage = 'notStarted' | 'inProgress' | 'approved' | 'undefined';

const IN_PROGRESS_STEPS = new Set(['INPROC', 'NEWDOC', 'SUBMIT']);
const APPROVED_STEPS = new Set(['APPROV', 'RESEND']);

/**
 * Read from the person's first review subscription. Only an active one has a stage: not
 * started without a step, in progress while the writer works on it, approved once sent back.
 * Anything else (no subscription, an expired one, a step we do not know) is `undefined`.
 */
export function resumeReviewStage(first: ReviewSubscription | undefined): ResumeReviewStage {
  if (!first || first.status_cd !== 'ACTV') return 'undefined';
  if (first.step_cd === null || first.step_cd === '') return 'notStarted';
  if (IN_PROGRESS_STEPS.has(first.step_cd)) return 'inProgress';
  if (APPROVED_STEPS.has(first.step_cd)) return 'approved';
  return 'undefined';
}

export type ScoreMessage = 'improve' | 'goodWork';

/**
 * The message beside a resume score: a score under 70 asks to improve, 70 up to 90 praises.
 * A score of 0 or less, or of 90 and more, gets no score section at all (null).
 */
export function resumeScoreMessage(score: number): ScoreMessage | null {
  if (!(score > 0 && score < 90)) return null;
  return score < 70 ? 'improve' : 'goodWork';
}

export type ScoreBand = 'excellent' | 'good' | 'average' | 'fair' | 'weak';

/** The band a score falls in: 90 excellent, 80 good, 70 average, 50 fair, below that weak. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 90) return 'excellent';
  if (score >= 80) return 'good';
  if (score >= 70) return 'average';
  if (score >= 50) return 'fair';
  return 'weak';
}

/** The ten-point range a score is shown in: 0–10 up to 90–100 (100 itself is 90–100). */
export function scoreRange(score: number): { from: number; to: number } {
  const from = Math.min(90, Math.max(0, Math.floor(score / 10) * 10));
  return { from, to: from + 10 };
}

export interface ReviewCode {
  code: number;
  corrections: string[];
  isIgnored: boolean;
  group: string;
}

export interface ReviewSection {
  sectionTypeCD: string;
  index: number;
  id: string;
  reviewCodes: ReviewCode[];
  paragraphs: { docDatas: { fieldCD: string; charValue: string; reviewCodes: ReviewCode[] }[] }[];
}

/** "All good": a finding with this code is not an issue. */
const NO_ISSUE = 100;
/** Findings that outweigh the rest of their section: the others count as fine beside them. */
const OVERRIDING_CODES = new Set([121, 129]);
/** Findings the review no longer reports. */
const RETIRED_CODES = new Set([132, 133]);
const CERTIFICATIONS = 'CERT';

/**
 * The findings as they are shown: retired codes (132, 133) dropped; in certifications, any
 * code above 100 read as 100; in a section with a 121 or 129, every other finding (of the
 * section and its paragraphs) read as 100.
 */
export function normaliseReviewSections(sections: readonly ReviewSection[]): ReviewSection[] {
  return sections.map((section) => {
    const kept = (codes: ReviewCode[]) => codes.filter((c) => !RETIRED_CODES.has(c.code));
    const capped = (codes: ReviewCode[]) =>
      section.sectionTypeCD === CERTIFICATIONS
        ? codes.map((c) => (c.code > NO_ISSUE ? { ...c, code: NO_ISSUE } : c))
        : codes;
    const own = capped(kept(section.reviewCodes));
    const paragraphs = section.paragraphs.map((p) => ({
      docDatas: p.docDatas.map((d) => ({ ...d, reviewCodes: capped(kept(d.reviewCodes)) })),
    }));
    const all = [...own, ...paragraphs.flatMap((p) => p.docDatas.flatMap((d) => d.reviewCodes))];
    if (!all.some((c) => OVERRIDING_CODES.has(c.code))) return { ...section, reviewCodes: own, paragraphs };
    const overridden = (codes: ReviewCode[]) =>
      codes.map((c) => (OVERRIDING_CODES.has(c.code) ? c : { ...c, code: NO_ISSUE }));
    return {
      ...section,
      reviewCodes: overridden(own),
      paragraphs: paragraphs.map((p) => ({
        docDatas: p.docDatas.map((d) => ({ ...d, reviewCodes: overridden(d.reviewCodes) })),
      })),
    };
  });
}

/**
 * How many issues the review found, once normalised: every finding but the "all good" ones,
 * those the person chose to ignore, and those of sections without a type.
 */
export function reviewIssueCount(sections: readonly ReviewSection[]): number {
  return normaliseReviewSections(sections)
    .filter((section) => section.sectionTypeCD.trim() !== '')
    .flatMap((section) => [
      ...section.reviewCodes,
      ...section.paragraphs.flatMap((p) => p.docDatas.flatMap((d) => d.reviewCodes)),
    ])
    .filter((c) => c.code !== NO_ISSUE && !c.isIgnored).length;
}
