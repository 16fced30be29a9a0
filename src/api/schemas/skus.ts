import { z } from 'zod';
import { countryCode, deviceType, queryBoolean, subscriptionStatusCode, userTypeCode, uuid } from './common';

export const planTier = z.enum(['limitedAccess', 'fullAccess', 'annualAccess']);

export const sku = z.object({
  SkuID: z.number().int(),
  ProductID: z.string(),
  Label: z.string(),
  Title: z.string(),
  SkuTypeCD: z.string(),
  ScheduleTypeCD: z.string(),
  ScheduleLabel: z.string(),
  Duration: z.number().int(),
  ExpectedDays: z.number().int(),
  SubscriptionTypeCD: z.string(),
  PlanKind: z.string(),
  PlanTier: planTier.nullable(),
  TrialDays: z.number().int(),
  TrialAmount: z.number(),
  UnitPrice: z.number(),
  FormattedTrialPrice: z.string(),
  FormattedUnitPrice: z.string(),
  CurrencyCD: z.string(),
  CurrencySymbol: z.string(),
  MonthlyPrice: z.number().nullable(),
  DiscountPercentage: z.number().int(),
  IsSelected: z.boolean(),
  IsMostPopular: z.boolean(),
  UpsellCD: z.string().nullable(),
  PromoUID: z.string().nullable(),
  AlternateSkuContents: z.unknown().nullable(),
  LowerPriceSkuID: z.number().int().nullable(),
  HigherPriceSkuID: z.number().int().nullable(),
});
export type Sku = z.infer<typeof sku>;

export const skuList = z.object({ Skus: z.array(sku) });
export type SkuList = z.infer<typeof skuList>;

export const skuQuery = z.object({
  userUID: uuid.optional(),
  portalCD: z.string().max(16).optional(),
  countryCD: countryCode.optional(),
  subscriptionStatus: subscriptionStatusCode.optional(),
  skuID: z.coerce.number().int().positive().optional(),
  userType: userTypeCode.optional(),
  page: z.string().max(64).optional(),
  device: deviceType.optional(),
  tests: z.string().max(2000).optional(),
  cancellationDays: z.coerce.number().int().min(0).max(3650).optional(),
  sellPageOnly: queryBoolean.optional(),
});
export type SkuQuery = z.infer<typeof skuQuery>;

export const skuIdParam = z.object({ id: z.coerce.number().int().positive() });
