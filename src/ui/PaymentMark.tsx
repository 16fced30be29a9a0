import type { ReactNode } from 'react';
import { PAYMENT_MARK_NAMES, type PaymentMark as PaymentMarkId } from '../domain/sell-blocks';

/**
 * Card-brand and payment-method marks: small card-shaped SVGs drawn for this app in the spirit of
 * each brand (its colours, its name), not copies of the brands' artwork. Each is an image (an SVG
 * data URL, which the page's policy allows) named by the brand in its alt text; beside words that
 * already name it (a card "ending in 4242") its alt is empty. As an image, a mark's lettering is
 * no part of the page's text.
 */
const FONT = 'font-family="Arial, Helvetica, sans-serif"';
const MARKS: Record<PaymentMarkId, { card: string; art: string }> = {
  visa: {
    card: '#ffffff',
    art: `<text x="24" y="21" text-anchor="middle" font-size="14" font-weight="800" font-style="italic" fill="#1a1f71" ${FONT} letter-spacing="0.5">VISA</text>`,
  },
  mastercard: {
    card: '#ffffff',
    art: '<circle cx="19" cy="16" r="9" fill="#eb001b"/><circle cx="29" cy="16" r="9" fill="#f79e1b"/><path d="M24 8.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00"/>',
  },
  amex: {
    card: '#1f72cd',
    art: `<text x="24" y="20.5" text-anchor="middle" font-size="11" font-weight="800" fill="#ffffff" ${FONT} letter-spacing="0.5">AMEX</text>`,
  },
  discover: {
    card: '#ffffff',
    art: `<text x="4" y="19.5" font-size="7.5" font-weight="700" fill="#231f20" ${FONT}>DISC</text><circle cx="26.5" cy="16.8" r="3.6" fill="#f47216"/><text x="30.5" y="19.5" font-size="7.5" font-weight="700" fill="#231f20" ${FONT}>VER</text><path d="M30 32h16a2 2 0 0 0 2-2V24z" fill="#f47216"/>`,
  },
  rupay: {
    card: '#ffffff',
    art: `<text x="5" y="20" font-size="10" font-weight="800" font-style="italic" fill="#1b3f8b" ${FONT}>RuPay</text><path d="M38 10l5 6l-5 6z" fill="#f47216"/><path d="M34 10l5 6l-5 6z" fill="#138808"/>`,
  },
  paypal: {
    card: '#ffffff',
    art: `<text x="24" y="20" text-anchor="middle" font-size="10.5" font-weight="800" font-style="italic" ${FONT}><tspan fill="#003087">Pay</tspan><tspan fill="#0079c1">Pal</tspan></text>`,
  },
  upi: {
    card: '#ffffff',
    art: `<text x="6" y="21" font-size="12" font-weight="800" font-style="italic" fill="#4a4a4a" ${FONT}>UPI</text><path d="M32 8l6 8l-6 8z" fill="#f47216"/><path d="M37 8l6 8l-6 8z" fill="#138808"/>`,
  },
};

const sources = new Map<PaymentMarkId, string>();
/** A mark's drawing as a data URL, built once. The card's edge is --line-strong's colour. */
function sourceOf(mark: PaymentMarkId): string {
  let source = sources.get(mark);
  if (!source) {
    const { card, art } = MARKS[mark];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32"><rect x="0.5" y="0.5" width="47" height="31" rx="4" fill="${card}" stroke="#6b7380"/>${art}</svg>`;
    source = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    sources.set(mark, source);
  }
  return source;
}

export interface PaymentMarkProps {
  mark: PaymentMarkId;
  /** Beside words that name the brand: an empty alt, so it is not read twice. */
  decorative?: boolean;
  /** Height in CSS pixels; the mark is 3:2. */
  height?: number;
}

/** One payment mark, 48 × 32 units: a card of the brand's colour with its mark on it. */
export function PaymentMark({ mark, decorative = false, height = 24 }: PaymentMarkProps) {
  return (
    <img
      className={`payment-mark payment-mark--${mark}`}
      src={sourceOf(mark)}
      alt={decorative ? '' : PAYMENT_MARK_NAMES[mark]}
      width={height * 1.5}
      height={height}
      data-mark={mark}
    />
  );
}

/** The mark of a card brand as the API names it (VISA, MASTERCARD, AMEX, DISCOVER, RUPAY), or null for one without a mark. */
export function markOfCardBrand(brand: string | null | undefined): PaymentMarkId | null {
  const key = brand?.trim().toUpperCase() ?? '';
  const marks: Record<string, PaymentMarkId> = {
    VISA: 'visa',
    MASTERCARD: 'mastercard',
    MC: 'mastercard',
    AMEX: 'amex',
    DISCOVER: 'discover',
    RUPAY: 'rupay',
  };
  return marks[key] ?? null;
}

/** The mark of a payment method as the API codes it (PYPL, DUPI), or null. */
export function markOfMethod(code: string | null | undefined): PaymentMarkId | null {
  return code === 'PYPL' ? 'paypal' : code === 'DUPI' ? 'upi' : null;
}

/** A payment method in words with its mark before them (the words name it, so the mark is decorative). */
export function PaymentMarkLabel({ mark, children }: { mark: PaymentMarkId | null; children: ReactNode }) {
  return (
    <span className="payment-mark-label">
      {mark ? <PaymentMark mark={mark} decorative height={20} /> : null}
      <span>{children}</span>
    </span>
  );
}
