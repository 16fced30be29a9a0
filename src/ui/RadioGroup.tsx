import type { ReactNode } from 'react';
import { Label, Radio as AriaRadio, RadioGroup as AriaRadioGroup, type RadioGroupProps as AriaRadioGroupProps, type RadioProps } from 'react-aria-components';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'> {
  /** The group's name: shown, or read to screen readers only with `labelClassName="visually-hidden"`. */
  label: ReactNode;
  labelClassName?: string;
  children: ReactNode;
}

/** A group of radio buttons with its name: arrow keys move the choice, one tab stop for the group. */
export function RadioGroup({ label, labelClassName, children, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props}>
      <Label className={labelClassName}>{label}</Label>
      {children}
    </AriaRadioGroup>
  );
}

export function Radio(props: RadioProps) {
  return <AriaRadio {...props} />;
}

/** The value type of a radio group's choice. */
export type { Key } from 'react-aria-components';
