import type { Database } from '../db/database';
import { findSku, type SkuRow } from './skus';

/**
 * SKUs by id, kept in this process: a payment reads its SKU on every request, and the catalogue
 * only changes with a deployment's seed. How stale a copy can be:
 * - In this process, never: any write to skus or portals through this database drops every copy,
 *   and a read that was under way when it ended is not kept.
 * - A change made by another process is seen at most `ttlMs` later.
 * A database that cannot report its writes gets no copies at all. Unknown ids are not kept, so
 * made-up ids cannot fill the catalogue.
 */
export interface SkuCatalogue {
  find(skuId: number): Promise<SkuRow | undefined>;
}

export const SKU_CATALOGUE_TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;

export function createSkuCatalogue(
  db: Database,
  ttlMs = SKU_CATALOGUE_TTL_MS,
  now: () => number = Date.now,
): SkuCatalogue {
  if (!db.onWrite || ttlMs <= 0) return { find: (skuId) => findSku(db, skuId) };
  const entries = new Map<number, { staleAt: number; row: SkuRow }>();
  let generation = 0;
  db.onWrite((tables) => {
    if (!tables.has('skus') && !tables.has('portals')) return;
    generation += 1;
    entries.clear();
  });
  return {
    async find(skuId) {
      const hit = entries.get(skuId);
      if (hit && now() < hit.staleAt) return hit.row;
      const started = generation;
      const row = await findSku(db, skuId);
      if (row && generation === started) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(skuId, { staleAt: now() + ttlMs, row: Object.freeze(row) });
      }
      return row;
    },
  };
}
