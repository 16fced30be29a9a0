import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { CULTURES, DEFAULT_CULTURE, visitorCulture, type Culture } from '../../src/server-drawn';

const readTexts = (culture: Culture): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${culture}/dashboard.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const translators = new Map<Culture, TFunction>();

/** The dashboard side's texts in one culture (the `dashboard` namespace), read once per culture. */
function translatorOf(culture: Culture): TFunction {
  let t = translators.get(culture);
  if (!t) {
    const instance = i18next.createInstance();
    const resources = Object.fromEntries([...new Set([culture, DEFAULT_CULTURE])].map((c) => [c, { dashboard: readTexts(c) }]));
    // Resources are in memory, so initialisation is synchronous; values are escaped with the whole text.
    void instance.init({ resources, lng: culture, fallbackLng: DEFAULT_CULTURE, defaultNS: 'dashboard', ns: ['dashboard'], initAsync: false, interpolation: { escapeValue: false } });
    t = instance.t;
    translators.set(culture, t);
  }
  return t;
}

export interface DashboardTexts {
  culture: Culture;
  /** The text of a key, HTML-escaped with its values. */
  t(key: string, values?: Record<string, string | number>): string;
  /** The plain text of a key, for a value escaped as a whole later (a JSON attribute). */
  text(key: string, values?: Record<string, string | number>): string;
}

/** The culture of a signed-in user's claims, else the browser's languages, as the app picks it. */
export function dashboardTexts(userCulture: string | undefined, path: string, search: string, acceptLanguage: string | undefined): DashboardTexts {
  const languages = userCulture ? [userCulture] : (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()).filter(Boolean);
  const culture = visitorCulture(path, userCulture ? '' : search, languages);
  const t = translatorOf(CULTURES.includes(culture) ? culture : DEFAULT_CULTURE);
  return { culture, t: (key, values) => escapeHtml(String(t(key, values))), text: (key, values) => String(t(key, values)) };
}
