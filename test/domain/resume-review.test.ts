import { describe, expect, it } from 'vitest';
import {
  normaliseReviewSections,
  resumeReviewStage,
  resumeScoreMessage,
  reviewIssueCount,
  scoreBand,
  scoreRange,
  type ReviewCode,
  type ReviewSection,
} from '../../src/domain/resume-review';

describe('the resume review stage, from the first review subscription', () => {
  it.each([
    // status, step, stage
    ['ACTV', null, 'notStarted'],
    ['ACTV', '', 'notStarted'],
    ['ACTV', 'INPROC', 'inProgress'],
    ['ACTV', 'NEWDOC', 'inProgress'],
    ['ACTV', 'SUBMIT', 'inProgress'],
    ['ACTV', 'APPROV', 'approved'],
    ['ACTV', 'RESEND', 'approved'],
    ['ACTV', 'NOTSTARTED', 'undefined'],
    ['ACTV', 'SOMETHING', 'undefined'],
    ['EXPD', null, 'undefined'],
    ['EXPD', 'APPROV', 'undefined'],
    ['SUSP', 'INPROC', 'undefined'],
    ['actv', 'INPROC', 'undefined'],
  ] as const)('%s with step %s is %s', (status_cd, step_cd, stage) => {
    expect(resumeReviewStage({ status_cd, step_cd })).toBe(stage);
  });

  it('no review subscription at all is undefined', () => {
    expect(resumeReviewStage(undefined)).toBe('undefined');
  });
});

describe('the resume score', () => {
  it.each([
    [-5, null],
    [0, null],
    [1, 'improve'],
    [69, 'improve'],
    [69.9, 'improve'],
    [70, 'goodWork'],
    [89, 'goodWork'],
    [89.9, 'goodWork'],
    [90, null],
    [100, null],
    [Number.NaN, null],
  ] as const)('%s gets the message %s', (score, message) => {
    expect(resumeScoreMessage(score)).toBe(message);
  });

  it.each([
    [100, 'excellent'],
    [90, 'excellent'],
    [89, 'good'],
    [80, 'good'],
    [79, 'average'],
    [70, 'average'],
    [69, 'fair'],
    [50, 'fair'],
    [49, 'weak'],
    [0, 'weak'],
  ] as const)('%s is in the band %s', (score, band) => {
    expect(scoreBand(score)).toBe(band);
  });

  it.each([
    [0, 0, 10],
    [9, 0, 10],
    [10, 10, 20],
    [64, 60, 70],
    [90, 90, 100],
    [99, 90, 100],
    [100, 90, 100],
  ] as const)('%s is shown in the range %s–%s', (score, from, to) => {
    expect(scoreRange(score)).toEqual({ from, to });
  });
});

const code = (value: number, isIgnored = false): ReviewCode => ({
  code: value,
  corrections: [],
  isIgnored,
  group: 'content',
});
const section = (sectionTypeCD: string, own: number[], inParagraphs: number[] = []): ReviewSection => ({
  sectionTypeCD,
  index: 0,
  id: `${sectionTypeCD || 'none'}-0`,
  reviewCodes: own.map((c) => code(c)),
  paragraphs: [{ docDatas: [{ fieldCD: 'TEXT', charValue: 'text', reviewCodes: inParagraphs.map((c) => code(c)) }] }],
});
const codesOf = (s: ReviewSection) => ({
  own: s.reviewCodes.map((c) => c.code),
  inParagraphs: s.paragraphs.flatMap((p) => p.docDatas.flatMap((d) => d.reviewCodes.map((c) => c.code))),
});

describe('normalising the review findings', () => {
  it.each([
    // section, own codes, paragraph codes, expected own, expected paragraph
    ['SUMM', [112, 104], [105], [112, 104], [105]],
    ['SUMM', [132, 112, 133], [133], [112], []],
    ['EXPR', [121, 112, 104], [105], [121, 100, 100], [100]],
    ['EXPR', [112], [129, 105], [100], [129, 100]],
    ['EXPR', [121, 129, 104], [], [121, 129, 100], []],
    ['CERT', [104, 100, 99], [112], [100, 100, 99], [100]],
    ['CERT', [132], [], [], []],
    ['EDUC', [104], [], [104], []],
  ] as const)(
    '%s with %j and %j in its paragraphs reads %j and %j',
    (type, own, inParagraphs, expectedOwn, expectedInParagraphs) => {
      const [normalised] = normaliseReviewSections([section(type, [...own], [...inParagraphs])]);
      expect(codesOf(normalised!)).toEqual({ own: expectedOwn, inParagraphs: expectedInParagraphs });
    },
  );

  it('touches only the section that holds the 121', () => {
    const normalised = normaliseReviewSections([section('EXPR', [121, 104]), section('EDUC', [104])]);
    expect(normalised.map((s) => codesOf(s).own)).toEqual([[121, 100], [104]]);
  });

  it('leaves what it was given unchanged', () => {
    const given = [section('EXPR', [121, 104], [132])];
    const copy = structuredClone(given);
    normaliseReviewSections(given);
    expect(given).toEqual(copy);
  });
});

describe('counting the issues', () => {
  it.each([
    ['nothing but all-good findings', [section('SUMM', [100]), section('EXPR', [100], [100])], 0],
    ['one finding per section, in a section and a paragraph', [section('SUMM', [112]), section('EXPR', [], [104])], 2],
    ['retired codes are not counted', [section('SUMM', [132, 133, 112])], 1],
    [
      'a 121 leaves only itself counted in its section',
      [section('EXPR', [121, 112, 104], [105]), section('EDUC', [104])],
      2,
    ],
    ['certifications above 100 are not counted', [section('CERT', [104, 112])], 0],
    [
      'a section without a type is not counted',
      [section('', [112, 104]), section('  ', [105]), section('SUMM', [112])],
      1,
    ],
  ] as const)('%s', (_, sections, count) => {
    expect(reviewIssueCount(sections)).toBe(count);
  });

  it('a finding the person ignored is not an issue', () => {
    const withIgnored: ReviewSection = { ...section('SUMM', []), reviewCodes: [code(112, true), code(104)] };
    expect(reviewIssueCount([withIgnored])).toBe(1);
  });
});
