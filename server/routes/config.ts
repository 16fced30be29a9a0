import { Hono } from 'hono';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { notFound } from '../http/errors';
import { wantsFreshRead } from '../http/read-cache';
import { cachedConfigFeatures } from '../http/cached-reads';
import {
  configExperiments,
  configFeatures,
  configFeaturesQuery,
  csDetails,
  csDetailsQuery,
  type CsDetails,
} from '../../src/api/schemas/pages';
import { loadExperiments } from '../repositories/remote-config';
import { clientConfig } from '../../src/api/schemas/answers';

export function configRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/features',
    contract({
      summary: 'Feature flags, feature rules and experiments',
      auth: 'guest',
      query: configFeaturesQuery,
      responses: { 200: configFeatures },
    }),
    async (c) => {
      const { moduleName } = c.req.valid('query');
      const answer = await cachedConfigFeatures(
        { db: c.get('db'), cache: c.get('cache') },
        moduleName,
        wantsFreshRead(c),
      );
      return c.json(answer);
    },
  );

  app.get(
    '/experiments',
    contract({
      summary: 'The configured experiments, each with its name and its variations',
      description:
        'Read by the tester panel and the flow explorer, which name experiments and offer only the variations each has.',
      auth: 'guest',
      responses: { 200: configExperiments },
    }),
    async (c) => c.json({ Experiments: await loadExperiments(c.get('db')) }),
  );

  app.get(
    '/csdetails',
    contract({
      summary: "Customer support's contacts and hours in a country",
      auth: 'guest',
      query: csDetailsQuery,
      responses: { 200: csDetails },
      errors: [404],
    }),
    async (c) => {
      const { countryCD } = c.req.valid('query');
      const [row] = await c.get('db').query<{
        country_cd: string;
        formatted_contact_number: string;
        email: string;
        cs_hours: CsDetails['cs_hours'];
      }>('select * from cs_details where country_cd = $1', [countryCD]);
      if (!row) throw notFound('Support details for this country');
      const answer: CsDetails = {
        country_cd: row.country_cd,
        address: { formatted_contact_number: row.formatted_contact_number },
        email: row.email,
        cs_hours: row.cs_hours,
      };
      return c.json(answer);
    },
  );

  /** What the browser app needs to know about where things are. */
  app.get(
    '/client',
    contract({ summary: 'Where the browser app finds things', auth: 'guest', responses: { 200: clientConfig } }),
    (c) =>
      c.json({
        apiBase: c.get('config').apiBase || '/',
        dashboardUrl: c.get('config').dashboardUrl,
        demoLogin: c.get('config').demoLogin,
      }),
  );

  return app;
}
