/**
 * The tag-manager data layer (§7 "Data layer push after order confirmation"): the event name
 * comes from config, the category is payment and the action click, with virtualurl, price,
 * productID and emailid; Zipcode, TransactionID, email and currencyCD only when known.
 */

export interface OrderDataLayerInput {
  /** The event name from config. */
  eventName: string;
  virtualUrl: string;
  price: number;
  productId: string | number;
  emailId: string;
  zipCode?: string | null;
  transactionId?: string | number | null;
  email?: string | null;
  currencyCode?: string | null;
}

export interface OrderDataLayerPayload {
  event: string;
  category: 'payment';
  action: 'click';
  virtualurl: string;
  price: number;
  productID: string;
  emailid: string;
  Zipcode?: string;
  TransactionID?: string;
  email?: string;
  currencyCD?: string;
}

const present = (value: string | number | null | undefined): string | undefined => {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
};

/** The payload, or null when the config has no event name or the price is not a number. */
export function buildOrderDataLayerPayload(input: OrderDataLayerInput): OrderDataLayerPayload | null {
  const event = present(input.eventName);
  if (!event || !Number.isFinite(input.price)) return null;
  const payload: OrderDataLayerPayload = {
    event,
    category: 'payment',
    action: 'click',
    virtualurl: input.virtualUrl.trim(),
    price: Math.round(input.price * 100) / 100,
    productID: present(input.productId) ?? '',
    emailid: input.emailId.trim(),
  };
  const zip = present(input.zipCode);
  if (zip) payload.Zipcode = zip;
  const transactionId = present(input.transactionId);
  if (transactionId) payload.TransactionID = transactionId;
  const email = present(input.email);
  if (email) payload.email = email;
  const currency = present(input.currencyCode);
  if (currency) payload.currencyCD = currency.toUpperCase();
  return payload;
}

export interface DataLayerHost {
  dataLayer?: unknown[];
}

/** Appends to `host.dataLayer`, creating it if needed; the tag manager reads it when it loads. */
export function pushToDataLayer(host: DataLayerHost, payload: object): void {
  if (!Array.isArray(host.dataLayer)) host.dataLayer = [];
  host.dataLayer.push(payload);
}
