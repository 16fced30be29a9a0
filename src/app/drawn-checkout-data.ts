import * as z from 'zod/mini';
import { sku } from '../api/schemas/skus';
import { drawnDataScript } from './drawn-data-script';

/**
 * What the server settled when it drew checkout's top for a signed-in person: the address it drew,
 * the plan of the summary and the payment methods. It is in the page (a JSON script with this id)
 * so the app draws the same top until its own funnel has answered; it decides nothing.
 */
export const DRAWN_CHECKOUT_ID = 'drawn-checkout';

export const drawnCheckout = z.object({
  href: z.string(),
  sku,
  paymentMethods: z.array(z.enum(['CRCD', 'PYPL', 'DUPI'])),
});
export type DrawnCheckout = z.infer<typeof drawnCheckout>;

export const drawnCheckoutScript = (data: DrawnCheckout): string => drawnDataScript(DRAWN_CHECKOUT_ID, data);
