import { describe, expect, it } from 'vitest';
import {
  OTHER_REASON,
  REASON,
  isKnownReasonCode,
  offerForReason,
  surveyHeadingOf,
  surveyReasonList,
  type SurveyReason,
} from '../../machines/cancellation-survey.rules';

const reason = (value: number): SurveyReason => ({ value, label: `reason.${value}` });
const SERVER_LIST = [1, 2, 3, 4, 5, 6, 7, 8, 15].map(reason);
const SERVER_OFFERS = [
  { reason: 7, offer: 'socialCard' },
  { reason: 1, offer: 'seeOffer' },
  { reason: 4, offer: 'seeOffer' },
  { reason: 2, offer: 'customizeResume' },
  { reason: 8, offer: 'talkToAgent' },
];

/** A replayable random source: the values given, in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};
const valuesOf = (list: SurveyReason[]) => list.map((r) => r.value);

describe('the reasons the survey lists', () => {
  it('on desktop: the server’s closing entry taken off, the rest shuffled, Other last', () => {
    // Drawing 0 every time swaps each element, from the end, with the first one.
    expect(valuesOf(surveyReasonList(SERVER_LIST, 'Desktop', () => 0))).toEqual([2, 3, 4, 5, 6, 7, 8, 1, OTHER_REASON]);
    // A draw just under 1 keeps every element where it is.
    expect(valuesOf(surveyReasonList(SERVER_LIST, 'Desktop', () => 0.999999))).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      OTHER_REASON,
    ]);
  });

  it('on desktop: the entry taken off is the server’s last, whatever it is', () => {
    const withoutOther = [1, 2, 3, 4].map(reason);
    expect(valuesOf(surveyReasonList(withoutOther, 'Desktop', () => 0.999999))).toEqual([1, 2, 3, OTHER_REASON]);
  });

  it('on desktop: every answer is listed once, whatever the draw', () => {
    for (const random of [sequence(0.1, 0.7, 0.3), sequence(0.5), sequence(0.9, 0.2), Math.random]) {
      const values = valuesOf(surveyReasonList(SERVER_LIST, 'Desktop', random));
      expect([...values].sort((a, b) => a - b)).toEqual(valuesOf(SERVER_LIST));
      expect(values.at(-1)).toBe(OTHER_REASON);
    }
  });

  it('on desktop: different draws give different orders', () => {
    const orders = new Set(
      [sequence(0.1), sequence(0.5), sequence(0.9), sequence(0.3, 0.8)].map((random) =>
        valuesOf(surveyReasonList(SERVER_LIST, 'Desktop', random)).join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('on mobile: the server’s order, nothing dropped, Other last', () => {
    const shuffledServerList = [reason(15), reason(4), reason(1), reason(7)];
    expect(valuesOf(surveyReasonList(shuffledServerList, 'Mobile', () => 0))).toEqual([4, 1, 7, OTHER_REASON]);
  });

  it('drops codes outside 1–15 and repeats, and adds Other when the server left it out', () => {
    const list = [reason(0), reason(3), reason(16), reason(3), reason(-1), reason(2.5), reason(6)];
    expect(valuesOf(surveyReasonList(list, 'Mobile', Math.random))).toEqual([3, 6, OTHER_REASON]);
    expect(surveyReasonList(list, 'Mobile', Math.random).at(-1)).toEqual({
      value: OTHER_REASON,
      label: 'cancel.reason.other',
    });
  });

  it('with no answers at all, lists Other alone', () => {
    expect(valuesOf(surveyReasonList([], 'Desktop', Math.random))).toEqual([OTHER_REASON]);
    expect(valuesOf(surveyReasonList([reason(15)], 'Desktop', Math.random))).toEqual([OTHER_REASON]);
  });

  it.each([
    [1, true],
    [15, true],
    [0, false],
    [16, false],
    [7.5, false],
    [Number.NaN, false],
  ])('code %s is known: %s', (code, known) => {
    expect(isKnownReasonCode(code)).toBe(known);
  });
});

describe('the offer each answer leads to', () => {
  it.each([
    [REASON.reallyHelpful, 'socialCard'],
    [REASON.foundJob, 'seeOffer'],
    [REASON.tooExpensive, 'seeOffer'],
    [REASON.onlyWantedResume, 'customizeResume'],
    [REASON.notHelpful, 'talkToAgent'],
    [REASON.cantAfford, null],
    [REASON.takingBreak, null],
    [REASON.other, null],
  ] as const)('reason %s → %s', (code, offer) => {
    expect(offerForReason(code, SERVER_OFFERS)).toBe(offer);
  });

  it('an offer name the app does not know leads nowhere', () => {
    expect(offerForReason(3, [{ reason: 3, offer: 'freeMoney' }])).toBeNull();
  });
});

describe('the survey heading', () => {
  it.each([
    ['Nurse', { kind: 'personal', jobTitle: 'Nurse' }],
    ['  Senior Engineer ', { kind: 'personal', jobTitle: 'Senior Engineer' }],
    ['', { kind: 'plain' }],
    ['   ', { kind: 'plain' }],
    [null, { kind: 'plain' }],
    [undefined, { kind: 'plain' }],
    [42, { kind: 'plain' }],
  ] as const)('job title %j → %j', (title, heading) => {
    expect(surveyHeadingOf(title)).toEqual(heading);
  });
});
