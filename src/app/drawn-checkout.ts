import { DRAWN_CHECKOUT_ID, drawnCheckout } from './drawn-checkout-data';
import { drawnInPage } from './drawn-in-page';

/** The checkout top the server drew into this page (drawn-checkout-data.ts), as the app reads it. */
const checkout = drawnInPage(DRAWN_CHECKOUT_ID, drawnCheckout);

/** The checkout the server drew, while the address is still the one it drew it for. */
export const drawnCheckoutAt = checkout.at;

export const forgetDrawnCheckoutUnless = checkout.forgetUnless;
