import type { Culture } from '../i18n/cultures';

/** The regional portal a visitor who is not signed in belongs to, by the culture they use. */
export const PORTAL_ID_BY_CULTURE: Record<Culture, number> = {
  'en-US': 1,
  'en-GB': 2,
  'de-DE': 3,
  'en-IN': 4,
  'en-CA': 5,
  'fr-FR': 6,
  'es-ES': 7,
};

export const COUNTRY_BY_CULTURE: Record<Culture, string> = {
  'en-US': 'US',
  'en-GB': 'GB',
  'de-DE': 'DE',
  'en-IN': 'IN',
  'en-CA': 'CA',
  'fr-FR': 'FR',
  'es-ES': 'ES',
};

/** The portal code experiment assignments are written for, by culture, before the account is known. */
export const PORTAL_CODE_BY_CULTURE: Record<Culture, string> = {
  'en-US': 'RNUS',
  'en-GB': 'RNUK',
  'de-DE': 'RNDE',
  'en-IN': 'RNIN',
  'en-CA': 'RNCA',
  'fr-FR': 'RNFR',
  'es-ES': 'RNES',
};
