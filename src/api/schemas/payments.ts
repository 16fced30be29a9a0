import * as z from 'zod/mini';
import { countryCode, isoDateTime, paymentStatus, queryBoolean, uuid } from './common';
import { documentedAs, idText, intText, positiveInt4, text } from './blocks';

export const paymentMethodCode = z.enum(['CRCD', 'PYPL', 'DUPI']);
export const cardType = z.enum(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER']);

const paymentFields = {
  user_uid: uuid,
  sku_id: positiveInt4,
  session_guid: uuid,
  fail_payment: z._default(z.boolean(), false),
  /** A pending payment is confirmed later through the complete call (delayed methods). */
  defer_completion: z._default(z.boolean(), false),
};
const lastFourDigits = z.string().check(z.regex(/^\d{4}$/, 'must be four digits'));

/**
 * Two kinds of payment (allOf the shared fields and oneOf the kinds, in the document): a card
 * payment names its card, the other methods may. The shared fields are checked whatever the
 * method, so a refusal names every bad field.
 */
export const createPaymentBody = z.intersection(
  z.object(paymentFields),
  z.discriminatedUnion('payment_method', [
    z.object({ payment_method: z.literal('CRCD'), card_type: cardType, last_four_digits: lastFourDigits }),
    z.object({
      payment_method: z.enum(['PYPL', 'DUPI']),
      card_type: z.optional(cardType),
      last_four_digits: z.optional(lastFourDigits),
    }),
  ]),
);
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

export const paymentResult = z.object({
  PaymentStatus: paymentStatus,
  TransactionStatus: z.enum(['SUCC', 'FAIL', 'PEND']),
  TransactionID: z.nullable(z.int()),
  SubscriptionID: z.nullable(z.int()),
  SkuID: z.int(),
  Amount: z.number(),
  CurrencyCD: z.string(),
  FailureCode: z.nullable(z.string()),
  Replayed: z.boolean(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/** What settling a pending payment answers: v2 payments/{userId}/transactions/{id}/complete or /cancel. */
export const completedPayment = z.object({
  TransactionID: z.int(),
  TransactionStatus: z.literal('SUCC'),
  SubscriptionID: z.nullable(z.int()),
});
export const cancelledPayment = z.object({
  TransactionID: z.int(),
  TransactionStatus: z.literal('FAIL'),
  SubscriptionID: z.nullable(z.int()),
});

export const billingUserBody = z.object({
  user_uid: uuid,
  first_name: text({ trim: true, min: 1, max: 100 }),
  last_name: text({ trim: true, min: 1, max: 100 }),
  zip_code: z.optional(text({ trim: true, max: 12 })),
  country_cd: countryCode,
});
export const billingUser = z.object({
  UserUID: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  ZipCode: z.nullable(z.string()),
  CountryCD: z.string(),
});
export type BillingUser = z.infer<typeof billingUser>;

export const freeReviewQuery = z.object({
  userUID: uuid,
  isNonCancellationFlow: queryBoolean,
  deviceType: z.enum(['Desktop', 'Tablet', 'Mobile']),
  productCD: text({ min: 1, max: 16 }),
  skuPortalID: idText(),
});
export const freeReviewResult = z.object({
  OrderID: z.int(),
  is_intake_filled: z.boolean(),
  is_pending: z.boolean(),
  available_free: z.int(),
});
export type FreeReviewResult = z.infer<typeof freeReviewResult>;

export const alreadySubscribed = z.object({
  IsAlreadySubscribed: z.boolean(),
  SubscriptionID: z.nullable(z.int()),
  SubscriptionStatusCD: z.nullable(z.string()),
});
export type AlreadySubscribed = z.infer<typeof alreadySubscribed>;

export const transactionType = z.enum(['SALE', 'RFND']);

/** `SALE,RFND`: one query parameter holding a comma-separated list (OpenAPI's form style, not exploded). */
export const transactionTypeList = z
  .pipe(
    z.pipe(
      z.string().check(z.maxLength(64)),
      z.transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
    ),
    z.array(transactionType),
  )
  // 64 characters hold 13 codes and their commas.
  .register(documentedAs, {
    type: 'array',
    items: { type: 'string', enum: transactionType.options },
    minItems: 1,
    maxItems: 13,
  });

/** The instant a date or date-time of the query stands for: a day alone starts at midnight UTC (an end day counts whole). */
const instantOf = (value: string, end: boolean): number =>
  Date.parse(value.length === 10 ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value);
/** The billing history's one rule across fields, which JSON Schema cannot say (the operation's description does). */
export const startsAfterEnd = (startDate: string, endDate: string): boolean =>
  instantOf(startDate, false) > instantOf(endDate, true);

export const transactionsQuery = z
  .object({
    skip: z._default(intText(0, 100000), 0),
    top: z._default(intText(1, 100), 20),
    startDate: z.optional(z.union([isoDateTime, z.iso.date()])),
    endDate: z.optional(z.union([isoDateTime, z.iso.date()])),
    transactionTypes: z.optional(transactionTypeList),
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.startDate && query.endDate && startsAfterEnd(query.startDate, query.endDate)) {
        ctx.addIssue({ code: 'custom', message: 'must not be after endDate', path: ['startDate'] });
      }
    }),
  );

export const transaction = z.object({
  transaction_id: z.int(),
  transaction_type: transactionType,
  sub_type: z.nullable(z.string()),
  status_cd: z.string(),
  sku_detail: z.object({
    label: z.string(),
    type_cd: z.string(),
    product_id: z.string(),
    trial_days: z.int(),
    trial_amount: z.number(),
  }),
  price: z.number(),
  currency_cd: z.string(),
  formatted_price: z.string(),
  payment_items: z.array(z.object({ item_subtype_cd: z.string(), descriptor: z.string() })),
  service_start_date: z.nullable(z.string()),
  service_end_date: z.nullable(z.string()),
  card_type: z.nullable(z.string()),
  last_four_digits: z.nullable(z.string()),
  payment_method_cd: z.string(),
  subscription_id: z.nullable(z.int()),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionPage = z.object({
  total: z.int(),
  skip: z.int(),
  top: z.int(),
  items: z.array(transaction),
});
export type TransactionPage = z.infer<typeof transactionPage>;

/** The person's free review record: whether its intake is in, whether it is pending, how many are still free. */
const freeReviewRecord = z.object({
  is_intake_filled: z.boolean(),
  is_pending: z.boolean(),
  available_free: z.int(),
});
export const freeFeatureProvided = z.object({
  FreeFeatureProvided: z.boolean(),
  Features: z.array(z.object({ productCD: z.string(), orderID: z.int(), createdAt: z.string() })),
  /** Null when the person was never given a free review. */
  FreeReview: z.nullable(freeReviewRecord),
});
export type FreeFeatureProvided = z.infer<typeof freeFeatureProvided>;

/** The payment method on file: what the next renewal charges (change payment method). */
export const paymentMethodOnFile = z.object({
  PaymentMethodCD: z.string(),
  CardType: z.nullable(z.string()),
  LastFourDigits: z.nullable(z.string()),
});
export type PaymentMethodOnFile = z.infer<typeof paymentMethodOnFile>;

/** GET payments/{userId}/paymentmethod: the method on file and the billing name and address, each null when there is none. */
export const paymentMethodAnswer = z.object({
  PaymentMethod: z.nullable(paymentMethodOnFile),
  BillingUser: z.nullable(billingUser),
});
export type PaymentMethodAnswer = z.infer<typeof paymentMethodAnswer>;

/**
 * POST payments/paymentmethod: a new card to keep on file, from the card frame in its update mode.
 * Nothing is charged for it; the session guid makes a repeat answer the first result.
 */
export const updatePaymentMethodBody = z.object({
  user_uid: uuid,
  session_guid: uuid,
  payment_method: z.literal('CRCD'),
  card_type: cardType,
  last_four_digits: lastFourDigits,
  /** The sandbox's verdict on the card: a declined card is not stored. */
  fail_payment: z._default(z.boolean(), false),
});
export type UpdatePaymentMethodBody = z.input<typeof updatePaymentMethodBody>;

export const paymentMethodUpdate = z.object({
  Outcome: z.enum(['SAVED', 'DECLINED']),
  /** The method on file after the update: the new card when saved, the old one when declined. */
  PaymentMethod: z.nullable(paymentMethodOnFile),
  /** The failed renewal retried with the new card, when the plan was suspended or in retry. */
  Renewal: z.nullable(
    z.object({
      SubscriptionID: z.int(),
      TransactionID: z.int(),
      Status: z.enum(['SUCC', 'FAIL']),
      SubscriptionStatusCD: z.string(),
    }),
  ),
  Replayed: z.boolean(),
});
export type PaymentMethodUpdate = z.infer<typeof paymentMethodUpdate>;
