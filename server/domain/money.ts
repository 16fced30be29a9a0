/** Formats an amount for display on the server side (stored in API answers as Formatted* fields). */
export function formatMoney(amount: number, currencyCd: string, cultureCd: string): string {
  return new Intl.NumberFormat(cultureCd, { style: 'currency', currency: currencyCd }).format(amount);
}

/** numeric columns arrive as strings from both drivers; the API speaks numbers. */
export const toAmount = (value: string | number): number => Math.round(Number(value) * 100) / 100;
