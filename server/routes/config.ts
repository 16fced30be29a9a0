import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { wantsFreshRead } from '../http/read-cache';
import { loadExperimentConfigs, loadFeatures, loadFlags } from '../repositories/remote-config';
import { configFeaturesQuery, csDetailsQuery, type ConfigFeatures, type CsDetails } from '../../src/api/schemas/pages';

export function configRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/features', async (c) => {
    const { moduleName } = readQuery(c, configFeaturesQuery);
    const answer = await c.var.cache.read(
      `config/features:${moduleName ?? '*'}`,
      async (): Promise<ConfigFeatures> => ({
        Flags: await loadFlags(c.var.db),
        Features: await loadFeatures(c.var.db, moduleName),
        Experiments: await loadExperimentConfigs(c.var.db),
      }),
      { fresh: wantsFreshRead(c) },
    );
    return c.json(answer);
  });

  app.get('/csdetails', async (c) => {
    const { countryCD } = readQuery(c, csDetailsQuery);
    const [row] = await c.var.db.query<{ country_cd: string; formatted_contact_number: string; email: string; cs_hours: CsDetails['cs_hours'] }>(
      'select * from cs_details where country_cd = $1',
      [countryCD],
    );
    if (!row) throw notFound('Support details for this country');
    const answer: CsDetails = { country_cd: row.country_cd, address: { formatted_contact_number: row.formatted_contact_number }, email: row.email, cs_hours: row.cs_hours };
    return c.json(answer);
  });

  /** What the browser app needs to know about where things are. */
  app.get('/client', (c) => c.json({ apiBase: c.var.config.apiBase || '/', dashboardUrl: c.var.config.dashboardUrl, demoLogin: c.var.config.demoLogin }));

  return app;
}
