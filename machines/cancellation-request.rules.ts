/** Pure rules of the logged-out cancellation request (spec §2, §3 "Cancellation request", §5). */
import { normaliseEmail } from './validation.rules';

export interface CancellationRequestValues {
  email: string;
  accountId: string;
  extraordinary: boolean;
  reason: string;
  /** Chosen termination date as YYYY-MM-DD, or null for the earliest possible date. */
  date: string | null;
}

interface CancellationRequestCommon {
  email_address: string;
  portal_id: number;
  account_id: string;
  cancellation_date?: string;
  cancellation_request_time: string;
}

/** Only an extraordinary cancellation carries a reason: the API refuses one on an ordinary request. */
export type CancellationRequestBody = CancellationRequestCommon &
  (
    | { is_extraordinary_cancellation: true; cancellation_reason?: string }
    | { is_extraordinary_cancellation: false; cancellation_reason?: undefined }
  );

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** The visitor's wall-clock time, without a zone: YYYY-MM-DDTHH:mm:ss. */
export function localDateTime(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

export function localDate(now: Date): string {
  return localDateTime(now).slice(0, 10);
}

/** A date chosen for today is sent as this moment; any later date as local midnight of that day. */
export function terminationDateToIso(date: string, now: Date): string {
  if (date === localDate(now)) return now.toISOString();
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 0, 0, 0, 0).toISOString();
}

/** Past dates cannot be chosen. */
export function isSelectableDate(date: string, now: Date): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= localDate(now);
}

/**
 * The request the form sends. An extraordinary cancellation carries its reason and no date;
 * an ordinary one carries the date when one was chosen and shown.
 */
export function toRequestBody(
  values: CancellationRequestValues,
  options: { portalId: number; dateHidden: boolean; now: Date },
): CancellationRequestBody {
  const common: CancellationRequestCommon = {
    email_address: normaliseEmail(values.email),
    portal_id: options.portalId,
    account_id: values.accountId.trim(),
    cancellation_request_time: localDateTime(options.now),
  };
  if (values.extraordinary) {
    const reason = values.reason.trim();
    return reason
      ? { ...common, is_extraordinary_cancellation: true, cancellation_reason: reason }
      : { ...common, is_extraordinary_cancellation: true };
  }
  if (!options.dateHidden && values.date)
    return {
      ...common,
      is_extraordinary_cancellation: false,
      cancellation_date: terminationDateToIso(values.date, options.now),
    };
  return { ...common, is_extraordinary_cancellation: false };
}

/** The date field shows for an ordinary cancellation unless configuration hides it. */
export const isDateFieldShown = (extraordinary: boolean, hiddenByConfig: boolean): boolean =>
  !extraordinary && !hiddenByConfig;
