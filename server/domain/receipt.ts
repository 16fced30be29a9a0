/**
 * The receipt of one transaction (spec §3 Transaction) as a PDF, in the person's culture: laid out
 * from the stored record and the market's seller (receipt-layout.ts), then rendered
 * (receipt-pdf.ts). Nothing the browser sends reaches it but the time zone of its date.
 */
import type { TFunction } from 'i18next';
import { supportedCulture, type Culture } from '../../src/server-drawn';
import { cultureTexts } from './culture-texts';
import { measureText } from './pdf-fonts';
import { layoutReceipt, type ReceiptInput } from './receipt-layout';
import { renderReceiptPdf } from './receipt-pdf';

/** The billing texts of a culture, which the billing pages show too. */
export const receiptTexts = (culture: Culture): TFunction => cultureTexts('billing', culture);

export async function receiptPdf(
  input: Omit<ReceiptInput, 'culture'> & { culture: string | null | undefined },
): Promise<Uint8Array> {
  const culture = supportedCulture(input.culture);
  return renderReceiptPdf(layoutReceipt({ ...input, culture }, receiptTexts(culture), measureText));
}
