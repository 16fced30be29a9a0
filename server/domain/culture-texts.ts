import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_CULTURE, type Culture } from '../../src/server-drawn';

const translators = new Map<string, TFunction>();

/**
 * One text namespace of the app's locale files in a culture (falling back to the default
 * culture's), read once per namespace and culture: what the server's receipts and e-mails say.
 */
export function cultureTexts(namespace: string, culture: Culture): TFunction {
  const key = `${namespace}/${culture}`;
  let t = translators.get(key);
  if (!t) {
    const read = (c: Culture) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${c}/${namespace}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
    const instance = i18next.createInstance();
    const resources = Object.fromEntries([...new Set([culture, DEFAULT_CULTURE])].map((c) => [c, { [namespace]: read(c) }]));
    // Resources are in memory, so initialisation is synchronous.
    void instance.init({ resources, lng: culture, fallbackLng: DEFAULT_CULTURE, defaultNS: namespace, ns: [namespace], initAsync: false, interpolation: { escapeValue: false } });
    t = instance.getFixedT(culture, namespace);
    translators.set(key, t);
  }
  return t;
}
