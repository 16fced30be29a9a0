/**
 * Loads what the confirmation shows and reports: the transaction (it must be the signed-in
 * person's), the SKU named in the address, and, best effort, the last cancellation and the
 * configured data-layer event name.
 */
import type { ConfirmedOrder, LastCancellation } from '../../../machines/order-confirmation.rules';
import type { Api } from '../../api';
import { ApiFailure } from '../../api/failure';
import type { ConfigFeatures } from '../../api/schemas/pages';
import type { Transaction } from '../../api/schemas/payments';
import type { Sku } from '../../api/schemas/skus';
import type { Subscription } from '../../api/schemas/subscriptions';

/** The configuration module read for the confirmation's settings. */
export const ORDER_CONFIG_MODULE = 'OrderConfirmation';

export interface OrderSettings {
  dataLayerEventName: string | null;
  affiliateParentOrigin: string | null;
}

const DAY_MS = 86_400_000;

const textIn = (data: unknown, key: string): string | null => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** `dataLayer` (Data.eventName) and `affiliateFlow` (Data.parentOrigin) blocks that are switched on. */
export function orderSettingsFrom(config: ConfigFeatures | null): OrderSettings {
  const block = (code: string) => config?.Features.find((f) => f.FeatureCD === code && f.Config.Show)?.Config.Data;
  return {
    dataLayerEventName: textIn(block('dataLayer'), 'eventName'),
    affiliateParentOrigin: textIn(block('affiliateFlow'), 'parentOrigin'),
  };
}

/** The newest cancellation before the purchase, of another subscription than the one just bought. */
export function lastCancellationBefore(
  subscriptions: Subscription[],
  purchasedAt: string,
  ownSubscriptionId: number | null,
): LastCancellation | null {
  const purchase = Date.parse(purchasedAt);
  if (!Number.isFinite(purchase)) return null;
  const cancelled = subscriptions
    .filter(
      (s) => s.SubscriptionID !== ownSubscriptionId && s.CancelledOn !== null && Date.parse(s.CancelledOn) <= purchase,
    )
    .sort((a, b) => Date.parse(b.CancelledOn!) - Date.parse(a.CancelledOn!));
  const last = cancelled[0];
  return last
    ? { stage: last.StatusCD, daysSince: Math.floor((purchase - Date.parse(last.CancelledOn!)) / DAY_MS) }
    : null;
}

/** A SKU named in the address must be the one the transaction charged for. */
export const skuMatchesTransaction = (sku: Sku, transaction: Transaction): boolean =>
  sku.ProductID === transaction.sku_detail.product_id && sku.Label === transaction.sku_detail.label;

/** Hex SHA-256 of the trimmed, lower-cased address; empty where the browser offers no hashing (plain http). */
export async function emailIdOf(
  email: string,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string> {
  const normalised = email.trim().toLowerCase();
  if (!normalised || !subtle) return '';
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(normalised));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface OrderParts {
  transaction: Transaction;
  sku: Sku | null;
  subscriptions: Subscription[];
  settings: OrderSettings;
  emailId: string;
}

export function toConfirmedOrder(parts: OrderParts): ConfirmedOrder {
  const { transaction, sku } = parts;
  return {
    orderId: transaction.transaction_id,
    skuId: sku?.SkuID ?? null,
    transactionType: transaction.transaction_type,
    statusCD: transaction.status_cd,
    productId: transaction.sku_detail.product_id,
    skuLabel: transaction.sku_detail.label,
    skuTypeCD: sku?.SkuTypeCD ?? transaction.sku_detail.type_cd,
    offering: sku?.Title ?? transaction.sku_detail.label,
    planTier: sku?.PlanTier ?? null,
    upsellCode: transaction.sub_type,
    purchasedAt: transaction.created_at,
    price: transaction.price,
    currencyCD: transaction.currency_cd,
    paymentMethod: transaction.payment_method_cd,
    cardType: transaction.card_type,
    lastCancellation: lastCancellationBefore(parts.subscriptions, transaction.created_at, transaction.subscription_id),
    dataLayerEventName: parts.settings.dataLayerEventName,
    emailId: parts.emailId,
  };
}

export interface OrderLoaderDeps {
  api: Pick<Api, 'payments' | 'skus' | 'subscriptions' | 'config'>;
  userId: string;
  email: string;
  /** Told the settings as soon as they are read, for the effects that need them. */
  onSettings?: (settings: OrderSettings) => void;
}

const notFound = (what: string) => new ApiFailure('notFound', 404, 'NOT_FOUND', `${what} was not found.`);

/** The `loadOrder` actor's work: rejects with an ApiFailure whose kind the machine reads. */
export function createOrderLoader(deps: OrderLoaderDeps) {
  return async ({ orderId, skuId }: { orderId: number; skuId: number | null }): Promise<ConfirmedOrder> => {
    const [transaction, sku, subscriptions, config, emailId] = await Promise.all([
      deps.api.payments.transactionDetail(deps.userId, orderId),
      skuId === null ? Promise.resolve(null) : deps.api.skus.byId(skuId),
      deps.api.subscriptions
        .list(deps.userId)
        .then((answer) => answer.Subscriptions)
        .catch(() => []),
      deps.api.config.features(ORDER_CONFIG_MODULE).catch(() => null),
      emailIdOf(deps.email).catch(() => ''),
    ]);
    if (sku && !skuMatchesTransaction(sku, transaction)) throw notFound('This SKU in this order');
    const settings = orderSettingsFrom(config);
    deps.onSettings?.(settings);
    return toConfirmedOrder({ transaction, sku, subscriptions, settings, emailId });
  };
}
