import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contract, htmlPage } from '../http/contract';
import type { AppEnv } from '../http/env';
import { listPersonaUsers } from '../repositories/users';
import { safeNext } from './demo';
import { listSubscriptions } from '../repositories/subscriptions';
import { listOutbox, type OutboxRow } from '../repositories/outbox';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const USER_TYPE_NAMES: Record<string, string> = { NEW: 'New', ACTV: 'Active', EXPR: 'Expiring', EXPD: 'Expired', SUSP: 'Suspended' };

const APP_LINKS: [string, string][] = [
  ['/payment/pricing', 'Plans and pricing'],
  ['/payment/checkout', 'Checkout'],
  ['/payment/mysettings', 'My settings'],
  ['/payment/transactions', 'Billing history'],
  ['/payment/cancellation/pre', 'Cancel my subscription'],
  ['/payment/winback', 'Winback offer'],
  ['/payment/cancellation/request', 'Cancellation request (signed out)'],
];

const OUTBOX_ROWS = 20;

/** Where signing in from the dashboard comes back to (a path on this server). */
const dashboardQuery = z.object({ next: z.optional(z.string()) });

/** The outbox: everyone's e-mails, so only on a demo server (demo sign-in on), never in production. */
function outboxSection(rows: OutboxRow[]): string {
  const body = rows.length
    ? `<table class="outbox"><caption>Latest ${OUTBOX_ROWS} e-mails, newest first</caption><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Created</th></tr></thead><tbody>${rows
        .map((r) => {
          const created = new Date(r.created_at).toISOString();
          return `<tr data-testid="outbox-email"><td>${escape(r.to_address)}</td><td>${escape(r.subject)}</td><td><time datetime="${created}">${created.slice(0, 19).replace('T', ' ')} UTC</time></td></tr>`;
        })
        .join('')}</tbody></table>`
    : '<p data-testid="outbox-empty">No e-mails yet.</p>';
  return `<section aria-labelledby="outbox-heading"><h2 id="outbox-heading">Outbox</h2><p class="demo">E-mails the server would send, such as cancellation confirmations.</p>${body}</section>`;
}

/** Stands in for the resume builder's dashboard: who is here, their plan, and where to go. */
export function dashboardRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', contract({ summary: "The demo's dashboard", tags: ['dashboard'], auth: 'guest', query: dashboardQuery, responses: { 200: htmlPage('The dashboard') } }), async (c) => {
    const user = c.var.user;
    const current = user ? (await listSubscriptions(c.var.db, user.user_uid, false))[0] : undefined;
    const personas = c.var.config.demoLogin ? await listPersonaUsers(c.var.db) : [];
    const outbox = c.var.config.demoLogin ? outboxSection(await listOutbox(c.var.db, { limit: OUTBOX_ROWS })) : '';
    const here = c.req.path;
    // Signing in from the app ("sign in, then my settings") comes back to where it asked.
    const afterSignIn = safeNext(c.req.query('next'), here, new URL(c.req.url).origin);
    const who = user
      ? `<p>Signed in as <strong>${escape(`${user.first_name} ${user.last_name}`)}</strong> (${escape(user.email_address)}), ${escape(user.country_cd)} · ${escape(user.culture_cd)}.</p>
         <dl>
           <dt>User type</dt><dd data-testid="user-type">${escape(USER_TYPE_NAMES[user.user_type] ?? user.user_type)}</dd>
           <dt>Plan</dt><dd data-testid="plan">${current ? escape(current.label) : 'No plan yet'}</dd>
           <dt>Status</dt><dd data-testid="status">${current ? escape(current.status_cd) : '—'}</dd>
           ${current ? `<dt>Access until</dt><dd>${escape(new Date(current.end_date).toLocaleDateString(user.culture_cd, { dateStyle: 'long' }))}</dd>` : ''}
         </dl>
         <button type="button" id="sign-out">Sign out</button>`
      : '<p>You are not signed in: the app treats you as a guest.</p>';
    const switcher = personas.length
      ? `<section aria-labelledby="personas-heading"><h2 id="personas-heading">Switch persona</h2><ul class="personas">${personas
          .map(
            (p) =>
              `<li><a href="${c.var.config.apiBase}/demo/session?persona=${encodeURIComponent(p.persona_id!)}&amp;next=${encodeURIComponent(afterSignIn)}"${p.user_uid === user?.user_uid ? ' aria-current="true"' : ''}>${escape(p.persona_id!)}</a> <span>${escape(`${p.first_name} ${p.last_name}`)}, ${escape(USER_TYPE_NAMES[p.user_type] ?? p.user_type)}, ${escape(p.country_cd)}</span></li>`,
          )
          .join('')}</ul></section>`
      : '';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dashboard · Resume builder (demo)</title><link rel="stylesheet" href="${here.replace(/\/$/, '')}/dashboard.css"></head>
<body><main><h1>Resume builder dashboard</h1><p class="demo">This page stands in for the resume builder. It is part of the demo server.</p>
<section aria-labelledby="who-heading"><h2 id="who-heading">Account</h2>${who}</section>
<nav aria-labelledby="links-heading"><h2 id="links-heading">Go to</h2><ul>${APP_LINKS.map(([href, label]) => `<li><a href="${href}">${escape(label)}</a></li>`).join('')}</ul></nav>
${switcher}${outbox}</main><script src="${here.replace(/\/$/, '')}/dashboard.js" data-api-base="${escape(c.var.config.apiBase)}" defer></script></body></html>`;
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  });
  app.get('/dashboard.css', contract({ summary: "The dashboard's style sheet", tags: ['dashboard'], auth: 'guest', responses: { 200: { description: 'The style sheet', content: { 'text/css': null } } } }), (c) =>
    c.body(
      `body{font-family:system-ui,sans-serif;margin:0;color:#111827}main{max-width:760px;margin:0 auto;padding:24px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}table{border-collapse:collapse;width:100%}caption{text-align:left;color:#4b5563;padding:4px 0}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top}.demo{color:#4b5563}.personas li{margin:4px 0}a{color:#1d4ed8}a:focus-visible,button:focus-visible{outline:3px solid #111827;outline-offset:2px}button{font:inherit;padding:8px 14px}`,
      200,
      { 'Content-Type': 'text/css; charset=utf-8' },
    ),
  );
  app.get('/dashboard.js', contract({ summary: "The dashboard's script", tags: ['dashboard'], auth: 'guest', responses: { 200: { description: 'The script', content: { 'text/javascript': null } } } }), (c) =>
    c.body(
      `const base=document.currentScript.dataset.apiBase;document.getElementById('sign-out')?.addEventListener('click',async()=>{await fetch(base+'/demo/session',{method:'DELETE',credentials:'same-origin'});location.reload();});`,
      200,
      { 'Content-Type': 'text/javascript; charset=utf-8' },
    ),
  );
  return app;
}
