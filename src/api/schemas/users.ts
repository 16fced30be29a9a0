import * as z from 'zod/mini';
import { countryCode, uuid } from './common';

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
  ProductCD: z.string().check(z.minLength(1), z.maxLength(16)),
  PortalID: z.int().check(z.positive()),
  UserStageID: z.int().check(z.minimum(0), z.maximum(1000)),
  SessionID: z.string().check(z.minLength(1), z.maxLength(128)),
});
export type UserStageBody = z.infer<typeof userStageBody>;

export const preferenceCode = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores'));
export const savePreferenceBody = z.object({ code: preferenceCode, value: z.string().check(z.maxLength(2000)) });
export type SavePreferenceBody = z.infer<typeof savePreferenceBody>;

export const preferences = z.object({
  UserUID: z.string(),
  Preferences: z.array(z.object({ code: z.string(), value: z.string(), updatedAt: z.string() })),
});
export type Preferences = z.infer<typeof preferences>;

export const geolocationQuery = z.object({
  zipCode: z.string().check(z.trim(), z.minLength(2), z.maxLength(12)),
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
