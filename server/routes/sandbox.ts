import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env';
import { readQuery } from '../http/validate';
import { uuid } from '../../src/api/schemas/common';

const dir = fileURLToPath(new URL('../sandbox/', import.meta.url));
const read = (name: string) => readFileSync(dir + name, 'utf8');
const ASSETS: Record<string, { body: string; type: string }> = {
  'card-frame.js': { body: read('card-frame.js'), type: 'text/javascript; charset=utf-8' },
  'test-cards.js': { body: read('test-cards.js'), type: 'text/javascript; charset=utf-8' },
  'card-frame.css': { body: read('card-frame.css'), type: 'text/css; charset=utf-8' },
};
const TEMPLATE = read('card-frame.html');

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
  },
};

const frameQuery = z.object({
  skuId: z.coerce.number().int().positive(),
  sessionGuid: uuid,
  lang: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/).default('en-US'),
  parentOrigin: z.url().optional(),
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const SANDBOX_PATH = '/sandbox';

export function sandboxRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/card-frame', (c) => {
    const query = readQuery(c, frameQuery);
    const own = new URL(c.req.url).origin;
    // The frame talks only to this app, or to an origin the operator configured.
    const parentOrigin = query.parentOrigin && c.var.config.allowedOrigins.includes(query.parentOrigin) ? query.parentOrigin : own;
    const language = query.lang.slice(0, 2);
    const texts = FRAME_TEXTS[language] ?? FRAME_TEXTS.en!;
    const values: Record<string, string> = {
      ...texts,
      lang: query.lang,
      base: SANDBOX_PATH,
      parentOrigin,
      apiBase: c.var.config.apiBase,
      skuId: String(query.skuId),
      sessionGuid: query.sessionGuid,
    };
    let html = TEMPLATE.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (key === 'texts' ? '' : escapeHtml(values[key] ?? '')));
    html = html.replace('<script type="application/json" id="texts"></script>', `<script type="application/json" id="texts">${JSON.stringify(texts).replace(/</g, '\\u003c')}</script>`);
    c.header('Content-Security-Policy', `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors ${parentOrigin === own ? "'self'" : `'self' ${parentOrigin}`}; base-uri 'none'; form-action 'none'`);
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  });

  app.get('/:asset', (c) => {
    const asset = ASSETS[c.req.param('asset')];
    if (!asset) return c.notFound();
    return c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'no-cache' });
  });

  return app;
}
