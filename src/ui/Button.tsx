import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import type { ReactNode } from 'react';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'link';
}

/**
 * A label's hyphenated words ("Welcome-Back") kept whole: a browser may otherwise break a line
 * after the hyphen. The CSS (.button) forbids every other break inside a word.
 */
export function wholeWords(label: ReactNode): ReactNode {
  if (typeof label !== 'string' || !/\S-\S/.test(label)) return label;
  // One inline box for the whole label: the button is a flex box, whose items would not wrap as text.
  return (
    <span className="button__label">
      {label.split(/(\S+-\S+)/).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="button__word">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </span>
  );
}

/** The one button of the app: react-aria's, so press, focus and keyboard behave the same everywhere. */
export function Button({ variant = 'primary', className, children, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={`button button--${variant}${typeof className === 'string' ? ` ${className}` : ''}`}
    >
      {typeof children === 'function' ? children : wholeWords(children)}
    </AriaButton>
  );
}
