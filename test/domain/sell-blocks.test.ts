import { describe, expect, it } from 'vitest';
import {
  appLinks,
  countForm,
  efficacyPercent,
  funnelStepIndex,
  funnelStepsShown,
  moneyBackDays,
  paymentMarks,
  stepState,
  FUNNEL_STEPS,
} from '../../src/domain/sell-blocks';

describe('§2 funnel breadcrumb: Build CV 0, Choose Access 1, Payment Details 2, Finished 3', () => {
  it('has the four steps in order', () => {
    expect(FUNNEL_STEPS).toEqual(['buildCv', 'chooseAccess', 'paymentDetails', 'finished']);
  });

  it.each([
    [1, ['complete', 'current', 'upcoming', 'upcoming']],
    [0, ['current', 'upcoming', 'upcoming', 'upcoming']],
    [2, ['complete', 'complete', 'current', 'upcoming']],
    [3, ['complete', 'complete', 'complete', 'current']],
    [7, ['complete', 'current', 'upcoming', 'upcoming']],
    [-1, ['complete', 'current', 'upcoming', 'upcoming']],
    [1.5, ['complete', 'current', 'upcoming', 'upcoming']],
  ])('current step %d', (current, states) => {
    expect(FUNNEL_STEPS.map((_, i) => stepState(i, current))).toEqual(states);
  });

  it('a returning member (winback) is not shown "Build resume" as a step just done: three steps, from choosing the offer', () => {
    expect(funnelStepsShown(false).map((s) => s.step)).toEqual([...FUNNEL_STEPS]);
    expect(funnelStepsShown(true)).toEqual([
      { step: 'chooseAccess', index: 1 },
      { step: 'paymentDetails', index: 2 },
      { step: 'finished', index: 3 },
    ]);
  });

  it.each([
    [0, 0],
    [3, 3],
    [4, 1],
    ['2', 1],
    [null, 1],
  ])('step %j reads as %i', (value, index) => {
    expect(funnelStepIndex(value)).toBe(index);
  });
});

describe('§9 money-back days from config Data.days', () => {
  it.each([
    [{ days: 14 }, 14],
    [{ days: 30 }, 30],
    [{ days: '7' }, 7],
    [{ days: 0 }, 14],
    [{ days: -3 }, 14],
    [{ days: 2.5 }, 14],
    [{ days: 1000 }, 14],
    [{}, 14],
    [null, 14],
    [undefined, 14],
  ])('%j → %i days', (data, days) => {
    expect(moneyBackDays(data)).toBe(days);
  });
});

describe('payment marks by country', () => {
  it.each([
    ['US', {}, ['visa', 'mastercard', 'amex', 'discover', 'paypal']],
    ['GB', {}, ['visa', 'mastercard', 'amex', 'paypal']],
    ['de', {}, ['visa', 'mastercard', 'amex', 'paypal']],
    ['IN', {}, ['visa', 'mastercard', 'rupay', 'upi']],
    [' in ', {}, ['visa', 'mastercard', 'rupay', 'upi']],
    [null, {}, ['visa', 'mastercard', 'amex', 'paypal']],
    ['IN', { upi: false }, ['visa', 'mastercard', 'rupay']],
    ['IN', { paypal: true }, ['visa', 'mastercard', 'rupay', 'paypal', 'upi']],
    ['US', { paypal: false }, ['visa', 'mastercard', 'amex', 'discover']],
    ['US', { upi: true }, ['visa', 'mastercard', 'amex', 'discover', 'paypal', 'upi']],
  ] as const)('%s with %j → %j', (country, options, marks) => {
    expect(paymentMarks(country, options)).toEqual(marks);
  });
});

describe('efficacy figure from config', () => {
  it.each([
    [{ percent: 72 }, 72],
    [{ percent: '85' }, 85],
    [{ percent: 72.4 }, 72],
    [{ percent: 0 }, null],
    [{ percent: 120 }, null],
    [{ percent: 'most' }, null],
    [{}, null],
    [null, null],
  ])('%j → %j', (data, percent) => {
    expect(efficacyPercent(data)).toBe(percent);
  });
});

describe('app store links from config', () => {
  it.each([
    [
      { iosUrl: 'https://apps.example/ios', androidUrl: 'https://play.example/app' },
      { ios: 'https://apps.example/ios', android: 'https://play.example/app' },
    ],
    [
      { iosUrl: 'javascript:alert(1)', androidUrl: '/relative' },
      { ios: null, android: null },
    ],
    [{ iosUrl: 42 }, { ios: null, android: null }],
    [null, { ios: null, android: null }],
  ])('%j → %j', (data, links) => {
    expect(appLinks(data)).toEqual(links);
  });
});

describe('plural form of a count', () => {
  it.each([
    ['en-US', 1, 'one'],
    ['en-US', 0, 'other'],
    ['en-US', 2, 'other'],
    ['de-DE', 1, 'one'],
    ['de-DE', 18211, 'other'],
    ['fr-FR', 0, 'one'],
    ['fr-FR', 1, 'one'],
    ['fr-FR', 2, 'other'],
    ['fr-FR', 1000000, 'other'],
    ['es-ES', 1000000, 'other'],
    ['es-ES', 1, 'one'],
    ['not a culture!', 1, 'one'],
    ['not a culture!', 3, 'other'],
  ])('%s %i → %s', (culture, count, form) => {
    expect(countForm(culture, count)).toBe(form);
  });
});
