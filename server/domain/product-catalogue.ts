import type { TFunction } from 'i18next';
import { CATALOGUE_NAMESPACE, productName, supportedCulture, type ProductIdentity } from '../../src/server-drawn';
import { cultureTexts } from './culture-texts';

export { transactionIdentity, subscriptionIdentity, type ProductIdentity } from '../../src/server-drawn';

/** The catalogue's texts in a culture (an unknown culture falls back as the app does): what the server's e-mails and receipts name products with. */
export const catalogueTextsFor = (culture: string | null | undefined): TFunction =>
  cultureTexts(CATALOGUE_NAMESPACE, supportedCulture(culture));

/**
 * A product's name in a culture, from the one catalogue the pages read (src/domain/catalogue.ts):
 * e.g. `productNameFor('de-DE', transactionIdentity(transaction.sku_detail))` is "Monatszugang".
 */
export const productNameFor = (culture: string | null | undefined, product: ProductIdentity): string =>
  productName(catalogueTextsFor(culture), product);
