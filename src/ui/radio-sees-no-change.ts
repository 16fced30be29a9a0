/** The parts of a radio group's state (react-stately's RadioGroupState) that one radio draws from. */
export interface GroupStateSeenByRadio {
  selectedValue: string | null;
  lastFocusedValue: string | null;
  isDisabled: boolean;
  isReadOnly: boolean;
  isRequired: boolean;
  isInvalid: boolean;
  realtimeValidation: { isInvalid: boolean };
}

/** Whether the radio of `value` is the one Tab lands on in the group. */
function isTabStop(state: GroupStateSeenByRadio, value: string): boolean {
  if (state.selectedValue !== null) return state.selectedValue === value;
  return state.lastFocusedValue === null || state.lastFocusedValue === value;
}

/** A validated group: the radios read its validation every time, so none keeps an earlier state. */
function isValidated(state: GroupStateSeenByRadio): boolean {
  return state.isRequired || state.isInvalid || state.realtimeValidation.isInvalid;
}

/**
 * Whether the radio of `value` draws the same from the group's state `after` as it drew from
 * `before`: checked or not, the tab stop or not, disabled, read-only, and no validation in play.
 * Choosing one radio of nine then redraws two of them (the one left, the one chosen), not nine.
 */
export function radioSeesNoChange(before: GroupStateSeenByRadio, after: GroupStateSeenByRadio, value: string): boolean {
  if (isValidated(before) || isValidated(after)) return false;
  return (
    before.isDisabled === after.isDisabled &&
    before.isReadOnly === after.isReadOnly &&
    (before.selectedValue === value) === (after.selectedValue === value) &&
    isTabStop(before, value) === isTabStop(after, value)
  );
}
