import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import type { ReactNode } from 'react';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  description?: string;
  /** Shown, and announced, when set; the field is then marked invalid. */
  errorMessage?: string | null;
  multiline?: boolean;
  inputMode?: 'text' | 'email' | 'numeric';
  placeholder?: string;
  labelAddon?: ReactNode;
}

/** A labelled text input (or text area) whose error is tied to it for screen readers. */
export function TextField({
  label,
  description,
  errorMessage,
  multiline,
  inputMode,
  placeholder,
  labelAddon,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage)} validationBehavior="aria" className="field">
      <span className="field__label-row">
        <Label className="field__label">{label}</Label>
        {labelAddon}
      </span>
      {multiline ? (
        <TextArea className="field__input field__input--multiline" placeholder={placeholder} rows={4} />
      ) : (
        <Input className="field__input" inputMode={inputMode} placeholder={placeholder} />
      )}
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
