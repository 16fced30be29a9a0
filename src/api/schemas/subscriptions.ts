import * as z from 'zod/mini';
import { captchaField } from './captcha';
import { isoDateTime, queryBoolean, uuid } from './common';
import { ACCOUNT_ID_MAX_DIGITS, ACCOUNT_ID_PATTERN, EMAIL_PATTERN } from '../../../machines/validation.rules';
import { REASON_CODES } from '../../../machines/cancellation-survey.rules';
import { PAUSE_MONTHS, SAVE_OFFER_IDS } from '../../domain/save-offers';
import { positiveBigId, positiveInt4, text } from './blocks';

export const subscription = z.object({
  SubscriptionID: z.int(),
  UserUID: z.string(),
  SkuID: z.int(),
  SkuLabel: z.string(),
  PlanKind: z.string(),
  StatusCD: z.string(),
  SubscriptionTypeCD: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  NextBillingDate: z.nullable(z.string()),
  CancelledOn: z.nullable(z.string()),
  /** The number the cancellation was given when it was declared; null while the plan renews. */
  CancellationNumber: z.nullable(z.string()),
  DaysRemaining: z.int(),
  UnitPrice: z.number(),
  FormattedUnitPrice: z.string(),
  CurrencyCD: z.string(),
  /** Percent off the next renewal from a save offer; null when it renews at full price. */
  RenewalDiscountPercent: z.nullable(z.int()),
  /** What the next renewal costs: the unit price with the renewal discount taken off. */
  NextRenewalPrice: z.number(),
  FormattedNextRenewalPrice: z.string(),
  /** A pause: it starts at PausedFrom (the end of the paid period) and billing resumes on ResumesOn. */
  PausedFrom: z.nullable(z.string()),
  ResumesOn: z.nullable(z.string()),
  /** Whether now is within the pause. */
  IsPaused: z.boolean(),
  /** The latest save offer the subscription took instead of being cancelled, and when. */
  SaveOffer: z.optional(z.nullable(z.object({ OfferID: z.enum(SAVE_OFFER_IDS), RedeemedAt: z.string() }))),
});
export type Subscription = z.infer<typeof subscription>;

export const subscriptionsQuery = z.object({
  userUID: uuid,
  isCurrentOnly: z._default(queryBoolean, false),
});
export const subscriptionList = z.object({ Subscriptions: z.array(subscription) });
export type SubscriptionList = z.infer<typeof subscriptionList>;

export const cancelBody = z.object({
  user_uid: uuid,
  subscription_id: positiveBigId,
  cancellation_strategy: z._default(z.enum(['Default', 'OneClick']), 'Default'),
});
export type CancelBody = z.input<typeof cancelBody>;

export const cancellationData = z.object({
  CancellationNumber: z.string(),
  SkuID: z.int(),
  SkuLabel: z.string(),
  PaymentStatus: z.string(),
  SubscriptionStatus: z.string(),
  AccessEndsOn: z.string(),
  UserType: z.string(),
  /** When the cancellation was declared (the subscription's cancelled_on). */
  DeclaredAt: z.string(),
});
export type CancellationData = z.infer<typeof cancellationData>;

export const surveyBody = z.object({
  user_uid: uuid,
  subscription_id: z.optional(positiveBigId),
  reason_cd: z.int().check(z.minimum(REASON_CODES.min), z.maximum(REASON_CODES.max)),
  reason_text: z.optional(text({ trim: true, max: 2000, multiline: true })),
  flow_type: z._default(z.enum(['Default', 'ConfirmationPostSelection']), 'Default'),
});
export type SurveyBody = z.input<typeof surveyBody>;
export const surveyResult = z.object({ SurveyID: z.int(), reason_cd: z.int() });

export { ACCOUNT_ID_MAX_DIGITS };
/** The save-offer rules the server applies, shared with the client's machines. */
export {
  PAUSE_MONTHS,
  SAVE_OFFERS,
  SAVE_OFFER_IDS,
  addMonths,
  discountedPrice,
  isSaveOfferRedeemable,
  redemptionsInWindow,
  type SaveOfferId,
} from '../../domain/save-offers';
export const emailAddress = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'required'),
    z.maxLength(254),
    z.regex(EMAIL_PATTERN, 'must be an e-mail address'),
  );
export const accountId = z.string().check(z.regex(ACCOUNT_ID_PATTERN, `must be 1 to ${ACCOUNT_ID_MAX_DIGITS} digits`));

const cancellationRequestFields = {
  email_address: emailAddress,
  portal_id: positiveInt4,
  account_id: accountId,
  cancellation_date: z.optional(isoDateTime),
  cancellation_request_time: z
    .string()
    .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, 'must be a local date-time')),
  /** The solved ALTCHA payload (base64) for a challenge from GET captcha/challenge. */
  captcha: captchaField,
};

/**
 * Two kinds of request (allOf the shared fields and oneOf the kinds, in the document): only an
 * extraordinary cancellation carries a reason. The shared fields are checked whatever the kind.
 */
export const cancellationRequestBody = z.intersection(
  z.object(cancellationRequestFields),
  z.discriminatedUnion('is_extraordinary_cancellation', [
    z.object({
      is_extraordinary_cancellation: z.literal(true),
      cancellation_reason: z.optional(text({ trim: true, max: 4000, multiline: true })),
    }),
    z.object({
      is_extraordinary_cancellation: z.literal(false),
      cancellation_reason: z.optional(z.never('only an extraordinary cancellation carries a reason')),
    }),
  ]),
);
export type CancellationRequestBody = z.input<typeof cancellationRequestBody>;

/**
 * What the received page shows. It is the same whether or not the e-mail and account id
 * matched an account: the dates are the ones requested, and the rest echoes the request.
 */
export const cancellationReceipt = z.object({
  CancellationNumber: z.string(),
  ReceivedAt: z.string(),
  /** The requested termination date; null means the earliest possible date. */
  EffectiveDate: z.nullable(z.string()),
  AccountId: z.string(),
  EmailAddress: z.string(),
  IsExtraordinary: z.boolean(),
});
export type CancellationReceipt = z.infer<typeof cancellationReceipt>;

export const subscriptionDetails = z.extend(subscription, {
  Transactions: z.array(
    z.object({ transaction_id: z.int(), transaction_type: z.string(), price: z.number(), created_at: z.string() }),
  ),
  SurveyAnswered: z.boolean(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetails>;

/** Taking a save offer instead of cancelling. */
export const saveOfferBody = z.object({
  user_uid: uuid,
  subscription_id: positiveBigId,
  offer_id: z.enum(SAVE_OFFER_IDS),
});

export const saveOfferResult = z.object({
  OfferID: z.enum(SAVE_OFFER_IDS),
  Kind: z.enum(['discount', 'freeMonth']),
  RedeemedAt: z.string(),
  Subscription: subscription,
});
export type SaveOfferResult = z.infer<typeof saveOfferResult>;

/** Pausing instead of cancelling: for 1 to 3 months from the end of the paid period. */
export const pauseBody = z.object({
  user_uid: uuid,
  subscription_id: positiveBigId,
  months: z.int().check(z.minimum(PAUSE_MONTHS[0]), z.maximum(PAUSE_MONTHS[PAUSE_MONTHS.length - 1]!)),
});

export const pauseResult = z.object({
  Months: z.int(),
  /** Whether the plan's features stay available during the pause (remote configuration). */
  KeepsAccess: z.boolean(),
  Subscription: subscription,
});
export type PauseResult = z.infer<typeof pauseResult>;

export const resumeBody = z.object({ user_uid: uuid, subscription_id: positiveBigId });
export const resumeResult = z.object({ Subscription: subscription });
export type ResumeResult = z.infer<typeof resumeResult>;
