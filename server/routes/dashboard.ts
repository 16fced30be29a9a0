import { Hono } from 'hono';
import { faviconLinks } from '../http/static-app';
import * as z from 'zod/mini';
import { contract, htmlPage } from '../http/contract';
import type { AppEnv } from '../http/env';
import { listPersonaUsers } from '../repositories/users';
import { safeNext } from './demo';
import { listSubscriptions } from '../repositories/subscriptions';
import { listOutbox, type OutboxRow } from '../repositories/outbox';
import type { UserRow } from '../repositories/users';
import { FLOWS_PAGE_PATH } from '../http/flows-access';
import { dashboardTexts, escapeHtml, type DashboardTexts } from './dashboard-texts';
import { documentActions, shownName } from './document-actions';
import { DASHBOARD_SCRIPT } from './dashboard-script';
import {
  autoDownloadDelayMs,
  builderEditPath,
  documentDownloadUrl,
  inAutoDownloadDelayTest,
  isPresentDocumentId,
  secondsLeft,
} from '../../src/api/schemas/documents';
import { promoWidgetType, type PromoWidgetType } from '../../src/api/schemas/dashboard';
import { productNameFor, subscriptionIdentity } from '../domain/product-catalogue';

const escape = escapeHtml;

/** The user types the dashboard names (the `userTypes` texts); another code is shown as it is. */
const USER_TYPES = ['NEW', 'ACTV', 'EXPR', 'EXPD', 'SUSP'];
const userTypeName = (texts: DashboardTexts, code: string) =>
  USER_TYPES.includes(code) ? texts.t(`userTypes.${code}`) : escape(code);
const PLAN_STATUSES = ['BASE', 'ACTV', 'EXPR', 'SUSP', 'EXPD', 'PEND', 'RTRY'];
/** A plan's status in words: its code is the data's, not the person's. */
const planStatusName = (texts: DashboardTexts, code: string) =>
  PLAN_STATUSES.includes(code) ? texts.t(`planStatus.${code}`) : '—';

/** The app's pages the dashboard links to, with the key of each link's text. */
const APP_LINKS: [string, string][] = [
  ['/payment/pricing', 'links.pricing'],
  ['/payment/checkout', 'links.checkout'],
  ['/payment/mysettings', 'links.mySettings'],
  ['/payment/transactions', 'links.billing'],
  ['/payment/cancellation/pre', 'links.cancel'],
  ['/payment/winback', 'links.winback'],
  ['/payment/cancellation/request', 'links.cancellationRequest'],
];

const OUTBOX_ROWS = 20;

/**
 * Where signing in from the dashboard comes back to (a path on this server), and what a purchase
 * hands on: the device, a download request (autodownload, docid, doctype, instantdownload) and
 * the promo ad type to show. Read as text: a value the page does not know is ignored.
 */
const dashboardQuery = z.object({
  next: z.optional(z.string()),
  device: z.optional(z.string()),
  autodownload: z.optional(z.string()),
  instantdownload: z.optional(z.string()),
  docid: z.optional(z.string()),
  doctype: z.optional(z.string()),
  promo: z.optional(z.string()),
});

const isOn = (value: string | undefined) => /^(1|true|yes)$/i.test(value?.trim() ?? '');

interface DashboardDocument {
  document_id: string;
  doc_type_cd: string;
  name: string;
  modified_on: Date;
}

/** The user's documents with what can be done to each: edit in the builder, download, print, e-mail. */
function documentsSection(
  texts: DashboardTexts,
  apiBase: string,
  user: UserRow,
  docs: DashboardDocument[],
  mobile: boolean,
): string {
  const { t } = texts;
  const items = docs
    .map((doc) => {
      const kind = doc.doc_type_cd === 'LETR' ? t('documents.letter') : t('documents.resume');
      const modified = new Date(doc.modified_on).toLocaleDateString(texts.culture, { dateStyle: 'long' });
      const edit = builderEditPath(doc.doc_type_cd === 'LETR' ? 'LETR' : 'RSME', mobile, doc.document_id);
      return `<li class="document" data-testid="document" data-document-id="${escape(doc.document_id)}"><h3>${shownName(doc.name)}</h3>
<p>${kind} · ${t('documents.modified', { date: modified })}</p>
<p><a href="${escape(edit)}" aria-label="${t('documents.editLabel', { name: doc.name })}" data-testid="edit">${t('documents.edit')}</a></p>
${documentActions(texts, apiBase, user, doc)}</li>`;
    })
    .join('');
  const body = docs.length ? `<ul class="documents">${items}</ul>` : `<p>${t('documents.empty')}</p>`;
  return `<section id="documents" lang="${texts.culture}" aria-labelledby="documents-heading"><h2 id="documents-heading">${t('documents.heading')}</h2>${body}</section>`;
}

/**
 * A download the purchase asked for, started by the script after the wait the rules give. While
 * it waits, the countdown is announced (a status region) and the person may start the download
 * at once or cancel it; the link stays for a download by hand. The countdown's texts come for
 * every second, so each is pluralised as the culture says.
 */
function autoDownloadSection(texts: DashboardTexts, url: string, delayMs: number): string {
  const { t } = texts;
  const seconds = secondsLeft(delayMs, 0);
  const countdown = Array.from({ length: seconds + 1 }, (_, n) =>
    n === 0 ? '' : texts.text('autoDownload.countdown', { count: n }),
  );
  const controls =
    delayMs > 0
      ? `<p class="actions" data-autodownload-controls><button type="button" data-autodownload-now data-testid="autodownload-now">${t('autoDownload.now')}</button>
<button type="button" data-autodownload-cancel data-testid="autodownload-cancel">${t('autoDownload.cancel')}</button></p>`
      : '';
  return `<section class="autodownload" lang="${texts.culture}" aria-label="${t('autoDownload.link')}" data-testid="autodownload" data-autodownload-url="${escape(url)}" data-autodownload-delay="${delayMs}"
  data-countdown-texts="${escape(JSON.stringify(countdown))}" data-started-text="${t('autoDownload.started')}" data-cancelled-text="${t('autoDownload.cancelled')}" data-frame-title="${t('autoDownload.link')}">
<p role="status" data-autodownload-status>${escape(countdown[seconds] ?? '')}</p>${controls}<p><a href="${escape(url)}" download data-autodownload-link>${t('autoDownload.link')}</a></p></section>`;
}

/** Where each widget's call to action leads: the builder for what is done there, else the app's pages. */
function promoTarget(type: PromoWidgetType, docs: DashboardDocument[], mobile: boolean): string {
  const latest = (docType: 'RSME' | 'LETR') => docs.find((d) => d.doc_type_cd === docType);
  const resume = latest('RSME');
  const letter = latest('LETR');
  switch (type) {
    case 'coverLetter':
      return letter ? builderEditPath('LETR', mobile, letter.document_id) : '/payment/pricing';
    case 'cvCheck':
    case 'jobCustomiser':
      return resume ? builderEditPath('RSME', mobile, resume.document_id) : '/payment/pricing';
    case 'freeCvReview':
      return '/payment/resume-review';
    case 'boldPro':
    case 'mobileApp':
      return '/payment/pricing';
  }
}

/** The promo ad panel: one widget of six; the script records it viewed and clicked. */
function promoSection(texts: DashboardTexts, type: PromoWidgetType, href: string, userUid: string | undefined): string {
  const { t } = texts;
  const title = t(`promo.${type}.title`);
  return `<aside class="promo" lang="${texts.culture}" aria-labelledby="promo-heading" data-testid="promo-ad" data-promo-type="${type}" data-user="${escape(userUid ?? '')}">
<p class="promo-region" id="promo-region">${t('promo.region')}</p><h2 id="promo-heading">${title}</h2><p>${t(`promo.${type}.text`)}</p>
<a class="button" href="${escape(href)}" data-promo-cta data-testid="promo-cta">${t(`promo.${type}.cta`)}</a></aside>`;
}

/** The outbox: everyone's e-mails, so only on a demo server (demo sign-in on), never in production. */
function outboxSection(texts: DashboardTexts, rows: OutboxRow[]): string {
  const { t } = texts;
  const body = rows.length
    ? `<table class="outbox"><caption>${t('outbox.caption', { count: OUTBOX_ROWS })}</caption><thead><tr><th scope="col">${t('outbox.to')}</th><th scope="col">${t('outbox.subject')}</th><th scope="col">${t('outbox.created')}</th></tr></thead><tbody>${rows
        .map((r) => {
          const created = new Date(r.created_at).toISOString();
          return `<tr data-testid="outbox-email"><td>${escape(r.to_address)}</td><td>${escape(r.subject)}</td><td><time datetime="${created}">${created.slice(0, 19).replace('T', ' ')} UTC</time></td></tr>`;
        })
        .join('')}</tbody></table>`
    : `<p data-testid="outbox-empty">${t('outbox.empty')}</p>`;
  return `<section aria-labelledby="outbox-heading"><h2 id="outbox-heading">${t('outbox.heading')}</h2><p class="demo">${t('outbox.demo')}</p>${body}</section>`;
}

/** Stands in for the resume builder's dashboard: who is here, their plan, and where to go. */
export function dashboardRoutes() {
  const app = new Hono<AppEnv>();
  app.get(
    '/',
    contract({
      summary: "The demo's dashboard",
      tags: ['dashboard'],
      auth: 'guest',
      query: dashboardQuery,
      responses: { 200: htmlPage('The dashboard') },
    }),
    async (c) => {
      const user = c.get('user');
      const current = user ? (await listSubscriptions(c.get('db'), user.user_uid, false))[0] : undefined;
      const personas = c.get('config').demoLogin ? await listPersonaUsers(c.get('db')) : [];
      const query = c.req.valid('query');
      const url = new URL(c.req.url);
      const texts = dashboardTexts(user?.culture_cd, url.pathname, url.search, c.req.header('accept-language'));
      const { t } = texts;
      const outbox = c.get('config').demoLogin
        ? outboxSection(texts, await listOutbox(c.get('db'), { limit: OUTBOX_ROWS }))
        : '';
      const mobile = query.device?.trim().toLowerCase() === 'mobile';
      const docs = user
        ? await c
            .get('db')
            .query<DashboardDocument>(
              'select document_id, doc_type_cd, name, modified_on from documents where user_uid = $1 order by modified_on desc',
              [user.user_uid],
            )
        : [];
      const documents = user ? documentsSection(texts, c.get('config').apiBase, user, docs, mobile) : '';
      let autoDownload = '';
      if (user && isOn(query.autodownload)) {
        const firstType = query.doctype?.split(',')[0]?.trim().toUpperCase();
        const downloadUrl = documentDownloadUrl(c.get('config').apiBase, {
          userId: user.user_uid,
          documentId: isPresentDocumentId(query.docid) ? query.docid.trim().toLowerCase() : null,
          docType: firstType === 'LETR' ? 'LETR' : 'RSME',
          portalId: user.portal_id,
        });
        const delay = autoDownloadDelayMs({
          mobile,
          inDelayTest: inAutoDownloadDelayTest(c.req.header('cookie'), user.portal_cd),
          instantDownload: isOn(query.instantdownload),
        });
        autoDownload = autoDownloadSection(texts, downloadUrl, delay);
      }
      const promoType = promoWidgetType(query.promo);
      const promo = promoSection(texts, promoType, promoTarget(promoType, docs, mobile), user?.user_uid);
      const here = c.req.path;
      // Signing in from the app ("sign in, then my settings") comes back to where it asked.
      const afterSignIn = safeNext(c.req.query('next'), here, new URL(c.req.url).origin);
      const who = user
        ? `<p>${t('account.signedInAs', { name: `${user.first_name} ${user.last_name}`, email: user.email_address, country: user.country_cd, culture: user.culture_cd })}</p>
         <dl>
           <dt>${t('account.userType')}</dt><dd data-testid="user-type">${userTypeName(texts, user.user_type)}</dd>
           <dt>${t('account.plan')}</dt><dd data-testid="plan">${current ? escape(productNameFor(texts.culture, subscriptionIdentity({ SkuLabel: current.label, PlanKind: current.plan_kind }))) : t('account.noPlan')}</dd>
           <dt>${t('account.status')}</dt><dd data-testid="status">${current ? planStatusName(texts, current.status_cd) : '—'}</dd>
           ${current ? `<dt>${t('account.accessUntil')}</dt><dd>${escape(new Date(current.end_date).toLocaleDateString(texts.culture, { dateStyle: 'long' }))}</dd>` : ''}
         </dl>
         <button type="button" id="sign-out">${t('account.signOut')}</button>`
        : `<p>${t('account.guest')}</p>`;
      const switcher = personas.length
        ? `<section aria-labelledby="personas-heading"><h2 id="personas-heading">${t('personas.heading')}</h2><ul class="personas">${personas
            .map(
              (p) =>
                `<li><a href="${c.get('config').apiBase}/demo/session?persona=${encodeURIComponent(p.persona_id!)}&amp;next=${encodeURIComponent(afterSignIn)}"${p.user_uid === user?.user_uid ? ' aria-current="true"' : ''}>${escape(p.persona_id!)}</a> <span>${escape(`${p.first_name} ${p.last_name}`)}, ${userTypeName(texts, p.user_type)}, ${escape(p.country_cd)}</span></li>`,
            )
            .join('')}</ul></section>`
        : '';
      const html = `<!doctype html><html lang="${texts.culture}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('page.title')}</title>${faviconLinks(c.get('config').appBase)}<link rel="stylesheet" href="${here.replace(/\/$/, '')}/dashboard.css"></head>
<body><main><p id="page-notice" class="page-notice" role="status" hidden></p><h1>${t('page.heading')}</h1><p class="demo">${t('page.demo')}</p>
<section aria-labelledby="who-heading"><h2 id="who-heading">${t('account.heading')}</h2>${who}</section>
${autoDownload}${documents}${promo}
<nav aria-labelledby="links-heading"><h2 id="links-heading">${t('links.heading')}</h2><ul>${[...APP_LINKS, ...(c.get('config').flowsExplorer ? [[FLOWS_PAGE_PATH, 'links.flows']] : [])].map(([href, key]) => `<li><a href="${href}">${t(key!)}</a></li>`).join('')}</ul></nav>
${switcher}${outbox}</main><script src="${here.replace(/\/$/, '')}/dashboard.js" data-api-base="${escape(c.get('config').apiBase)}" defer></script></body></html>`;
      c.header('Cache-Control', 'no-store');
      return c.html(html);
    },
  );
  app.get(
    '/dashboard.css',
    contract({
      summary: "The dashboard's style sheet",
      tags: ['dashboard'],
      auth: 'guest',
      responses: { 200: { description: 'The style sheet', content: { 'text/css': null } } },
    }),
    (c) =>
      c.body(
        `[hidden]{display:none!important}body{font-family:system-ui,sans-serif;margin:0;color:#111827;overflow-wrap:anywhere}main{max-width:760px;margin:0 auto;padding:24px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}table{border-collapse:collapse;width:100%}caption{text-align:left;color:#4b5563;padding:4px 0}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top}.demo{color:#4b5563}.personas li{margin:4px 0}a{color:#1d4ed8}a:focus-visible,button:focus-visible{outline:3px solid #111827;outline-offset:2px}button,.button{font:inherit;padding:8px 14px;display:inline-block}.button{border:1px solid #1d4ed8;border-radius:4px;text-decoration:none}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}.documents{list-style:none;padding:0}.document{border:1px solid #e5e7eb;border-radius:6px;padding:12px;margin:8px 0}.document h3{margin:0 0 4px}.actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center}.status{flex-basis:100%;margin:4px 0;min-height:1.2em}.promo{border:2px solid #1d4ed8;border-radius:8px;padding:16px;margin:16px 0;background:#eff6ff}.promo-region{margin:0;color:#374151;font-size:.875rem;text-transform:uppercase}.promo h2{margin:4px 0}.page-notice{border:1px solid #146c2e;background:#e8f5ec;color:#123d24;border-radius:8px;padding:12px 16px;margin:0 0 16px}.autodownload{border-left:4px solid #047857;padding:8px 12px;margin:12px 0;background:#ecfdf5}pre.document-body{white-space:pre-wrap;background:#f9fafb;padding:12px;border:1px solid #e5e7eb}a.button:focus-visible{outline:3px solid #111827;outline-offset:2px}@media (max-width:600px){main{padding:12px}.actions{flex-direction:column;align-items:stretch}.actions .button,.actions button{text-align:center}}`,
        200,
        { 'Content-Type': 'text/css; charset=utf-8' },
      ),
  );
  app.get(
    '/dashboard.js',
    contract({
      summary: "The dashboard's script",
      tags: ['dashboard'],
      auth: 'guest',
      responses: { 200: { description: 'The script', content: { 'text/javascript': null } } },
    }),
    (c) => c.body(DASHBOARD_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  return app;
}
