import { DRAWN_CHECKOUT_ID, drawnCheckout, type DrawnCheckout } from './drawn-checkout-data';

/** The checkout top the server drew into this page (drawn-checkout-data.ts), as the app reads it. */
let drawn: DrawnCheckout | null | undefined;

/** What the server drew into this page, read once; null when it drew no checkout or the script is not valid. */
function drawnInPage(): DrawnCheckout | null {
  if (drawn === undefined) {
    const text = typeof document === 'undefined' ? null : (document.getElementById(DRAWN_CHECKOUT_ID)?.textContent ?? null);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const result = drawnCheckout.safeParse(parsed);
    drawn = result.success ? result.data : null;
  }
  return drawn;
}

/** The checkout the server drew, while the address is still the one it drew it for. */
export function drawnCheckoutAt(location: { pathname: string; search: string }): DrawnCheckout | null {
  const data = drawnInPage();
  return data && data.href === location.pathname + location.search ? data : null;
}

/** Once the app has moved to another address, the drawn top belongs to the past: going back loads afresh. */
export function forgetDrawnCheckoutUnless(location: { pathname: string; search: string }): void {
  if (drawnInPage() && drawnCheckoutAt(location) === null) drawn = null;
}
