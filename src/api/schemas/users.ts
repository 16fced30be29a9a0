import * as z from 'zod/mini';
import { countryCode, uuid } from './common';
import { positiveInt4, text } from './blocks';

export const claims = z.object({
  Token: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string(),
  UserUID: z.string(),
  SessionID: z.string(),
  Role: z.string(),
  SubRole: z.nullable(z.string()),
  AccDisplayName: z.nullable(z.string()),
  City: z.nullable(z.string()),
  State: z.nullable(z.string()),
  CountryCD: z.string(),
  CultureCD: z.string(),
  CurrencyCD: z.string(),
  CurrencySymbol: z.string(),
  Reset_Password: z.boolean(),
  PortalCD: z.string(),
  PortalID: z.int(),
  CreatedOn: z.string(),
  SocialToken: z.nullable(z.string()),
  PUID: z.string(),
  IsProxyUser: z.boolean(),
  PartyID: z.int(),
  IsLocalUser: z.boolean(),
  AccountID: z.nullable(z.string()),
  UserType: z.string(),
});
export type Claims = z.infer<typeof claims>;

export const userStageBody = z.object({
  UserUID: uuid,
  ProductCD: text({ min: 1, max: 16 }),
  PortalID: positiveInt4,
  UserStageID: z.int().check(z.minimum(0), z.maximum(1000)),
  SessionID: text({ min: 1, max: 128 }),
});
export type UserStageBody = z.infer<typeof userStageBody>;

export const preferenceCode = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores'));
export const savePreferenceBody = z.object({ code: preferenceCode, value: text({ max: 2000, multiline: true }) });
export type SavePreferenceBody = z.infer<typeof savePreferenceBody>;

export const preferences = z.object({
  UserUID: z.string(),
  Preferences: z.array(z.object({ code: z.string(), value: z.string(), updatedAt: z.string() })),
});

export const geolocationQuery = z.object({
  zipCode: text({ trim: true, min: 2, max: 12 }),
  countryCD: countryCode,
});
export const geolocation = z.object({
  ZipCode: z.string(),
  CountryCD: z.string(),
  StateCD: z.nullable(z.string()),
  City: z.nullable(z.string()),
  Found: z.boolean(),
});
export type Geolocation = z.infer<typeof geolocation>;
