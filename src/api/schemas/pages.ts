import * as z from 'zod/mini';
import { countryCode, deviceType, docTypeCode, uuid } from './common';
import { idText, text } from './blocks';
import { SAVE_OFFER_IDS } from '../../domain/save-offers';

export const pageDataQuery = z.object({
  userUID: uuid,
  countryCD: z.optional(countryCode),
  userCreationDate: z.optional(text({ max: 40 })),
  docGuid: z.optional(uuid),
  docTypeCD: z.optional(docTypeCode),
});

export const pageData = z.object({
  UserType: z.string(),
  CurrentSubscriptionStatusCD: z.nullable(z.string()),
  ShowFOMO: z.boolean(),
  IsCoverLetter: z.boolean(),
  PaymentStatus: z.nullable(z.string()),
  SubscriptionStatus: z.nullable(z.string()),
  LatestJobTitle: z.nullable(z.string()),
  LatestJobLocation: z.nullable(z.string()),
  ResumeCreatedForDifferentReason: z.boolean(),
  ResumeCreatedReason: z.nullable(z.string()),
  HasAnyFreeResumeReviewOrder: z.boolean(),
  DocumentSkinCD: z.nullable(z.string()),
  DocumentCultureCD: z.nullable(z.string()),
  first_name_in_doc: z.nullable(z.string()),
});
export type PageData = z.infer<typeof pageData>;

export const pageDataV2 = z.object({ user_type: z.string(), current_subscription_statuscd: z.nullable(z.string()) });
export type PageDataV2 = z.infer<typeof pageDataV2>;

export const visitorQuery = z.object({
  userUID: uuid,
  visitorPortalID: idText(),
  preview: z.optional(text({ max: 8 })),
  device: z.optional(deviceType),
});

export const featureRule = z.object({
  SupportedForAll: z.optional(z.boolean()),
  IncludeCountries: z.optional(z.array(z.string())),
  ExcludeCountries: z.optional(z.array(z.string())),
  IncludeStates: z.optional(z.array(z.string())),
  ExcludeStates: z.optional(z.array(z.string())),
  UserTypes: z.optional(z.array(z.string())),
  Devices: z.optional(z.array(z.string())),
  Flows: z.optional(z.array(z.string())),
  Pages: z.optional(z.array(z.string())),
  UserPreference: z.optional(z.object({ Code: z.string(), Value: z.string() })),
  LowIntentCondition: z.optional(z.string()),
});
export type FeatureRule = z.infer<typeof featureRule>;

export const configBlock = z.object({
  Show: z.boolean(),
  Position: z.optional(z.string()),
  WrapperClass: z.optional(z.string()),
  Data: z.optional(z.unknown()),
});
export type ConfigBlock = z.infer<typeof configBlock>;

export const featureEntry = z.object({
  FeatureCD: z.string(),
  ModuleName: z.string(),
  Rule: featureRule,
  Config: configBlock,
});
export const pageFeatures = z.object({
  Preview: z.boolean(),
  Device: z.nullable(z.string()),
  Features: z.array(featureEntry),
});
export type PageFeatures = z.infer<typeof pageFeatures>;

export const experimentConfigEntry = z.object({
  configKey: z.string(),
  experimentConfiguration: z.array(z.object({ ExperimentGUID: z.string(), VariationIndex: z.int() })),
  disallowedExperimentConfiguration: z.optional(
    z.array(z.object({ ExperimentGUID: z.string(), VariationIndex: z.int() })),
  ),
  featureBasedExperimentConfiguration: z.optional(
    z.array(
      z.object({
        ExperimentGUID: z.string(),
        Variants: z.array(z.int()),
        Devices: z.array(z.string()),
        UserTypes: z.array(z.string()),
      }),
    ),
  ),
});
export type ExperimentConfigEntry = z.infer<typeof experimentConfigEntry>;

export const configFeaturesQuery = z.object({
  moduleName: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a module name'))),
});
export const configFeatures = z.object({
  Flags: z.array(z.object({ FeatureCD: z.string(), IsActive: z.boolean() })),
  Features: z.array(featureEntry),
  Experiments: z.array(experimentConfigEntry),
});
export type ConfigFeatures = z.infer<typeof configFeatures>;

/**
 * The experiments remote configuration defines: each by its GUID (lower case), its name and the
 * variations it really has, so the tester panel and the flow explorer offer and name only those.
 */
export const experimentDefinition = z.object({
  ExperimentGUID: z.string(),
  Name: z.string(),
  Variations: z.array(z.int()),
});
export type ExperimentDefinition = z.infer<typeof experimentDefinition>;
export const configExperiments = z.object({ Experiments: z.array(experimentDefinition) });
export type ConfigExperiments = z.infer<typeof configExperiments>;

export const csDetailsQuery = z.object({ countryCD: countryCode });
export const csDetails = z.object({
  country_cd: z.string(),
  address: z.object({ formatted_contact_number: z.string() }),
  email: z.string(),
  cs_hours: z.array(
    z.object({
      weekday_start: z.string(),
      weekday_end: z.string(),
      hours_start: z.string(),
      hours_end: z.string(),
      timezone_cd: z.string(),
    }),
  ),
});
export type CsDetails = z.infer<typeof csDetails>;

export const cancelPageQuery = z.object({
  userUID: uuid,
  visitorPortalID: idText(),
  countryCD: z.optional(countryCode),
});
export const cancelPage = z.object({
  Content: z.object({
    reasons: z.array(z.object({ value: z.int(), label: z.string() })),
    offers: z.array(z.object({ reason: z.int(), offer: z.string() })),
    notes: z.array(z.string()),
  }),
  CancellationData: z.nullable(
    z.object({
      SubscriptionID: z.int(),
      SkuID: z.int(),
      SkuLabel: z.string(),
      PaymentStatus: z.string(),
      SubscriptionStatus: z.string(),
    }),
  ),
  /** The save offers for the current subscription, and whether it may take one now; empty without a current subscription. */
  SaveOffers: z.array(
    z.object({
      OfferID: z.enum(SAVE_OFFER_IDS),
      Kind: z.enum(['discount', 'freeMonth']),
      DiscountPercent: z.nullable(z.int()),
      FreeMonths: z.nullable(z.int()),
      Redeemable: z.boolean(),
    }),
  ),
  /** The pause lengths offered, whether the current subscription may be paused, and whether access is kept during a pause. */
  Pause: z.object({ Months: z.array(z.int()), Available: z.boolean(), KeepsAccess: z.boolean() }),
});
export type CancelPage = z.infer<typeof cancelPage>;

export const userStageSessionQuery = z.object({ pageId: text({ min: 1, max: 64 }), userUid: uuid });
export const userStageSession = z.object({
  UserUID: z.string(),
  PageID: z.string(),
  UserStageID: z.nullable(z.int()),
  SessionID: z.nullable(z.string()),
});

export const paymentPageQuery = z.object({
  userUID: uuid,
  visitorPortalID: idText(),
  email: z.optional(text({ max: 254 })),
});
export const paymentMethodEntry = z.object({
  Code: z.string(),
  IsAPM: z.boolean(),
  Name: z.string(),
  UIName: z.string(),
});
export type PaymentMethodEntry = z.infer<typeof paymentMethodEntry>;
export const paymentPage = z.object({
  PaymentMethods: z.array(paymentMethodEntry),
  BillingUser: z.nullable(
    z.object({ FirstName: z.string(), LastName: z.string(), ZipCode: z.nullable(z.string()), CountryCD: z.string() }),
  ),
  EmailMatches: z.nullable(z.boolean()),
});
export type PaymentPage = z.infer<typeof paymentPage>;
