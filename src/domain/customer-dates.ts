/**
 * Every date a customer reads, written by one formatter with one time-zone rule, so two dates on
 * one page (an offer's sentence and the plan's renewal beside it) never disagree by a day near
 * midnight: an instant is shown as the day (and time) it is in the person's time zone, the
 * browser's own unless a zone is given (tests; a server that knows it from the `tz` cookie).
 */
import { keptFormatters } from './kept-formatters';

export interface CustomerDateOptions {
  /** Adds the time of day (a cancellation's declaration, a request's receipt). */
  withTime?: boolean;
  /** An IANA zone; omitted, the runtime's own (in the app, the person's browser). */
  timeZone?: string;
}

const formats = keptFormatters<Intl.DateTimeFormat>();

/** The kept formatter for a culture: `format(date)` writes "January 9, 2027", "9. Januar 2027". */
export function customerDateFormat(culture: string, options: CustomerDateOptions = {}): Intl.DateTimeFormat {
  const { withTime = false, timeZone } = options;
  return formats(
    `${culture}|${withTime ? 'time' : 'day'}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(culture, {
        dateStyle: 'long',
        ...(withTime ? { timeStyle: 'short' } : {}),
        ...(timeZone ? { timeZone } : {}),
      }),
  );
}

export function formatCustomerDate(value: string | Date, culture: string, options: CustomerDateOptions = {}): string {
  return customerDateFormat(culture, options).format(typeof value === 'string' ? new Date(value) : value);
}
