import { Hono, type Context } from 'hono';
import { faviconLinks } from '../http/static-app';
import * as z from 'zod/mini';
import { contract, htmlPage } from '../http/contract';
import type { AppEnv } from '../http/env';
import { dashboardTexts, escapeHtml, type DashboardTexts } from './dashboard-texts';
import { documentActions, shownName } from './document-actions';
import { cutName, isPresentDocumentId } from '../../src/api/schemas/documents';
import { apiErrorBody, EMPTY_GUID, uuid } from '../../src/api/schemas/common';
import { documentedAs } from '../../src/api/schemas/blocks';
import { jsonSchemaOf } from '../openapi/json-schema';

/** The builder's edit pages the spec names (§2 "Other screens"), each for one kind of document. */
const EDITORS = [
  { path: '/build/resume', kind: 'resume', docType: 'RSME' },
  { path: '/build-resume/mobile', kind: 'resumeMobile', docType: 'RSME' },
  { path: '/build/letter', kind: 'letter', docType: 'LETR' },
] as const;

/** Read as text and checked by the page itself, so a bad link gets a page that says so, not a JSON error. */
/**
 * Any text is read, so that a bad link gets the page that says so (400, HTML) rather than the
 * API's error body; the document shows what a good link is: edit mode and a document's GUID.
 */
const editQuery = z
  .object({ mode: z.optional(z.string()), documentid: z.optional(z.string()) })
  .register(documentedAs, {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['edit'] },
      documentid: { type: 'string', pattern: jsonSchemaOf(uuid, 'input').pattern, not: { const: EMPTY_GUID } },
    },
    required: ['mode', 'documentid'],
  });

interface EditedDocument {
  document_id: string;
  user_uid: string;
  doc_type_cd: string;
  name: string;
  skin_cd: string;
  body: string;
  word_count: number;
  modified_on: Date;
}

const STYLE_AND_SCRIPT = (c: Context<AppEnv>) => {
  const dashboard = c.get('config').dashboardUrl.replace(/\/$/, '');
  return {
    css: `<link rel="stylesheet" href="${escapeHtml(dashboard)}/dashboard.css">`,
    js: `<script src="${escapeHtml(dashboard)}/dashboard.js" data-api-base="${escapeHtml(c.get('config').apiBase)}" defer></script>`,
  };
};

function page(
  c: Context<AppEnv>,
  texts: DashboardTexts,
  title: string,
  main: string,
  status: 200 | 400 | 401 | 403 | 404,
) {
  const { css, js } = STYLE_AND_SCRIPT(c);
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="${texts.culture}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${faviconLinks(c.get('config').appBase)}${css}</head>
<body><main>${main}<p><a href="${escapeHtml(c.get('config').dashboardUrl)}">${texts.t('builder.back')}</a></p></main>${js}</body></html>`,
    status,
  );
}

function errorPage(
  c: Context<AppEnv>,
  texts: DashboardTexts,
  message: string,
  status: 400 | 401 | 403 | 404,
  extra = '',
) {
  const title = texts.t('builder.errorTitle');
  return page(
    c,
    texts,
    title,
    `<h1>${title}</h1><p role="alert" data-testid="builder-error">${message}</p>${extra}`,
    status,
  );
}

/** Stands in for the builder's editor: the document the link names, with download, print and e-mail. */
export function builderRoutes() {
  const app = new Hono<AppEnv>();
  for (const editor of EDITORS) {
    app.get(
      editor.path,
      contract({
        summary: `The builder's ${editor.kind === 'letter' ? 'cover letter' : editor.kind === 'resume' ? 'resume' : 'mobile resume'} editor (demo), mode=edit&documentid={id}`,
        tags: ['dashboard'],
        auth: 'guest',
        query: editQuery,
        responses: {
          200: htmlPage('The document, ready to edit'),
          400: {
            description: 'The link names no document in edit mode (a page); a query no text can be (the error body)',
            content: { 'text/html': null, 'application/json': apiErrorBody },
          },
          401: htmlPage('Sign in first'),
          403: htmlPage("Another user's document"),
          404: htmlPage('No such document of this kind'),
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const user = c.get('user');
        const url = new URL(c.req.url);
        const texts = dashboardTexts(user?.culture_cd, url.pathname, url.search, c.req.header('accept-language'));
        const { t } = texts;
        if (query.mode?.toLowerCase() !== 'edit' || !isPresentDocumentId(query.documentid))
          return errorPage(c, texts, t('builder.badLink'), 400);
        if (!user) {
          const signIn = `${c.get('config').dashboardUrl}?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
          return errorPage(
            c,
            texts,
            t('builder.signIn'),
            401,
            `<p><a href="${escapeHtml(signIn)}">${t('builder.signInLink')}</a></p>`,
          );
        }
        const [doc] = await c
          .get('db')
          .query<EditedDocument>(
            'select document_id, user_uid, doc_type_cd, name, skin_cd, body, word_count, modified_on from documents where document_id = $1',
            [query.documentid.trim().toLowerCase()],
          );
        if (!doc) return errorPage(c, texts, t('builder.notFound'), 404);
        if (doc.user_uid !== user.user_uid) return errorPage(c, texts, t('builder.forbidden'), 403);
        if (doc.doc_type_cd !== editor.docType) return errorPage(c, texts, t('builder.wrongType'), 404);
        const modified = new Date(doc.modified_on).toLocaleDateString(texts.culture, { dateStyle: 'long' });
        const main = `<p class="demo">${t('builder.demo')}</p>
<h1 data-testid="builder-editor">${t(`builder.${editor.kind}`)}</h1>
<section aria-labelledby="editing-heading" data-testid="builder-document" data-document-id="${escapeHtml(doc.document_id)}">
<h2 id="editing-heading">${t('builder.editing', { name: '\u0001' }).replace('\u0001', shownName(doc.name))}</h2>
<dl><dt>${t('builder.skin')}</dt><dd>${escapeHtml(doc.skin_cd)}</dd><dt>${t('builder.words')}</dt><dd>${doc.word_count}</dd></dl>
<p>${t('documents.modified', { date: modified })}</p>
${documentActions(texts, c.get('config').apiBase, user, doc)}
<h3>${t('builder.content')}</h3>
<pre class="document-body" tabindex="0" aria-label="${t('builder.content')}">${escapeHtml(doc.body)}</pre>
</section>`;
        return page(c, texts, escapeHtml(`${t(`builder.${editor.kind}`)} · ${cutName(doc.name)}`), main, 200);
      },
    );
  }
  return app;
}
