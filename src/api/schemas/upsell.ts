import * as z from 'zod/mini';
import { uuid } from './common';
import { positiveBigId, positiveInt4 } from './blocks';
import { cardType } from './payments';
import { SURVEY_REASONS } from '../../../machines/upsell-offers.rules';

/**
 * A one-click add-on after a purchase: charged on the payment method of the order it follows.
 * `session_guid` is the idempotency key (one per offer and upsell sequence): sending it again
 * answers the first result and never charges twice.
 */
export const addOnPaymentBody = z.object({
  user_uid: uuid,
  /** The TransactionID of the purchase the add-on follows. */
  order_id: positiveBigId,
  sku_id: positiveInt4,
  session_guid: uuid,
  /** The payment sandbox's decline, as for any payment. */
  fail_payment: z._default(z.boolean(), false),
  /**
   * Another card, entered in the sandbox card frame after the saved one was declined: the add-on
   * is paid with it instead of the order's payment method. Both or neither.
   */
  card: z.optional(
    z.object({ card_type: cardType, last_four_digits: z.string().check(z.regex(/^\d{4}$/, 'must be four digits')) }),
  ),
});
export type AddOnPaymentBody = z.input<typeof addOnPaymentBody>;

export const addOnPaymentResult = z.object({
  PaymentStatus: z.enum(['SUCC', 'FAIL']),
  TransactionID: z.nullable(z.int()),
  SkuID: z.int(),
  UpsellCD: z.string(),
  Amount: z.number(),
  CurrencyCD: z.string(),
  PaymentMethodCD: z.string(),
  CardType: z.nullable(z.string()),
  FailureCode: z.nullable(z.string()),
  Replayed: z.boolean(),
});
export type AddOnPaymentResult = z.infer<typeof addOnPaymentResult>;

/** The upsell offers survey: why the add-ons were turned down. One answer per sequence (`answer_key`). */
export const surveyAnswerBody = z.object({
  user_uid: uuid,
  /** The purchase the add-ons followed, when there is one. */
  order_id: z._default(z.nullable(positiveBigId), null),
  reason: z.enum(SURVEY_REASONS),
  /** Idempotency key, one per upsell sequence: sending it again answers the first answer. */
  answer_key: uuid,
});
export type SurveyAnswerBody = z.input<typeof surveyAnswerBody>;

export const surveyAnswer = z.object({
  AnswerID: z.int(),
  OrderID: z.nullable(z.int()),
  Reason: z.enum(SURVEY_REASONS),
  CreatedAt: z.string(),
  Replayed: z.boolean(),
});
export type SurveyAnswer = z.infer<typeof surveyAnswer>;

export const surveyUserParam = z.object({ userId: uuid });
export const surveyAnswers = z.object({ Items: z.array(surveyAnswer) });
