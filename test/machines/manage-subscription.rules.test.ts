import { describe, expect, it } from 'vitest';
import { detailsCategory, isManageable, pauseBooked } from '../../machines/manage-subscription.rules';

describe('manage-subscription rules', () => {
  it.each([
    ['ACTV', true],
    ['EXPR', false],
    ['CNCL', false],
    ['actv', false],
    ['', false],
    [null, false],
    [undefined, false],
  ] as const)('a plan with status %j may be managed: %s', (status, manageable) => {
    expect(isManageable(status)).toBe(manageable);
  });

  it.each([
    [false, 'benefitsAndSurvey'],
    [true, 'reviewAndRetention'],
  ] as const)('with the survey answered %s the details show %s', (answered, category) => {
    expect(detailsCategory(answered)).toBe(category);
  });

  it.each([
    [false, null, false],
    [false, '2027-02-20T00:00:00.000Z', true],
    [true, '2027-02-20T00:00:00.000Z', true],
    [true, null, true],
  ] as const)('paused now %s, resumes on %j: a pause is booked %s', (isPaused, resumesOn, booked) => {
    expect(pauseBooked({ isPaused, resumesOn })).toBe(booked);
  });
});
