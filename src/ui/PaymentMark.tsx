import type { ReactNode } from 'react';
import { PAYMENT_MARK_NAMES, type PaymentMark as PaymentMarkId } from '../domain/sell-blocks';

/**
 * Card-brand and payment-method marks: small card-shaped SVGs drawn for this app in the spirit of
 * each brand (its colours, its name), not copies of the brands' artwork. A mark is an image named
 * by the brand; beside a text that already names it (a card "ending in 4242") it is decorative.
 */
const MARKS: Record<PaymentMarkId, { card: string; art: ReactNode }> = {
  visa: {
    card: '#ffffff',
    art: (
      <text x="24" y="21" textAnchor="middle" fontSize="14" fontWeight="800" fontStyle="italic" fill="#1a1f71" fontFamily="Arial, Helvetica, sans-serif" letterSpacing="0.5">
        VISA
      </text>
    ),
  },
  mastercard: {
    card: '#ffffff',
    art: (
      <>
        <circle cx="19" cy="16" r="9" fill="#eb001b" />
        <circle cx="29" cy="16" r="9" fill="#f79e1b" />
        <path d="M24 8.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00" />
      </>
    ),
  },
  amex: {
    card: '#1f72cd',
    art: (
      <text x="24" y="20.5" textAnchor="middle" fontSize="11" fontWeight="800" fill="#ffffff" fontFamily="Arial, Helvetica, sans-serif" letterSpacing="0.5">
        AMEX
      </text>
    ),
  },
  discover: {
    card: '#ffffff',
    art: (
      <>
        <text x="4" y="19.5" fontSize="7.5" fontWeight="700" fill="#231f20" fontFamily="Arial, Helvetica, sans-serif">
          DISC
        </text>
        <circle cx="26.5" cy="16.8" r="3.6" fill="#f47216" />
        <text x="30.5" y="19.5" fontSize="7.5" fontWeight="700" fill="#231f20" fontFamily="Arial, Helvetica, sans-serif">
          VER
        </text>
        <path d="M30 32h16a2 2 0 0 0 2-2V24z" fill="#f47216" />
      </>
    ),
  },
  rupay: {
    card: '#ffffff',
    art: (
      <>
        <text x="5" y="20" fontSize="10" fontWeight="800" fontStyle="italic" fill="#1b3f8b" fontFamily="Arial, Helvetica, sans-serif">
          RuPay
        </text>
        <path d="M38 10l5 6l-5 6z" fill="#f47216" />
        <path d="M34 10l5 6l-5 6z" fill="#138808" />
      </>
    ),
  },
  paypal: {
    card: '#ffffff',
    art: (
      <text x="24" y="20" textAnchor="middle" fontSize="10.5" fontWeight="800" fontStyle="italic" fontFamily="Arial, Helvetica, sans-serif">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#0079c1">Pal</tspan>
      </text>
    ),
  },
  upi: {
    card: '#ffffff',
    art: (
      <>
        <text x="6" y="21" fontSize="12" fontWeight="800" fontStyle="italic" fill="#4a4a4a" fontFamily="Arial, Helvetica, sans-serif">
          UPI
        </text>
        <path d="M32 8l6 8l-6 8z" fill="#f47216" />
        <path d="M37 8l6 8l-6 8z" fill="#138808" />
      </>
    ),
  },
};

export interface PaymentMarkProps {
  mark: PaymentMarkId;
  /** Beside a text that names the brand: hidden from assistive technology. */
  decorative?: boolean;
  /** Height in CSS pixels; the mark is 3:2. */
  height?: number;
}

/** One payment mark, 48 × 32 units: a card of the brand's colour with its mark on it. */
export function PaymentMark({ mark, decorative = false, height = 24 }: PaymentMarkProps) {
  const { card, art } = MARKS[mark];
  const name = PAYMENT_MARK_NAMES[mark];
  const naming = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': name };
  return (
    <svg className={`payment-mark payment-mark--${mark}`} viewBox="0 0 48 32" width={height * 1.5} height={height} focusable="false" data-mark={mark} {...naming}>
      <rect className="payment-mark__edge" x="0.5" y="0.5" width="47" height="31" rx="4" fill={card} />
      {art}
    </svg>
  );
}

/** The mark of a card brand as the API names it (VISA, MASTERCARD, AMEX, DISCOVER, RUPAY), or null for one without a mark. */
export function markOfCardBrand(brand: string | null | undefined): PaymentMarkId | null {
  const key = brand?.trim().toUpperCase() ?? '';
  const marks: Record<string, PaymentMarkId> = { VISA: 'visa', MASTERCARD: 'mastercard', MC: 'mastercard', AMEX: 'amex', DISCOVER: 'discover', RUPAY: 'rupay' };
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
