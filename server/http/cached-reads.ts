import type { ConfigFeatures } from '../../src/api/schemas/pages';
import type { SkuList } from '../../src/api/schemas/skus';
import type { Queryable } from '../db/database';
import { listSkus, toSku, type SkuFilter } from '../repositories/skus';
import { loadExperimentConfigs, loadFeatures, loadFlags } from '../repositories/remote-config';
import type { ReadCache } from './read-cache';

/**
 * The catalogue and remote configuration as the API answers them, through the read cache under one
 * key per question: GET /skus and GET /config/features, and the pages the server draws, which must
 * read what the app would then read.
 */
export interface CachedReadDeps {
  db: Queryable;
  cache: ReadCache;
}

export const cachedSkus = (deps: CachedReadDeps, filter: SkuFilter, fresh = false): Promise<SkuList> =>
  deps.cache.read(
    `skus:${JSON.stringify(filter)}`,
    async (): Promise<SkuList> => ({ Skus: (await listSkus(deps.db, filter)).map(toSku) }),
    { fresh },
  );

export const cachedConfigFeatures = (
  deps: CachedReadDeps,
  moduleName: string | undefined,
  fresh = false,
): Promise<ConfigFeatures> =>
  deps.cache.read(
    `config/features:${moduleName ?? '*'}`,
    async (): Promise<ConfigFeatures> => ({
      Flags: await loadFlags(deps.db),
      Features: await loadFeatures(deps.db, moduleName),
      Experiments: await loadExperimentConfigs(deps.db),
    }),
    { fresh },
  );
