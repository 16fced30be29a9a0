import * as z from 'zod/mini';
import { uuid } from './common';
import { positiveBigId, positiveInt4 } from './blocks';

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
