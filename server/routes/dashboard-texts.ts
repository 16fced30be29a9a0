import type { TFunction } from 'i18next';
import { cultureTexts } from '../domain/culture-texts';
import { CULTURES, DEFAULT_CULTURE, visitorCulture, type Culture } from '../../src/server-drawn';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The dashboard side's texts in one culture (the `dashboard` namespace). */
const translatorOf = (culture: Culture): TFunction => cultureTexts('dashboard', culture);

export interface DashboardTexts {
  culture: Culture;
  /** The text of a key, HTML-escaped with its values. */
  t(key: string, values?: Record<string, string | number>): string;
  /** The plain text of a key, for a value escaped as a whole later (a JSON attribute). */
  text(key: string, values?: Record<string, string | number>): string;
}

/** The culture of a signed-in user's claims, else the browser's languages, as the app picks it. */
export function dashboardTexts(
  userCulture: string | undefined,
  path: string,
  search: string,
  acceptLanguage: string | undefined,
): DashboardTexts {
  const languages = userCulture
    ? [userCulture]
    : (acceptLanguage ?? '')
        .split(',')
        .map((part) => part.split(';')[0]!.trim())
        .filter(Boolean);
  const culture = visitorCulture(path, userCulture ? '' : search, languages);
  const t = translatorOf(CULTURES.includes(culture) ? culture : DEFAULT_CULTURE);
  return {
    culture,
    t: (key, values) => escapeHtml(String(t(key, values))),
    text: (key, values) => String(t(key, values)),
  };
}
