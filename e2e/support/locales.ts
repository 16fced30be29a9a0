/** The app's own locale files, read from disk (Playwright's loader does not import JSON modules). */
import { readFileSync } from 'node:fs';
import type enUS from '../../src/i18n/locales/en-US/common.json';

export const CULTURES = ['en-US', 'en-GB', 'en-CA', 'en-IN', 'de-DE', 'fr-FR', 'es-ES'] as const;
export type Culture = (typeof CULTURES)[number];
export type LocaleTexts = typeof enUS;

export function textsOf(culture: Culture): LocaleTexts {
  return JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${culture}/common.json`, import.meta.url), 'utf8')) as LocaleTexts;
}
