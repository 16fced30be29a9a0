/**
 * Rules of change payment method (spec §2 "Other screens", §3 Billing user, §9 payment-method
 * codes). Pure: the machine's guards and the page call them. The card frame in its update mode
 * speaks a few messages of the checkout frame protocol, plus CARD-READY: the card it checked,
 * as much of it as the page may keep (brand, last four) and the provider's verdict.
 */
import * as z from 'zod/mini';
import { FRAME_SOURCE, FRAME_START_HEIGHT, frameHeight } from './checkout-frame.rules';
import { hasBillingProblem, type SettingsPaymentMethod, type SettingsPlan } from './my-settings.rules';

export { FRAME_START_HEIGHT, frameHeight };

const payloads = {
  'PAGE-LOADED': z.object({ sessionGuid: z.string().check(z.minLength(1), z.maxLength(64)) }),
  'RESIZE-IFRAME': z.object({ height: z.number().check(z.minimum(0), z.maximum(20_000)) }),
  'CARD-READY': z.object({
    cardType: z.enum(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER']),
    lastFour: z.string().check(z.regex(/^\d{4}$/)),
    outcome: z.enum(['approved', 'declined']),
  }),
} as const;

type UpdateFrameMessageType = keyof typeof payloads;
export type UpdateFrameMessage = {
  [K in UpdateFrameMessageType]: { type: K; payload: z.infer<(typeof payloads)[K]> };
}[UpdateFrameMessageType];
export type EnteredCard = z.infer<(typeof payloads)['CARD-READY']>;

const envelope = z.object({ source: z.literal(FRAME_SOURCE), type: z.string(), payload: z.optional(z.unknown()) });

/** A message of the update frame, typed, or null when it must be ignored (wrong origin or window, unknown type, bad body). */
export function readUpdateFrameMessage(
  message: { origin: string; fromFrameWindow: boolean; data: unknown },
  frameOrigin: string,
): UpdateFrameMessage | null {
  if (message.origin !== frameOrigin || !message.fromFrameWindow) return null;
  const outer = envelope.safeParse(message.data);
  if (!outer.success || !Object.hasOwn(payloads, outer.data.type)) return null;
  const type = outer.data.type as UpdateFrameMessageType;
  const payload = payloads[type].safeParse(outer.data.payload ?? {});
  return payload.success ? ({ type, payload: payload.data } as UpdateFrameMessage) : null;
}

/** The billing name and address kept with the card (POST payments/billinguser). */
export interface BillingDetails {
  firstName: string;
  lastName: string;
  zipCode: string;
  countryCd: string;
}

/** Which billing field is missing, if any: both names are required, the postcode is optional. */
export function missingBillingField(billing: BillingDetails): 'firstName' | 'lastName' | null {
  if (!billing.firstName.trim()) return 'firstName';
  if (!billing.lastName.trim()) return 'lastName';
  return null;
}

/** A plan whose card can be changed here: one that will charge it again, or one whose renewal failed. */
export function canChangeCardFor(plan: Pick<SettingsPlan, 'StatusCD' | 'NextBillingDate'> | null): boolean {
  if (!plan) return false;
  return (
    hasBillingProblem(plan) ||
    (plan.StatusCD === 'ACTV' && plan.NextBillingDate !== null && plan.NextBillingDate.trim() !== '')
  );
}

/** A new card for a plan whose renewal failed retries that renewal: the page says so before the card is entered. */
export const retriesRenewal = (plan: Pick<SettingsPlan, 'StatusCD'> | null): boolean => hasBillingProblem(plan);

/** What the server answered for a card update. */
export interface CardUpdateResult {
  Outcome: 'SAVED' | 'DECLINED';
  PaymentMethod: SettingsPaymentMethod | null;
  Renewal: {
    SubscriptionID: number;
    TransactionID: number;
    Status: 'SUCC' | 'FAIL';
    SubscriptionStatusCD: string;
  } | null;
  Replayed: boolean;
}

export const wasDeclined = (result: CardUpdateResult): boolean => result.Outcome === 'DECLINED';

/** The card was kept, but the retried renewal was declined: the plan is still unpaid (the subscription error). */
export const renewalStillFailing = (result: CardUpdateResult): boolean =>
  result.Outcome === 'SAVED' && result.Renewal?.Status === 'FAIL';

/** The card was kept and the retried renewal went through: the plan is active again. */
export const renewalRecovered = (result: CardUpdateResult): boolean =>
  result.Outcome === 'SAVED' && result.Renewal?.Status === 'SUCC';
