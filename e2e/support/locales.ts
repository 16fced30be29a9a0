/** The app's own locale files, read from disk (Playwright's loader does not import JSON modules). */
import { readFileSync } from 'node:fs';
import type enUS from '../../src/i18n/locales/en-US/common.json';

export const CULTURES = ['en-US', 'en-GB', 'en-CA', 'en-IN', 'de-DE', 'fr-FR', 'es-ES'] as const;
export type Culture = (typeof CULTURES)[number];
export type LocaleTexts = typeof enUS;

export function textsOf(culture: Culture): LocaleTexts {
  return namespaceTextsOf(culture, 'common') as LocaleTexts;
}

/** The texts of any namespace file (`locales/<culture>/<namespace>.json`), untyped. */
export function namespaceTextsOf(culture: Culture, namespace: string): Record<string, any> {
  return JSON.parse(
    readFileSync(new URL(`../../src/i18n/locales/${culture}/${namespace}.json`, import.meta.url), 'utf8'),
  ) as Record<string, any>;
}
