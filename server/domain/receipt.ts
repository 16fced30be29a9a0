/**
 * The receipt of one transaction (spec §3 Transaction) as a PDF, in the person's culture: laid out
 * from the stored record and the market's seller (receipt-layout.ts), then rendered
 * (receipt-pdf.ts). Nothing the browser sends reaches it but the time zone of its date.
 */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_CULTURE, supportedCulture, type Culture } from '../../src/server-drawn';
import { measureText } from './pdf-fonts';
import { layoutReceipt, type ReceiptInput } from './receipt-layout';
import { renderReceiptPdf } from './receipt-pdf';

const NAMESPACE = 'billing';
const textsByCulture = new Map<Culture, TFunction>();

/** The billing texts of a culture, which the billing pages show too, read once per culture. */
export function receiptTexts(culture: Culture): TFunction {
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

export async function receiptPdf(input: Omit<ReceiptInput, 'culture'> & { culture: string | null | undefined }): Promise<Uint8Array> {
  const culture = supportedCulture(input.culture);
  return renderReceiptPdf(layoutReceipt({ ...input, culture }, receiptTexts(culture), measureText));
}
