/**
 * What the checkout keeps in the browser:
 * - one checkout session id per person, plan and payment method, in session storage, so a
 *   reload, the back button or a second click reuses the id and the server answers the first
 *   charge again instead of charging twice;
 * - the plan left in the cart, in local storage, for the abandon-cart page.
 */
import { pickStorage, readItem, removeItem, writeItem, type KeyValueStorage } from '../../domain/storage';

const sessionKey = (userUid: string, skuId: number, method: string) => `checkout-session:${userUid}:${skuId}:${method}`;
const cartKey = (userUid: string) => `cart:${userUid}`;

const sessionStore = (): KeyValueStorage | null =>
  pickStorage(
    () => window.sessionStorage,
    () => window.localStorage,
  );
const localStore = (): KeyValueStorage | null =>
  pickStorage(
    () => window.localStorage,
    () => window.sessionStorage,
  );

export function checkoutSessionFor(
  userUid: string,
  skuId: number,
  method: string,
  newId: () => string = () => crypto.randomUUID(),
): string {
  const storage = sessionStore();
  const key = sessionKey(userUid, skuId, method);
  const existing = readItem(storage, key);
  if (existing && /^[0-9a-f-]{36}$/i.test(existing)) return existing;
  const id = newId();
  writeItem(storage, key, id);
  return id;
}

/** After a successful payment the next checkout is a new one. */
export function forgetCheckoutSessions(userUid: string): void {
  const storage = window.sessionStorage;
  for (let i = storage.length - 1; i >= 0; i -= 1) {
    const key = storage.key(i);
    if (key?.startsWith(`checkout-session:${userUid}:`)) storage.removeItem(key);
  }
}

export function rememberCart(userUid: string, skuId: number): void {
  writeItem(localStore(), cartKey(userUid), String(skuId));
}

export function savedCart(userUid: string): number | null {
  const value = Number(readItem(localStore(), cartKey(userUid)));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function forgetCart(userUid: string): void {
  removeItem(localStore(), cartKey(userUid));
}
