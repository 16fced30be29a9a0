/**
 * The receipt of one transaction (spec §3 Transaction) as a PDF, in the person's culture, with
 * the labels and formats of the transaction detail page. It is drawn from the stored record
 * only: nothing the browser sends reaches it.
 */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import type { Transaction } from '../../src/api/schemas/payments';
import { CULTURES, DEFAULT_CULTURE, receiptLines, type Culture } from '../../src/server-drawn';
import { isWinAnsiText, textToPdf } from './pdf';

const NAMESPACE = 'billing';
const textsByCulture = new Map<Culture, TFunction>();

function billingTexts(culture: Culture): TFunction {
  let t = textsByCulture.get(culture);
  if (!t) {
    const read = (c: Culture) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${c}/${NAMESPACE}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
    const texts = i18next.createInstance();
    const resources = Object.fromEntries([...new Set([culture, DEFAULT_CULTURE])].map((c) => [c, { [NAMESPACE]: read(c) }]));
    // Resources are in memory, so initialisation is synchronous.
    void texts.init({ resources, lng: culture, fallbackLng: DEFAULT_CULTURE, defaultNS: NAMESPACE, ns: [NAMESPACE], initAsync: false, interpolation: { escapeValue: false } });
    t = texts.getFixedT(culture, NAMESPACE);
    textsByCulture.set(culture, t);
  }
  return t;
}

const supportedCulture = (culture: string | null | undefined): Culture => (CULTURES as readonly string[]).includes(culture ?? '') ? (culture as Culture) : DEFAULT_CULTURE;

export function receiptPdf(transaction: Transaction, customer: { name: string; email: string }, culture: string | null | undefined): Buffer {
  const lang = supportedCulture(culture);
  const t = billingTexts(lang);
  const lines = receiptLines(transaction, customer, lang, t, isWinAnsiText);
  return textToPdf(`${lines[0]} ${transaction.transaction_id}`, lines);
}
