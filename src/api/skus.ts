import type { ApiClient } from './client';
import { sku, skuList, type SkuQuery } from './schemas/skus';

export const skusApi = (client: ApiClient) => ({
  list: (query: Partial<Record<keyof SkuQuery, string | number | boolean>> = {}) => client.get('skus', skuList, query),
  byId: (id: number) => client.get(`skus/${id}`, sku),
  upsell: (id: number) => client.get(`skus/${id}/upsell`, skuList),
});
