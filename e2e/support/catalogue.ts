/** The name the catalogue gives a SKU in a culture: what the pages show, not the API's stored label. */
import type { Sku } from '../../src/api/schemas/skus';
import { productKeyOf, skuIdentity } from '../../src/domain/catalogue';
import { namespaceTextsOf, type Culture } from './locales';

export function catalogueNameOf(sku: Sku, culture: Culture = 'en-US'): string {
  const key = productKeyOf(skuIdentity(sku));
  if (!key) throw new Error(`the catalogue has no product for SKU ${sku.SkuID} (${sku.Label})`);
  return (namespaceTextsOf(culture, 'catalogue').product as Record<string, { name: string }>)[key]!.name;
}
