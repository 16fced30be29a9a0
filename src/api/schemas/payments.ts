import { z } from 'zod';
import { countryCode, isoDateTime, paymentStatus, queryBoolean, uuid } from './common';

export const paymentMethodCode = z.enum(['CRCD', 'PYPL', 'DUPI']);
export const cardType = z.enum(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER']);

export const createPaymentBody = z
  .object({
    user_uid: uuid,
    sku_id: z.number().int().positive(),
    session_guid: uuid,
    fail_payment: z.boolean().default(false),
    payment_method: paymentMethodCode,
    card_type: cardType.optional(),
    last_four_digits: z.string().regex(/^\d{4}$/, 'must be four digits').optional(),
    /** A pending payment is confirmed later through the complete call (delayed methods). */
    defer_completion: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    // Each missing card detail is named, so the error points at every field to fill in.
    if (body.payment_method !== 'CRCD') return;
    for (const field of ['card_type', 'last_four_digits'] as const) {
      if (!body[field]) ctx.addIssue({ code: 'custom', message: 'card payments need card_type and last_four_digits', path: [field] });
    }
  });
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

export const paymentResult = z.object({
  PaymentStatus: paymentStatus,
  TransactionStatus: z.enum(['SUCC', 'FAIL', 'PEND']),
  TransactionID: z.number().int().nullable(),
  SubscriptionID: z.number().int().nullable(),
  SkuID: z.number().int(),
  Amount: z.number(),
  CurrencyCD: z.string(),
  FailureCode: z.string().nullable(),
  Replayed: z.boolean(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/** What settling a pending payment answers: v2 payments/{userId}/transactions/{id}/complete or /cancel. */
export const completedPayment = z.object({ TransactionID: z.number().int(), TransactionStatus: z.literal('SUCC'), SubscriptionID: z.number().int().nullable() });
export type CompletedPayment = z.infer<typeof completedPayment>;
export const cancelledPayment = z.object({ TransactionID: z.number().int(), TransactionStatus: z.literal('FAIL'), SubscriptionID: z.number().int().nullable() });
export type CancelledPayment = z.infer<typeof cancelledPayment>;

export const billingUserBody = z.object({
  user_uid: uuid,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  zip_code: z.string().trim().max(12).optional(),
  country_cd: countryCode,
});
export const billingUser = z.object({
  UserUID: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  ZipCode: z.string().nullable(),
  CountryCD: z.string(),
});
export type BillingUser = z.infer<typeof billingUser>;

export const freeReviewQuery = z.object({
  userUID: uuid,
  isNonCancellationFlow: queryBoolean,
  deviceType: z.enum(['Desktop', 'Tablet', 'Mobile']),
  productCD: z.string().min(1).max(16),
  skuPortalID: z.coerce.number().int().positive(),
});
export const freeReviewResult = z.object({
  OrderID: z.number().int(),
  is_intake_filled: z.boolean(),
  is_pending: z.boolean(),
  available_free: z.number().int(),
});
export type FreeReviewResult = z.infer<typeof freeReviewResult>;

export const alreadySubscribed = z.object({
  IsAlreadySubscribed: z.boolean(),
  SubscriptionID: z.number().int().nullable(),
  SubscriptionStatusCD: z.string().nullable(),
});
export type AlreadySubscribed = z.infer<typeof alreadySubscribed>;

export const transactionTypeList = z
  .string()
  .max(64)
  .transform((v) => v.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))
  .pipe(z.array(z.enum(['SALE', 'RFND'])));

export const transactionsQuery = z.object({
  skip: z.coerce.number().int().min(0).max(100000).default(0),
  top: z.coerce.number().int().min(1).max(100).default(20),
  startDate: isoDateTime.or(z.iso.date()).optional(),
  endDate: isoDateTime.or(z.iso.date()).optional(),
  transactionTypes: transactionTypeList.optional(),
});

export const transaction = z.object({
  transaction_id: z.number().int(),
  transaction_type: z.enum(['SALE', 'RFND']),
  sub_type: z.string().nullable(),
  status_cd: z.string(),
  sku_detail: z.object({
    label: z.string(),
    type_cd: z.string(),
    product_id: z.string(),
    trial_days: z.number().int(),
    trial_amount: z.number(),
  }),
  price: z.number(),
  currency_cd: z.string(),
  formatted_price: z.string(),
  payment_items: z.array(z.object({ item_subtype_cd: z.string(), descriptor: z.string() })),
  service_start_date: z.string().nullable(),
  service_end_date: z.string().nullable(),
  card_type: z.string().nullable(),
  last_four_digits: z.string().nullable(),
  payment_method_cd: z.string(),
  subscription_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionPage = z.object({
  total: z.number().int(),
  skip: z.number().int(),
  top: z.number().int(),
  items: z.array(transaction),
});
export type TransactionPage = z.infer<typeof transactionPage>;

export const freeFeatureProvided = z.object({
  FreeFeatureProvided: z.boolean(),
  Features: z.array(z.object({ productCD: z.string(), orderID: z.number().int(), createdAt: z.string() })),
});
export type FreeFeatureProvided = z.infer<typeof freeFeatureProvided>;
