import { readFileSync } from 'node:fs';
import i18next, { type i18n, type TFunction } from 'i18next';
import { DEFAULT_CULTURE, type Culture } from '../../src/server-drawn';

const files = new Map<string, Record<string, unknown>>();
const instances = new Map<string, i18n>();
const translators = new Map<string, TFunction>();

/** One locale file, parsed once. */
function readTexts(culture: Culture, namespace: string): Record<string, unknown> {
  const key = `${culture}/${namespace}`;
  let texts = files.get(key);
  if (!texts) {
    texts = JSON.parse(
      readFileSync(new URL(`../../src/i18n/locales/${culture}/${namespace}.json`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    files.set(key, texts);
  }
  return texts;
}

/**
 * The app's texts of some namespaces in a culture (falling back to the default culture's), in one
 * i18next instance made once per set: what the server renders React frames with (I18nextProvider).
 * The first namespace is the default one.
 */
export function cultureTextsInstance(namespaces: readonly string[], culture: Culture): i18n {
  const key = `${namespaces.join(',')}/${culture}`;
  let instance = instances.get(key);
  if (!instance) {
    const resources = Object.fromEntries(
      [...new Set([culture, DEFAULT_CULTURE])].map((c) => [
        c,
        Object.fromEntries(namespaces.map((ns) => [ns, readTexts(c, ns)])),
      ]),
    );
    instance = i18next.createInstance();
    // Resources are in memory, so initialisation is synchronous.
    void instance.init({
      resources,
      lng: culture,
      fallbackLng: DEFAULT_CULTURE,
      defaultNS: namespaces[0],
      ns: [...namespaces],
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(key, instance);
  }
  return instance;
}

/**
 * One text namespace of the app's locale files in a culture (falling back to the default
 * culture's), read once per namespace and culture: what the server's receipts and e-mails say.
 */
export function cultureTexts(namespace: string, culture: Culture): TFunction {
  const key = `${namespace}/${culture}`;
  let t = translators.get(key);
  if (!t) {
    t = cultureTextsInstance([namespace], culture).getFixedT(culture, namespace);
    translators.set(key, t);
  }
  return t;
}
