import { z } from 'zod';
import { countryCode, uuid } from './common';

export const claims = z.object({
  Token: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string(),
  UserUID: z.string(),
  SessionID: z.string(),
  Role: z.string(),
  SubRole: z.string().nullable(),
  AccDisplayName: z.string().nullable(),
  City: z.string().nullable(),
  State: z.string().nullable(),
  CountryCD: z.string(),
  CultureCD: z.string(),
  CurrencyCD: z.string(),
  CurrencySymbol: z.string(),
  Reset_Password: z.boolean(),
  PortalCD: z.string(),
  PortalID: z.number().int(),
  CreatedOn: z.string(),
  SocialToken: z.string().nullable(),
  PUID: z.string(),
  IsProxyUser: z.boolean(),
  PartyID: z.number().int(),
  IsLocalUser: z.boolean(),
  AccountID: z.string().nullable(),
  UserType: z.string(),
});
export type Claims = z.infer<typeof claims>;

export const userStageBody = z.object({
  UserUID: uuid,
  ProductCD: z.string().min(1).max(16),
  PortalID: z.number().int().positive(),
  UserStageID: z.number().int().min(0).max(1000),
  SessionID: z.string().min(1).max(128),
});
export type UserStageBody = z.infer<typeof userStageBody>;

export const preferenceCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores');
export const savePreferenceBody = z.object({ code: preferenceCode, value: z.string().max(2000) });
export type SavePreferenceBody = z.infer<typeof savePreferenceBody>;

export const preferences = z.object({
  UserUID: z.string(),
  Preferences: z.array(z.object({ code: z.string(), value: z.string(), updatedAt: z.string() })),
});
export type Preferences = z.infer<typeof preferences>;

export const geolocationQuery = z.object({
  zipCode: z.string().trim().min(2).max(12),
  countryCD: countryCode,
});
export const geolocation = z.object({
  ZipCode: z.string(),
  CountryCD: z.string(),
  StateCD: z.string().nullable(),
  City: z.string().nullable(),
  Found: z.boolean(),
});
export type Geolocation = z.infer<typeof geolocation>;
