import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { CATALOGUE_NAMESPACE, DEFAULT_CULTURE, productName, supportedCulture, type Culture, type ProductIdentity } from '../../src/server-drawn';

export { transactionIdentity, subscriptionIdentity, type ProductIdentity } from '../../src/server-drawn';

const readCatalogue = (culture: Culture): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${culture}/${CATALOGUE_NAMESPACE}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

const textsByCulture = new Map<Culture, TFunction>();

/** The catalogue's texts in a culture (an unknown culture falls back as the app does): what the server's e-mails and receipts name products with. */
export function catalogueTextsFor(culture: string | null | undefined): TFunction {
  const supported = supportedCulture(culture);
  let t = textsByCulture.get(supported);
  if (!t) {
    const instance = i18next.createInstance();
    const resources = Object.fromEntries([...new Set([supported, DEFAULT_CULTURE])].map((c) => [c, { [CATALOGUE_NAMESPACE]: readCatalogue(c) }]));
    // Resources are in memory, so initialisation is synchronous.
    void instance.init({ resources, lng: supported, fallbackLng: DEFAULT_CULTURE, defaultNS: CATALOGUE_NAMESPACE, ns: [CATALOGUE_NAMESPACE], initAsync: false, interpolation: { escapeValue: false } });
    t = instance.getFixedT(null, CATALOGUE_NAMESPACE);
    textsByCulture.set(supported, t);
  }
  return t;
}

/**
 * A product's name in a culture, from the one catalogue the pages read (src/domain/catalogue.ts):
 * e.g. `productNameFor('de-DE', transactionIdentity(transaction.sku_detail))` is "Monatszugang".
 */
export const productNameFor = (culture: string | null | undefined, product: ProductIdentity): string => productName(catalogueTextsFor(culture), product);
