import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_CULTURE, RESOURCES, supportedCulture } from './cultures';
import { LAZY_NAMESPACES, lazyNamespaceBackend } from './namespaces';

/**
 * One i18next instance for the app, started in the account's culture. i18next keeps the
 * resources object it is given and adds every culture it loads to it, so each instance gets
 * its own: the bundled fallback must stay the only culture in `RESOURCES`.
 */
export async function createI18n(culture: string | null | undefined): Promise<i18n> {
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
      ns: ['common', ...LAZY_NAMESPACES],
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return instance;
}

export { supportedCulture } from './cultures';
