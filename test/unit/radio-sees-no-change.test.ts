import { describe, expect, it } from 'vitest';
import { radioSeesNoChange, type GroupStateSeenByRadio } from '../../src/ui/radio-sees-no-change';

const group = (over: Partial<GroupStateSeenByRadio> = {}): GroupStateSeenByRadio => ({
  selectedValue: 'a',
  lastFocusedValue: 'a',
  isDisabled: false,
  isReadOnly: false,
  isRequired: false,
  isInvalid: false,
  realtimeValidation: { isInvalid: false },
  ...over,
});

describe('which radios a new group state redraws', () => {
  it('redraws the radio left and the radio chosen, and no other', () => {
    const before = group({ selectedValue: 'a', lastFocusedValue: 'a' });
    const after = group({ selectedValue: 'b', lastFocusedValue: 'b' });
    expect(radioSeesNoChange(before, after, 'a')).toBe(false);
    expect(radioSeesNoChange(before, after, 'b')).toBe(false);
    expect(radioSeesNoChange(before, after, 'c')).toBe(true);
  });

  it('redraws every radio when the first choice is made: the tab stop moves from all of them to the chosen one', () => {
    const before = group({ selectedValue: null, lastFocusedValue: null });
    const after = group({ selectedValue: 'b', lastFocusedValue: 'b' });
    for (const value of ['a', 'b', 'c']) expect(radioSeesNoChange(before, after, value)).toBe(false);
  });

  it('with nothing chosen, follows the tab stop as focus moves', () => {
    const before = group({ selectedValue: null, lastFocusedValue: 'a' });
    const after = group({ selectedValue: null, lastFocusedValue: 'b' });
    expect(radioSeesNoChange(before, after, 'a')).toBe(false);
    expect(radioSeesNoChange(before, after, 'b')).toBe(false);
    expect(radioSeesNoChange(before, after, 'c')).toBe(true);
  });

  it('keeps every radio when only focus moves within a chosen group', () => {
    const before = group({ selectedValue: 'a', lastFocusedValue: 'a' });
    const after = group({ selectedValue: 'a', lastFocusedValue: 'c' });
    for (const value of ['a', 'b', 'c']) expect(radioSeesNoChange(before, after, value)).toBe(true);
  });

  it('redraws every radio when the group is disabled or made read-only', () => {
    expect(radioSeesNoChange(group(), group({ isDisabled: true }), 'c')).toBe(false);
    expect(radioSeesNoChange(group({ isDisabled: true }), group(), 'c')).toBe(false);
    expect(radioSeesNoChange(group(), group({ isReadOnly: true }), 'c')).toBe(false);
  });

  it('never keeps an earlier state in a validated group', () => {
    expect(radioSeesNoChange(group({ isRequired: true }), group({ isRequired: true }), 'c')).toBe(false);
    expect(radioSeesNoChange(group(), group({ isInvalid: true }), 'c')).toBe(false);
    expect(radioSeesNoChange(group({ realtimeValidation: { isInvalid: true } }), group(), 'c')).toBe(false);
  });
});
