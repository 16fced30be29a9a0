import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { wantsFreshRead } from '../http/read-cache';
import { toSku } from '../repositories/skus';
import { cachedSkus } from '../http/cached-reads';
import { isWinbackAudience } from '../../machines/winback.rules';
import { sku, skuIdParam, skuList, skuQuery, type SkuList } from '../../src/api/schemas/skus';

export function skuRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/',
    contract({
      summary: 'The plans on sale in a country',
      auth: 'guest',
      query: skuQuery,
      responses: { 200: skuList },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const countryCd = query.countryCD ?? c.get('user')?.country_cd ?? 'US';
      // The winback flags (an audience user type with its days since the cancellation) ask for the winback offers.
      const winbackDays =
        isWinbackAudience(query.userType) && query.cancellationDays !== undefined ? query.cancellationDays : undefined;
      const filter = {
        countryCd,
        portalCd: query.portalCD,
        sellPageOnly: query.sellPageOnly,
        skuId: query.skuID,
        winbackDays,
      };
      const answer = await cachedSkus({ db: c.get('db'), cache: c.get('cache') }, filter, wantsFreshRead(c));
      return c.json(answer);
    },
  );

  app.get(
    '/:id',
    contract({ summary: 'One plan', auth: 'guest', params: skuIdParam, responses: { 200: sku }, errors: [404] }),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await c.get('skus').find(id);
      if (!row) throw notFound('The SKU');
      return c.json(toSku(row));
    },
  );

  app.get(
    '/:id/upsell',
    contract({
      summary: 'The plan offered as an upgrade of a plan, if any',
      auth: 'guest',
      params: skuIdParam,
      responses: { 200: skuList },
      errors: [404],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await c.get('skus').find(id);
      if (!row) throw notFound('The SKU');
      const upsell = row.upsell_sku_id ? await c.get('skus').find(row.upsell_sku_id) : undefined;
      const answer: SkuList = { Skus: upsell ? [toSku(upsell)] : [] };
      return c.json(answer);
    },
  );

  return app;
}
