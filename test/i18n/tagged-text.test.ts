import { describe, expect, it } from 'vitest';
import { splitTagged } from '../../src/i18n/tagged-text';

describe('splitTagged', () => {
  it('splits a sentence around its marked phrase', () => {
    expect(splitTagged('<num>1,204</num> people chose a plan', 'num')).toEqual({
      before: '',
      marked: '1,204',
      after: ' people chose a plan',
    });
    expect(splitTagged('In der letzten Woche haben <num>87</num> Personen gewählt', 'num')).toEqual({
      before: 'In der letzten Woche haben ',
      marked: '87',
      after: ' Personen gewählt',
    });
  });

  it('shows a sentence with missing or broken marks whole, without the marks', () => {
    expect(splitTagged('12 people chose a plan', 'num')).toEqual({
      before: '12 people chose a plan',
      marked: '',
      after: '',
    });
    expect(splitTagged('<num>12 people chose a plan', 'num')).toEqual({
      before: '12 people chose a plan',
      marked: '',
      after: '',
    });
  });

  it('only splits on the tag it is given', () => {
    expect(splitTagged('<b>12</b> people', 'num').before).toBe('<b>12</b> people');
  });
});
