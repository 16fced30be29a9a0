import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contract, redirect } from '../http/contract';
import type { AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { endSession, revokeSession, setUserStatusCookie, startSession } from '../http/session';
import { enforceRateLimit } from '../http/rate-limit';
import { listOutbox } from '../repositories/outbox';
import { findUserByPersona, listPersonaUsers } from '../repositories/users';
import { createFreshCopy } from '../services/fresh-persona';
import { demoPersonaId, queryBoolean } from '../../src/api/schemas/common';
import { intText, text } from '../../src/api/schemas/blocks';
import { outbox, personas } from '../../src/api/schemas/answers';

const signInQuery = z.object({
  persona: demoPersonaId,
  // Tabs and line breaks are allowed here: safeNext resolves the URL as a browser would, dropping them.
  next: z.optional(text({ max: 2000, multiline: true })),
  /** fresh=1: sign in as a brand-new copy of the persona instead of the shared one. */
  fresh: z.optional(queryBoolean),
});

const outboxQuery = z.object({
  to: z.optional(text({ trim: true, min: 1, max: 254 })),
  limit: z._default(intText(1, 100), 20),
});

/** RATE_LIMIT_FRESH_PERSONA fresh copies per client in this many seconds. */
export const FRESH_PERSONA_WINDOW_SECONDS = 600;

/**
 * Where to send a person after signing in: `next` resolved against this server, the way a browser
 * resolves it, and kept only when it stays on this origin. The answer is the parsed URL's own path,
 * query and fragment, re-serialized, so no tab, CR or LF of the input reaches the Location header.
 */
export function safeNext(next: string | undefined, fallback: string, ourOrigin: string): string {
  if (!next) return fallback;
  let target: URL;
  try {
    target = new URL(next, ourOrigin);
  } catch {
    return fallback;
  }
  if (target.origin !== new URL(ourOrigin).origin) return fallback;
  // "/.//evil.example" resolves on this origin to the path "//evil.example", which a browser
  // reading it from a Location header takes for another host.
  if (target.pathname.startsWith('//')) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}

export function demoRoutes() {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    if (!c.get('config').demoLogin)
      throw new ApiError(404, 'DEMO_LOGIN_OFF', 'Demo sign-in is switched off on this server.');
    await next();
  });

  app.get(
    '/session',
    contract({
      summary: 'Sign in as a persona',
      auth: 'guest',
      query: signInQuery,
      responses: {
        302: redirect('Signed in (the session cookie is set); on to `next`, else the dashboard.', {
          'Set-Cookie': 'The session cookie and the status cookie.',
        }),
      },
      errors: [404, 429],
    }),
    async (c) => {
      const query = c.req.valid('query');
      // Each fresh copy is a new account with its own records: as bounded as any other guest write.
      if (query.fresh)
        await enforceRateLimit(c, {
          name: 'fresh-persona',
          limit: c.get('config').rateLimits.freshPersona,
          windowSeconds: FRESH_PERSONA_WINDOW_SECONDS,
        });
      const user = query.fresh
        ? await createFreshCopy(c.get('db'), query.persona)
        : await findUserByPersona(c.get('db'), query.persona);
      // Only where the demo people were never seeded.
      if (!user) throw notFound('The persona');
      const sessionId = c.get('sessionId');
      if (sessionId) await revokeSession(c, sessionId);
      await startSession(c, user.user_uid);
      setUserStatusCookie(c, user);
      return c.redirect(safeNext(query.next, c.get('config').dashboardUrl, new URL(c.req.url).origin), 302);
    },
  );

  app.delete(
    '/session',
    contract({ summary: 'Sign out', auth: 'guest', responses: { 204: null }, errors: [404] }),
    async (c) => {
      await endSession(c);
      return c.body(null, 204);
    },
  );

  app.get(
    '/personas',
    contract({
      summary: 'The personas one can sign in as',
      auth: 'guest',
      responses: { 200: personas },
      errors: [404],
    }),
    async (c) => {
      const users = await listPersonaUsers(c.get('db'));
      return c.json({
        Personas: users.map((u) => ({
          id: u.persona_id,
          name: `${u.first_name} ${u.last_name}`,
          country: u.country_cd,
          culture: u.culture_cd,
          userType: u.user_type,
          subRole: u.sub_role,
        })),
      });
    },
  );

  /** The latest e-mails in the outbox (the confirmation e-mails), for demos and browser tests. */
  app.get(
    '/outbox',
    contract({
      summary: 'The latest e-mails in the outbox',
      auth: 'guest',
      query: outboxQuery,
      responses: { 200: outbox },
      errors: [404],
    }),
    async (c) => {
      const query = c.req.valid('query');
      const rows = await listOutbox(c.get('db'), { limit: query.limit, ...(query.to ? { to: query.to } : {}) });
      return c.json({
        Emails: rows.map((r) => ({
          id: Number(r.id),
          to: r.to_address,
          subject: r.subject,
          body: r.body,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      });
    },
  );

  return app;
}
