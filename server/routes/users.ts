import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { contract } from '../http/contract';
import { requireSelf } from '../http/session';
import { guestClaims, toClaims } from '../repositories/users';
import {
  claims,
  geolocation,
  geolocationQuery,
  preferences,
  savePreferenceBody,
  userStageBody,
  type Geolocation,
} from '../../src/api/schemas/users';
import { savedPreference } from '../../src/api/schemas/answers';
import { accepted } from '../../src/api/schemas/events';
import { uuid } from '../../src/api/schemas/common';
import * as z from 'zod/mini';

const userIdParam = z.object({ userId: uuid });

/** A small postal-code table is enough for the demo: country and first digits give the state. */
const ZIP_PREFIXES: Record<string, [string, string, string][]> = {
  US: [
    ['787', 'TX', 'Austin'],
    ['981', 'WA', 'Seattle'],
    ['606', 'IL', 'Chicago'],
    ['802', 'CO', 'Denver'],
    ['303', 'GA', 'Atlanta'],
    ['850', 'AZ', 'Phoenix'],
    ['100', 'NY', 'New York'],
    ['941', 'CA', 'San Francisco'],
    ['021', 'MA', 'Boston'],
  ],
  IN: [
    ['560', 'KA', 'Bengaluru'],
    ['400', 'MH', 'Mumbai'],
    ['110', 'DL', 'New Delhi'],
  ],
  DE: [
    ['10', 'BE', 'Berlin'],
    ['80', 'BY', 'München'],
    ['20', 'HH', 'Hamburg'],
  ],
  GB: [
    ['M', 'ENG', 'Manchester'],
    ['SW', 'ENG', 'London'],
    ['EH', 'SCT', 'Edinburgh'],
  ],
};

export function userRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/claims',
    contract({ summary: "The signed-in user's claims, or a guest's", auth: 'guest', responses: { 200: claims } }),
    (c) => {
      const user = c.get('user');
      const sessionId = c.get('sessionId');
      return c.json(user && sessionId ? toClaims(user, sessionId) : guestClaims());
    },
  );

  app.post(
    '/userstage',
    contract({
      summary: 'Record the stage a user reached',
      auth: 'user',
      body: userStageBody,
      responses: { 201: accepted },
      errors: [403],
    }),
    async (c) => {
      const body = c.req.valid('json');
      requireSelf(c, body.UserUID);
      const [row] = await c
        .get('db')
        .query<{ id: string }>(
          'insert into user_stages (user_uid, product_cd, portal_id, user_stage_id, session_id) values ($1, $2, $3, $4, $5) returning id',
          [body.UserUID, body.ProductCD, body.PortalID, body.UserStageID, body.SessionID],
        );
      return c.json({ id: Number(row!.id) }, 201);
    },
  );

  app.get(
    '/geolocation',
    contract({
      summary: 'Look up the state and city of a postal code',
      auth: 'guest',
      query: geolocationQuery,
      responses: { 200: geolocation },
    }),
    (c) => {
      const query = c.req.valid('query');
      const zip = query.zipCode.toUpperCase();
      const hit = (Object.hasOwn(ZIP_PREFIXES, query.countryCD) ? ZIP_PREFIXES[query.countryCD] : undefined)?.find(
        ([prefix]) => zip.startsWith(prefix),
      );
      const answer: Geolocation = {
        ZipCode: query.zipCode,
        CountryCD: query.countryCD,
        StateCD: hit?.[1] ?? null,
        City: hit?.[2] ?? null,
        Found: Boolean(hit),
      };
      return c.json(answer);
    },
  );

  app.get(
    '/:userId/preferences',
    contract({
      summary: "A user's saved preferences",
      auth: 'user',
      params: userIdParam,
      responses: { 200: preferences },
      errors: [403],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      requireSelf(c, userId);
      const rows = await c
        .get('db')
        .query<{ code: string; value: string; updated_at: Date }>(
          'select code, value, updated_at from user_preferences where user_uid = $1 order by code',
          [userId],
        );
      return c.json(
        preferences.parse({
          UserUID: userId,
          Preferences: rows.map((r) => ({
            code: r.code,
            value: r.value,
            updatedAt: new Date(r.updated_at).toISOString(),
          })),
        }),
      );
    },
  );

  app.post(
    '/:userId/savepreference',
    contract({
      summary: 'Save one preference of a user',
      auth: 'user',
      params: userIdParam,
      body: savePreferenceBody,
      responses: { 200: savedPreference },
      errors: [403],
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      requireSelf(c, userId);
      const body = c.req.valid('json');
      await c.get('db').query(
        `insert into user_preferences (user_uid, code, value) values ($1, $2, $3)
       on conflict (user_uid, code) do update set value = excluded.value, updated_at = now()`,
        [userId, body.code, body.value],
      );
      return c.json({ code: body.code, value: body.value });
    },
  );

  return app;
}
