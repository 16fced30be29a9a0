import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'link';
}

/** The one button of the app: react-aria's, so press, focus and keyboard behave the same everywhere. */
export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={`button button--${variant}${typeof className === 'string' ? ` ${className}` : ''}`} />;
}
