import enUS from './locales/en-US/common.json';
import enGB from './locales/en-GB/common.json';
import enCA from './locales/en-CA/common.json';
import enIN from './locales/en-IN/common.json';
import deDE from './locales/de-DE/common.json';
import frFR from './locales/fr-FR/common.json';
import esES from './locales/es-ES/common.json';

export const CULTURES = ['en-US', 'en-GB', 'en-CA', 'en-IN', 'de-DE', 'fr-FR', 'es-ES'] as const;
export type Culture = (typeof CULTURES)[number];
export const DEFAULT_CULTURE: Culture = 'en-US';
export const NAMESPACES = ['common'] as const;

/** Every culture's texts, per namespace. */
export const RESOURCES: Record<Culture, { common: typeof enUS }> = {
  'en-US': { common: enUS },
  'en-GB': { common: enGB },
  'en-CA': { common: enCA },
  'en-IN': { common: enIN },
  'de-DE': { common: deDE },
  'fr-FR': { common: frFR },
  'es-ES': { common: esES },
};

/** Maps whatever culture code the account carries to one we have texts for. */
export function supportedCulture(code: string | null | undefined): Culture {
  if (!code) return DEFAULT_CULTURE;
  const exact = CULTURES.find((c) => c.toLowerCase() === code.toLowerCase());
  if (exact) return exact;
  const language = code.slice(0, 2).toLowerCase();
  return CULTURES.find((c) => c.startsWith(language)) ?? DEFAULT_CULTURE;
}
