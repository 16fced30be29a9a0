import { z } from 'zod';
import { countryCode, deviceType, docTypeCode, queryBoolean, uuid } from './common';

export const pageDataQuery = z.object({
  userUID: uuid,
  countryCD: countryCode.optional(),
  userCreationDate: z.string().max(40).optional(),
  docGuid: uuid.optional(),
  docTypeCD: docTypeCode.optional(),
});

export const pageData = z.object({
  UserType: z.string(),
  CurrentSubscriptionStatusCD: z.string().nullable(),
  ShowFOMO: z.boolean(),
  IsCoverLetter: z.boolean(),
  PaymentStatus: z.string().nullable(),
  SubscriptionStatus: z.string().nullable(),
  LatestJobTitle: z.string().nullable(),
  LatestJobLocation: z.string().nullable(),
  ResumeCreatedForDifferentReason: z.boolean(),
  ResumeCreatedReason: z.string().nullable(),
  HasAnyFreeResumeReviewOrder: z.boolean(),
  DocumentSkinCD: z.string().nullable(),
  DocumentCultureCD: z.string().nullable(),
  first_name_in_doc: z.string().nullable(),
});
export type PageData = z.infer<typeof pageData>;

export const pageDataV2 = z.object({ user_type: z.string(), current_subscription_statuscd: z.string().nullable() });
export type PageDataV2 = z.infer<typeof pageDataV2>;

export const visitorQuery = z.object({
  userUID: uuid,
  visitorPortalID: z.coerce.number().int().positive(),
  preview: z.string().max(8).optional(),
  device: deviceType.optional(),
});

export const featureRule = z.object({
  SupportedForAll: z.boolean().optional(),
  IncludeCountries: z.array(z.string()).optional(),
  ExcludeCountries: z.array(z.string()).optional(),
  IncludeStates: z.array(z.string()).optional(),
  ExcludeStates: z.array(z.string()).optional(),
  UserTypes: z.array(z.string()).optional(),
  Devices: z.array(z.string()).optional(),
  Flows: z.array(z.string()).optional(),
  Pages: z.array(z.string()).optional(),
  UserPreference: z.object({ Code: z.string(), Value: z.string() }).optional(),
  LowIntentCondition: z.string().optional(),
});
export type FeatureRule = z.infer<typeof featureRule>;

export const configBlock = z.object({
  Show: z.boolean(),
  Position: z.string().optional(),
  WrapperClass: z.string().optional(),
  Data: z.unknown().optional(),
});
export type ConfigBlock = z.infer<typeof configBlock>;

export const featureEntry = z.object({ FeatureCD: z.string(), ModuleName: z.string(), Rule: featureRule, Config: configBlock });
export const pageFeatures = z.object({ Preview: z.boolean(), Device: z.string().nullable(), Features: z.array(featureEntry) });
export type PageFeatures = z.infer<typeof pageFeatures>;

export const experimentConfigEntry = z.object({
  configKey: z.string(),
  experimentConfiguration: z.array(z.object({ ExperimentGUID: z.string(), VariationIndex: z.number().int() })),
  disallowedExperimentConfiguration: z.array(z.object({ ExperimentGUID: z.string(), VariationIndex: z.number().int() })).optional(),
  featureBasedExperimentConfiguration: z
    .array(z.object({ ExperimentGUID: z.string(), Variants: z.array(z.number().int()), Devices: z.array(z.string()), UserTypes: z.array(z.string()) }))
    .optional(),
});
export type ExperimentConfigEntry = z.infer<typeof experimentConfigEntry>;

export const configFeaturesQuery = z.object({ moduleName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a module name').optional() });
export const configFeatures = z.object({
  Flags: z.array(z.object({ FeatureCD: z.string(), IsActive: z.boolean() })),
  Features: z.array(featureEntry),
  Experiments: z.array(experimentConfigEntry),
});
export type ConfigFeatures = z.infer<typeof configFeatures>;

export const csDetailsQuery = z.object({ countryCD: countryCode });
export const csDetails = z.object({
  country_cd: z.string(),
  address: z.object({ formatted_contact_number: z.string() }),
  email: z.string(),
  cs_hours: z.array(
    z.object({ weekday_start: z.string(), weekday_end: z.string(), hours_start: z.string(), hours_end: z.string(), timezone_cd: z.string() }),
  ),
});
export type CsDetails = z.infer<typeof csDetails>;

export const cancelPageQuery = z.object({ userUID: uuid, visitorPortalID: z.coerce.number().int().positive(), countryCD: countryCode.optional() });
export const cancelPage = z.object({
  Content: z.object({
    reasons: z.array(z.object({ value: z.number().int(), label: z.string() })),
    offers: z.array(z.object({ reason: z.number().int(), offer: z.string() })),
    notes: z.array(z.string()),
  }),
  CancellationData: z
    .object({ SubscriptionID: z.number().int(), SkuID: z.number().int(), SkuLabel: z.string(), PaymentStatus: z.string(), SubscriptionStatus: z.string() })
    .nullable(),
});
export type CancelPage = z.infer<typeof cancelPage>;

export const userStageSessionQuery = z.object({ pageId: z.string().min(1).max(64), userUid: uuid });
export const userStageSession = z.object({ UserUID: z.string(), PageID: z.string(), UserStageID: z.number().int().nullable(), SessionID: z.string().nullable() });

export const paymentPageQuery = z.object({ userUID: uuid, visitorPortalID: z.coerce.number().int().positive(), email: z.string().max(254).optional() });
export const paymentMethodEntry = z.object({ Code: z.string(), IsAPM: z.boolean(), Name: z.string(), UIName: z.string() });
export type PaymentMethodEntry = z.infer<typeof paymentMethodEntry>;
export const paymentPage = z.object({
  PaymentMethods: z.array(paymentMethodEntry),
  BillingUser: z.object({ FirstName: z.string(), LastName: z.string(), ZipCode: z.string().nullable(), CountryCD: z.string() }).nullable(),
  EmailMatches: z.boolean().nullable(),
});
export type PaymentPage = z.infer<typeof paymentPage>;

export const previewFlag = queryBoolean;
