import { Form as AriaForm, type FormProps } from 'react-aria-components';

/** A form whose fields report their errors the react-aria way (see `validationBehavior`). */
export function Form(props: FormProps) {
  return <AriaForm {...props} />;
}
