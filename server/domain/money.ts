/** The API's Formatted* fields are written by the one money formatter the pages use too, with the same rules. */
export { formatMoney } from '../../src/server-drawn';

/** numeric columns arrive as strings from both drivers; the API speaks numbers. */
export const toAmount = (value: string | number): number => Math.round(Number(value) * 100) / 100;
