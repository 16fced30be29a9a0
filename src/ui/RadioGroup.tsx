import { createContext, memo, useCallback, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  Radio as AriaRadio,
  RadioGroupStateContext,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioGroupState,
  type RadioProps,
} from 'react-aria-components';
import { filterDOMProps } from 'react-aria/filterDOMProps';
import { mergeProps } from 'react-aria/mergeProps';
import { useRadioGroup } from 'react-aria/useRadioGroup';
import { useRadioGroupState } from 'react-stately/useRadioGroupState';
import { radioSeesNoChange } from './radio-sees-no-change';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className' | 'style'> {
  /** The group's name: shown, or read to screen readers only with `labelClassName="visually-hidden"`. */
  label: ReactNode;
  labelClassName?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The group's `onChange`, as one function for the group's life that calls the latest one given:
 * a radio drawn from an earlier state of the group (see `Radio`) still reports to the caller's
 * current handler.
 */
function useLatestOnChange(onChange: AriaRadioGroupProps['onChange']) {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  return useCallback((value: string) => latest.current?.(value), []);
}

/**
 * The group's state for its radios. It is not react-aria's own context: a changed value of that
 * one makes React draw again every radio that reads it, under whatever provider; each radio
 * hands react-aria the state it last drew from instead (see `Radio`).
 */
const GroupStateContext = createContext<RadioGroupState | null>(null);

/**
 * A group of radio buttons with its name: arrow keys move the choice, one tab stop for the group.
 * Built from react-aria's radio group hooks, as react-aria-components' RadioGroup is.
 */
export function RadioGroup({ label, labelClassName, className, children, onChange, ...props }: RadioGroupProps) {
  const reportChange = useLatestOnChange(onChange);
  const groupProps = {
    ...props,
    label,
    onChange: reportChange,
    validationBehavior: props.validationBehavior ?? ('native' as const),
  };
  const state = useRadioGroupState(groupProps);
  const { radioGroupProps, labelProps } = useRadioGroup(groupProps, state);
  const orientation = props.orientation ?? 'vertical';
  return (
    <div
      {...mergeProps(filterDOMProps(props, { global: true }), radioGroupProps)}
      className={className ?? 'react-aria-RadioGroup'}
      data-orientation={orientation}
      data-disabled={state.isDisabled || undefined}
      data-readonly={state.isReadOnly || undefined}
      data-required={state.isRequired || undefined}
      data-invalid={state.isInvalid || undefined}
    >
      <span {...labelProps} className={labelClassName}>
        {label}
      </span>
      <GroupStateContext.Provider value={state}>{children}</GroupStateContext.Provider>
    </div>
  );
}

/**
 * The group's state as the radio of `value` last drew it: a newer state replaces it only when it
 * changes what this radio shows. Any state of the group serves its radios alike (the selection
 * is read through a ref, the change goes to the latest handler), so an older one is safe to keep.
 */
function useGroupStateSeenBy(value: string): RadioGroupState | null {
  const state = useContext(GroupStateContext);
  const [seen, setSeen] = useState(state);
  if (seen === state) return seen;
  if (seen !== null && state !== null && radioSeesNoChange(seen, state, value)) return seen;
  setSeen(state);
  return state;
}

const RadioDrawnFromItsState = memo(AriaRadio);

/**
 * One radio of a group. React-aria-components' own group redraws every radio whenever its state
 * changes; here a radio is drawn again only when its own part of that state does (checked, tab
 * stop, disabled), or by its own pressing, hovering and focus.
 */
export function Radio(props: RadioProps) {
  const state = useGroupStateSeenBy(props.value);
  return (
    <RadioGroupStateContext.Provider value={state}>
      <RadioDrawnFromItsState {...props} />
    </RadioGroupStateContext.Provider>
  );
}

/** The value type of a radio group's choice. */
export type { Key } from 'react-aria-components';
