import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_CULTURE, RESOURCES, supportedCulture } from './cultures';

/** One i18next instance for the app, started in the account's culture. */
export async function createI18n(culture: string | null | undefined): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: RESOURCES,
    lng: supportedCulture(culture),
    fallbackLng: DEFAULT_CULTURE,
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export { CULTURES, supportedCulture, type Culture } from './cultures';
