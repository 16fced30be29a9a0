import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readParams, readQuery } from '../http/validate';
import { wantsFreshRead } from '../http/read-cache';
import { findSku, listSkus, toSku } from '../repositories/skus';
import { skuIdParam, skuQuery, type SkuList } from '../../src/api/schemas/skus';

export function skuRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = readQuery(c, skuQuery);
    const countryCd = query.countryCD ?? c.var.user?.country_cd ?? 'US';
    const filter = { countryCd, portalCd: query.portalCD, sellPageOnly: query.sellPageOnly, skuId: query.skuID };
    const answer = await c.var.cache.read(
      `skus:${JSON.stringify(filter)}`,
      async (): Promise<SkuList> => ({ Skus: (await listSkus(c.var.db, filter)).map(toSku) }),
      { fresh: wantsFreshRead(c) },
    );
    return c.json(answer);
  });

  app.get('/:id', async (c) => {
    const { id } = readParams(c, skuIdParam);
    const row = await findSku(c.var.db, id);
    if (!row) throw notFound('The SKU');
    return c.json(toSku(row));
  });

  app.get('/:id/upsell', async (c) => {
    const { id } = readParams(c, skuIdParam);
    const row = await findSku(c.var.db, id);
    if (!row) throw notFound('The SKU');
    const upsell = row.upsell_sku_id ? await findSku(c.var.db, row.upsell_sku_id) : undefined;
    const answer: SkuList = { Skus: upsell ? [toSku(upsell)] : [] };
    return c.json(answer);
  });

  return app;
}
