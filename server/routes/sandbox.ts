import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contract, htmlPage } from '../http/contract';
import type { AppEnv } from '../http/env';
import { formatMoney, toAmount } from '../domain/money';
import { productNameFor, transactionIdentity } from '../domain/product-catalogue';
import { renderApmPage, renderApmProblem, type ApmMethod } from '../sandbox/apm-page';
import { uuid } from '../../src/api/schemas/common';
import { paymentMethodCode } from '../../src/api/schemas/payments';
import { idText } from '../../src/api/schemas/blocks';

const dir = fileURLToPath(new URL('../sandbox/', import.meta.url));
const read = (name: string) => readFileSync(dir + name, 'utf8');
/** A Map, so that a name from the path ("constructor", "__proto__") finds nothing it was not given. */
const ASSETS = new Map<string, { body: string; type: string }>([
  ['card-frame.js', { body: read('card-frame.js'), type: 'text/javascript; charset=utf-8' }],
  ['test-cards.js', { body: read('test-cards.js'), type: 'text/javascript; charset=utf-8' }],
  ['card-frame.css', { body: read('card-frame.css'), type: 'text/css; charset=utf-8' }],
  ['apm.css', { body: read('apm.css'), type: 'text/css; charset=utf-8' }],
]);
const TEMPLATE = read('card-frame.html');
const CARD_FIELDS = read('card-fields.html');

const FRAME_TEXTS: Record<string, Record<string, string>> = {
  en: {
    title: 'Card details',
    note: 'Test mode: no real money moves. Use a test card.',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    pay: 'Pay now',
    processing: 'Processing your payment…',
    succeeded: 'Payment received.',
    declined: 'Your card was declined. Check the details or use another card.',
    alreadySubscribed: 'You already have an active plan.',
    failed: 'We could not reach the payment service. Please try again.',
    errorNumber: 'Enter a valid card number.',
    errorExpiry: 'Enter an expiry date in the future, as MM/YY.',
    errorCvc: 'Enter the 3 or 4 digit security code.',
    apmTitle: 'Payment method',
    apmNote: 'Test mode: you approve the payment on a sandbox page. No real money moves.',
    continuePYPL: 'Continue with PayPal',
    continueDUPI: 'Continue with UPI',
    redirecting: 'Taking you to the payment page…',
    updateTitle: 'New card',
    updateNote: 'Test mode: the card is checked and kept on file. Nothing is charged.',
    save: 'Save card',
  },
  de: {
    title: 'Kartendaten',
    note: 'Testmodus: Es fließt kein echtes Geld. Verwenden Sie eine Testkarte.',
    cardNumber: 'Kartennummer',
    expiry: 'Ablaufdatum (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    pay: 'Jetzt bezahlen',
    processing: 'Ihre Zahlung wird verarbeitet …',
    succeeded: 'Zahlung erhalten.',
    declined: 'Ihre Karte wurde abgelehnt. Prüfen Sie die Angaben oder nutzen Sie eine andere Karte.',
    alreadySubscribed: 'Sie haben bereits ein aktives Abo.',
    failed: 'Der Zahlungsdienst ist nicht erreichbar. Bitte versuchen Sie es erneut.',
    errorNumber: 'Geben Sie eine gültige Kartennummer ein.',
    errorExpiry: 'Geben Sie ein zukünftiges Ablaufdatum im Format MM/JJ ein.',
    errorCvc: 'Geben Sie die 3- oder 4-stellige Prüfnummer ein.',
    apmTitle: 'Zahlungsart',
    apmNote: 'Testmodus: Sie bestätigen die Zahlung auf einer Sandbox-Seite. Es fließt kein echtes Geld.',
    continuePYPL: 'Weiter mit PayPal',
    continueDUPI: 'Weiter mit UPI',
    redirecting: 'Sie werden zur Zahlungsseite weitergeleitet …',
    updateTitle: 'Neue Karte',
    updateNote: 'Testmodus: Die Karte wird geprüft und hinterlegt. Es wird nichts abgebucht.',
    save: 'Karte speichern',
  },
};

const language = z._default(z.string().check(z.regex(/^[a-z]{2}(-[A-Z]{2})?$/)), 'en-US');

const frameQuery = z.object({
  skuId: idText(),
  sessionGuid: uuid,
  lang: language,
  /** The embedding page's origin (scheme, host and port, as `location.origin` writes it): framing is allowed only for a configured one. */
  parentOrigin: z.optional(
    z.string().check(z.regex(/^https?:\/\/[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/, 'must be an origin')),
  ),
  /** CRCD (card fields, the default), or an alternative method: PYPL, DUPI. */
  method: z._default(paymentMethodCode, 'CRCD'),
  /** pay (checkout, the default), or update: the card is checked and handed to the page to keep on file, never charged. */
  mode: z._default(z.enum(['pay', 'update']), 'pay'),
  /** Set when the frame pays an add-on to this order (the upsell's other card after a decline). */
  orderId: z.optional(idText('bigint')),
  /** Who tells the person how the payment went: the frame's own status line (the default), or the page, which then shows it alone. */
  notices: z._default(z.enum(['frame', 'page']), 'frame'),
});

const apmQuery = z.object({
  transactionId: idText('bigint'),
  skuId: idText(),
  method: z.enum(['PYPL', 'DUPI']),
  lang: language,
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(values[key] ?? ''));

interface PendingSale {
  status_cd: 'PEND' | 'SUCC' | 'FAIL';
  sku_id: number;
  payment_method_cd: string;
  price: string;
  currency_cd: string;
  label: string;
  product_id: string;
  sku_type_cd: string;
}

export const SANDBOX_PATH = '/sandbox';

export function sandboxRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/card-frame',
    contract({
      summary: 'The sandbox card frame (or the start of another method)',
      tags: ['sandbox'],
      auth: 'guest',
      query: frameQuery,
      responses: { 200: htmlPage('The frame') },
    }),
    (c) => {
      const query = c.req.valid('query');
      const own = new URL(c.req.url).origin;
      // The frame talks only to this app, or to an origin the operator configured.
      const parentOrigin =
        query.parentOrigin && c.get('config').allowedOrigins.includes(query.parentOrigin) ? query.parentOrigin : own;
      const language = query.lang.slice(0, 2);
      const texts = (Object.hasOwn(FRAME_TEXTS, language) ? FRAME_TEXTS[language] : undefined) ?? FRAME_TEXTS.en!;
      const isUpdate = query.mode === 'update';
      // Only a card can be put on file from the frame.
      const isCard = isUpdate || query.method === 'CRCD';
      const values: Record<string, string> = {
        ...texts,
        ...(isCard ? {} : { title: texts.apmTitle!, note: texts.apmNote!, pay: texts[`continue${query.method}`]! }),
        ...(isUpdate ? { title: texts.updateTitle!, note: texts.updateNote!, pay: texts.save! } : {}),
        mode: query.mode,
        lang: query.lang,
        base: SANDBOX_PATH,
        parentOrigin,
        apiBase: c.get('config').apiBase,
        skuId: String(query.skuId),
        sessionGuid: query.sessionGuid,
        method: isCard ? 'CRCD' : query.method,
        orderId: query.orderId === undefined ? '' : String(query.orderId),
        notices: query.notices,
      };
      const html = fill(TEMPLATE, values)
        .replace('<!--fields-->', isCard ? fill(CARD_FIELDS, values) : '')
        .replace(
          '<script type="application/json" id="texts"></script>',
          `<script type="application/json" id="texts">${JSON.stringify(texts).replace(/</g, '\\u003c')}</script>`,
        );
      c.header(
        'Content-Security-Policy',
        `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors ${parentOrigin === own ? "'self'" : `'self' ${parentOrigin}`}; base-uri 'none'; form-action 'none'`,
      );
      c.header('Cache-Control', 'no-store');
      return c.html(html);
    },
  );

  /**
   * The alternative method's approval page, opened by the whole checkout page after the frame's
   * REDIRECT-APM-URL. Only the signed-in person's own pending sale is shown; its Approve and
   * Cancel lead to the app's processing page, which completes or cancels it.
   */
  app.get(
    '/apm',
    contract({
      summary: "A pending payment's approval page at another payment method",
      tags: ['sandbox'],
      auth: 'guest',
      query: apmQuery,
      responses: {
        200: htmlPage('The approval page'),
        401: htmlPage('A page asking to sign in'),
        404: htmlPage('A page saying there is no such pending payment'),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const stylesheet = `${SANDBOX_PATH}/apm.css`;
      c.header('Cache-Control', 'no-store');
      const user = c.get('user');
      if (!user) return c.html(renderApmProblem(query.lang, query.method, 'signIn', stylesheet), 401);
      const [sale] = await c.get('db').query<PendingSale>(
        `select t.status_cd, t.sku_id, t.payment_method_cd, t.price, t.currency_cd, s.label, s.product_id, s.sku_type_cd
       from transactions t join skus s on s.sku_id = t.sku_id
       where t.transaction_id = $1 and t.user_uid = $2 and t.transaction_type = 'SALE'`,
        [query.transactionId, user.user_uid],
      );
      if (!sale || sale.sku_id !== query.skuId || sale.payment_method_cd !== query.method) {
        return c.html(renderApmProblem(query.lang, query.method, 'notFound', stylesheet), 404);
      }
      const html = renderApmPage({
        lang: query.lang,
        stylesheet,
        back: {
          processingPath: `${c.get('config').appBase}/processing`,
          transactionId: query.transactionId,
          skuId: sale.sku_id,
          method: query.method as ApmMethod,
        },
        // Named as the app names it, in the page's language (the catalogue), not by the database's English label.
        planLabel: productNameFor(
          query.lang,
          transactionIdentity({ product_id: sale.product_id, type_cd: sale.sku_type_cd, label: sale.label }),
        ),
        formattedAmount: formatMoney(toAmount(sale.price), sale.currency_cd, query.lang),
        status: sale.status_cd,
      });
      return c.html(html);
    },
  );

  app.get(
    '/:asset',
    contract({
      summary: "A script or style sheet of the sandbox's pages",
      tags: ['sandbox'],
      auth: 'guest',
      responses: { 200: { description: 'The file', content: { 'text/javascript': null, 'text/css': null } } },
      errors: [404],
    }),
    (c) => {
      const asset = ASSETS.get(c.req.param('asset'));
      if (!asset) return c.notFound();
      return c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'no-cache' });
    },
  );

  return app;
}
