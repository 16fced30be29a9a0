import * as z from 'zod/mini';
import { countryCode, deviceType, queryBoolean, subscriptionStatusCode, userTypeCode, uuid } from './common';
import { idText, intText, text } from './blocks';

export const planTier = z.enum(['limitedAccess', 'fullAccess', 'annualAccess']);

export const sku = z.object({
  SkuID: z.int(),
  ProductID: z.string(),
  Label: z.string(),
  Title: z.string(),
  SkuTypeCD: z.string(),
  ScheduleTypeCD: z.string(),
  ScheduleLabel: z.string(),
  Duration: z.int(),
  ExpectedDays: z.int(),
  SubscriptionTypeCD: z.string(),
  PlanKind: z.string(),
  PlanTier: z.nullable(planTier),
  TrialDays: z.int(),
  TrialAmount: z.number(),
  UnitPrice: z.number(),
  FormattedTrialPrice: z.string(),
  FormattedUnitPrice: z.string(),
  CurrencyCD: z.string(),
  CurrencySymbol: z.string(),
  MonthlyPrice: z.nullable(z.number()),
  DiscountPercentage: z.int(),
  IsSelected: z.boolean(),
  IsMostPopular: z.boolean(),
  UpsellCD: z.nullable(z.string()),
  PromoUID: z.nullable(z.string()),
  AlternateSkuContents: z.nullable(z.unknown()),
  LowerPriceSkuID: z.nullable(z.int()),
  HigherPriceSkuID: z.nullable(z.int()),
});
export type Sku = z.infer<typeof sku>;

export const skuList = z.object({ Skus: z.array(sku) });
export type SkuList = z.infer<typeof skuList>;

export const skuQuery = z.object({
  userUID: z.optional(uuid),
  portalCD: z.optional(text({ max: 16 })),
  countryCD: z.optional(countryCode),
  subscriptionStatus: z.optional(subscriptionStatusCode),
  skuID: z.optional(idText()),
  userType: z.optional(userTypeCode),
  page: z.optional(text({ max: 64 })),
  device: z.optional(deviceType),
  tests: z.optional(text({ max: 2000 })),
  cancellationDays: z.optional(intText(0, 3650)),
  sellPageOnly: z.optional(queryBoolean),
});
export type SkuQuery = z.infer<typeof skuQuery>;

export const skuIdParam = z.object({ id: idText() });
