import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import type { ReactNode } from 'react';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  children: ReactNode;
}

export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className="checkbox">
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18" className="checkbox__tick">
          <polyline points="2 9 7 14 16 4" />
        </svg>
      </span>
      <span className="checkbox__label">{children}</span>
    </AriaCheckbox>
  );
}
