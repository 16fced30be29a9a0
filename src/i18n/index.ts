import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_CULTURE, RESOURCES, supportedCulture } from './cultures';
import { LAZY_NAMESPACES, lazyNamespaceBackend } from './namespaces';
import { packOfNamespace, TEXT_PACKS, type TextPack } from './text-packs';

/** The namespaces of the given packs, beyond the always-loaded `common`. */
export const namespacesOfPacks = (packs: readonly TextPack[]) =>
  LAZY_NAMESPACES.filter((namespace) => packs.includes(packOfNamespace(namespace)));

/**
 * One i18next instance for the app, started in the account's culture with the text packs the
 * first page draws from (every pack unless told otherwise); a later page loads what it lacks.
 * i18next keeps the resources object it is given and adds every culture it loads to it, so each
 * instance gets its own: the bundled fallback must stay the only culture in `RESOURCES`.
 */
export async function createI18n(
  culture: string | null | undefined,
  packs: readonly TextPack[] = TEXT_PACKS,
): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyNamespaceBackend)
    .use(initReactI18next)
    .init({
      resources: { 'en-US': { ...RESOURCES['en-US'] } },
      partialBundledLanguages: true,
      lng: supportedCulture(culture),
      fallbackLng: DEFAULT_CULTURE,
      defaultNS: 'common',
      ns: ['common', ...namespacesOfPacks(packs)],
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return instance;
}

export { supportedCulture } from './cultures';
export type { TextPack } from './text-packs';
