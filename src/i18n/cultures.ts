import enUS from './locales/en-US/common.json';

export const CULTURES = ['en-US', 'en-GB', 'en-CA', 'en-IN', 'de-DE', 'fr-FR', 'es-ES'] as const;
export type Culture = (typeof CULTURES)[number];
export const DEFAULT_CULTURE: Culture = 'en-US';

/**
 * The texts that ship with the first download: the fallback culture's common namespace.
 * Every other culture and namespace is loaded when it is used (see namespaces.ts).
 */
export const RESOURCES: { [DEFAULT_CULTURE]: { common: typeof enUS } } = {
  'en-US': { common: enUS },
};

/** Maps whatever culture code the account carries to one we have texts for. */
export function supportedCulture(code: string | null | undefined): Culture {
  if (!code) return DEFAULT_CULTURE;
  const exact = CULTURES.find((c) => c.toLowerCase() === code.toLowerCase());
  if (exact) return exact;
  const language = code.slice(0, 2).toLowerCase();
  return CULTURES.find((c) => c.startsWith(language)) ?? DEFAULT_CULTURE;
}
