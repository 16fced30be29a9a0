import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';
import type { SkuQuery } from './schemas/skus';

const schema = schemasFrom(() => import('./schemas/skus'));

export const skusApi = (client: ApiClient) => ({
  list: (query: Partial<Record<keyof SkuQuery, string | number | boolean>> = {}) =>
    client.get('skus', schema('skuList'), query),
  byId: (id: number) => client.get(`skus/${id}`, schema('sku')),
  upsell: (id: number) => client.get(`skus/${id}/upsell`, schema('skuList')),
});
