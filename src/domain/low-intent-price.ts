/**
 * The strike-through price beside each low-intent offer (spec §9 "Low-intent fallback
 * strike-through prices"): what the extra is normally worth, in the visitor's currency.
 *
 * - Configuration (`Data.strikePrices` of the `lowIntentOffer` block, currency → amount)
 *   wins over the fallback table.
 * - A currency in neither gets the euro default.
 * - Formatting is `formatMoney`'s (symbol after the number for EUR, SAR and AED), except
 *   that for these prices only SAR, AED and CHF are spaced: the euro sign follows the number
 *   directly. Always two decimals, JPY included, as the table has them.
 */
import { formatMoney, symbolIsSpaced } from './money';

export const LOW_INTENT_FALLBACK_PRICES: Readonly<Record<string, number>> = {
  GBP: 19.95,
  SAR: 94.95,
  USD: 25.95,
  EUR: 24.95,
  AED: 92.95,
  INR: 2182.95,
  AUD: 39.95,
  NZD: 43.95,
  SGD: 33.95,
  CHF: 26.95,
  CAD: 34.95,
  JPY: 3371.95,
};

export const LOW_INTENT_DEFAULT_CURRENCY = 'EUR';

const code = (currency: string | null | undefined) => (currency ?? '').trim().toUpperCase();

const asAmount = (value: unknown): number | null => {
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(amount) && amount > 0 ? amount : null;
};

/** The `strikePrices` a config block carries, by upper-case currency; entries that are not positive amounts are left out. */
export function strikePricesFromConfig(data: unknown): Record<string, number> {
  const listed =
    typeof data === 'object' && data !== null && 'strikePrices' in data
      ? (data as { strikePrices: unknown }).strikePrices
      : null;
  if (typeof listed !== 'object' || listed === null || Array.isArray(listed)) return {};
  const prices: Record<string, number> = {};
  for (const [currency, value] of Object.entries(listed)) {
    const amount = asAmount(value);
    if (amount !== null && code(currency) !== '') prices[code(currency)] = amount;
  }
  return prices;
}

export interface StrikePrice {
  amount: number;
  currency: string;
}

/** The amount to strike through for a currency: configuration, else the table, else the euro default. */
export function lowIntentStrikePrice(currency: string | null | undefined, configData?: unknown): StrikePrice {
  const wanted = code(currency);
  const configured = strikePricesFromConfig(configData)[wanted];
  if (configured !== undefined) return { amount: configured, currency: wanted };
  const fallback = LOW_INTENT_FALLBACK_PRICES[wanted];
  if (fallback !== undefined) return { amount: fallback, currency: wanted };
  return { amount: LOW_INTENT_FALLBACK_PRICES[LOW_INTENT_DEFAULT_CURRENCY]!, currency: LOW_INTENT_DEFAULT_CURRENCY };
}

/** The euro sign is the one spaced symbol of `formatMoney` that these prices write without a space. */
const isSpacedHere = (currency: string) => currency !== 'EUR' && symbolIsSpaced(currency);

/** `formatStrikePrice({ amount: 94.95, currency: 'SAR' }, 'en-US')` → "94.95 SAR" (no-break space); EUR → "24.95€". */
export function formatStrikePrice(price: StrikePrice, culture: string): string {
  return formatMoney(price.amount, price.currency, {
    culture,
    fractionDigits: 2,
    space: isSpacedHere(code(price.currency)),
  });
}
