import { drawnCheckoutAt } from '../../../app/drawn-checkout';
import type { DrawnCheckoutView } from './CheckoutTop';

/** The checkout top the server drew for this address, if it did: shown until the funnel has answered. */
export const useDrawnCheckout = (): DrawnCheckoutView | null => drawnCheckoutAt(window.location);
