import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contract, redirect } from '../http/contract';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/errors';
import { endSession, revokeSession, setUserStatusCookie, startSession } from '../http/session';
import { listOutbox } from '../repositories/outbox';
import { findUserByPersona, listPersonaUsers } from '../repositories/users';
import { createFreshCopy } from '../services/fresh-persona';
import { queryBoolean } from '../../src/api/schemas/common';
import { outbox, personas } from '../../src/api/schemas/answers';

const signInQuery = z.object({
  persona: z.string().check(z.regex(/^[a-z0-9-]{2,32}$/, 'must be a persona id')),
  next: z.optional(z.string().check(z.maxLength(2000))),
  /** fresh=1: sign in as a brand-new copy of the persona instead of the shared one. */
  fresh: z.optional(queryBoolean),
});

/** Only paths on this server: an absolute URL or a protocol-relative one could send people anywhere. */
const outboxQuery = z.object({
  to: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(254))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});

export function safeNext(next: string | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}

export function demoRoutes() {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    if (!c.var.config.demoLogin) throw new ApiError(404, 'DEMO_LOGIN_OFF', 'Demo sign-in is switched off on this server.');
    await next();
  });

  app.get('/session', contract({
    summary: 'Sign in as a persona',
    auth: 'guest',
    query: signInQuery,
    responses: { 302: redirect('Signed in (the session cookie is set); on to `next`, else the dashboard.', { 'Set-Cookie': 'The session cookie and the status cookie.' }) },
    errors: [404],
  }), async (c) => {
    const query = c.req.valid('query');
    const user = query.fresh ? await createFreshCopy(c.var.db, query.persona) : await findUserByPersona(c.var.db, query.persona);
    if (!user) throw new ApiError(400, 'VALIDATION_FAILED', 'The query has invalid parameters.', { persona: 'no such persona' });
    if (c.var.sessionId) await revokeSession(c, c.var.sessionId);
    await startSession(c, user.user_uid);
    setUserStatusCookie(c, user);
    return c.redirect(safeNext(query.next, c.var.config.dashboardUrl), 302);
  });

  app.delete('/session', contract({ summary: 'Sign out', auth: 'guest', responses: { 204: null }, errors: [404] }), async (c) => {
    await endSession(c);
    return c.body(null, 204);
  });

  app.get('/personas', contract({ summary: 'The personas one can sign in as', auth: 'guest', responses: { 200: personas }, errors: [404] }), async (c) => {
    const users = await listPersonaUsers(c.var.db);
    return c.json({
      Personas: users.map((u) => ({ id: u.persona_id, name: `${u.first_name} ${u.last_name}`, country: u.country_cd, culture: u.culture_cd, userType: u.user_type, subRole: u.sub_role })),
    });
  });

  /** The latest e-mails in the outbox (the confirmation e-mails), for demos and browser tests. */
  app.get('/outbox', contract({ summary: 'The latest e-mails in the outbox', auth: 'guest', query: outboxQuery, responses: { 200: outbox }, errors: [404] }), async (c) => {
    const query = c.req.valid('query');
    const rows = await listOutbox(c.var.db, { limit: query.limit, ...(query.to ? { to: query.to } : {}) });
    return c.json({
      Emails: rows.map((r) => ({ id: Number(r.id), to: r.to_address, subject: r.subject, body: r.body, createdAt: new Date(r.created_at).toISOString() })),
    });
  });

  return app;
}
