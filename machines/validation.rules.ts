/** Field rules shared by the forms (spec §5) and, through the API schemas, by the server. */

export const ACCOUNT_ID_MAX_DIGITS = 128;

/** Local part, @, then a domain whose top level has two letters or more, or an IP literal. */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;
export const ACCOUNT_ID_PATTERN = new RegExp(`^\\d{1,${ACCOUNT_ID_MAX_DIGITS}}$`);

export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

export function isValidEmail(value: string): boolean {
  const email = normaliseEmail(value);
  return email.length > 0 && email.length <= 254 && EMAIL_PATTERN.test(email);
}

export function isValidAccountId(value: string): boolean {
  return ACCOUNT_ID_PATTERN.test(value.trim());
}

export type FieldError = 'required' | 'invalid';

export function emailError(value: string): FieldError | null {
  if (normaliseEmail(value) === '') return 'required';
  return isValidEmail(value) ? null : 'invalid';
}

export function accountIdError(value: string): FieldError | null {
  if (value.trim() === '') return 'required';
  return isValidAccountId(value) ? null : 'invalid';
}
