/**
 * The one-click add-on of the upsell sequence: a product with an upsell code, bought after a plan,
 * charged on the payment method of that plan's order. It is its own SALE in the billing history,
 * marked with its upsell code. The idempotency key (one per offer and sequence) makes a double
 * click, a reload or the back button charge once: a repeat answers the first result.
 */
import type { z } from 'zod/mini';
import type { Database } from '../db/database';
import { ApiError, forbidden, noSuchSku, notFound, skuNotSold } from '../http/errors';
import { findSku } from '../repositories/skus';
import type { UserRow } from '../repositories/users';
import type { AddOnPaymentResult, addOnPaymentBody } from '../../src/api/schemas/upsell';
import type { PaymentResult } from '../../src/api/schemas/payments';
import { createPayment } from './payments';
import { findKeyedAnswer } from './idempotency';

type AddOnInput = z.output<typeof addOnPaymentBody>;

interface OrderRow {
  user_uid: string;
  status_cd: string;
  transaction_type: string;
  payment_method_cd: string;
  card_type: string | null;
  last_four_digits: string | null;
  plan_tier: string | null;
}

export async function createAddOnPayment(db: Database, user: UserRow, input: AddOnInput): Promise<AddOnPaymentResult> {
  const sku = await findSku(db, input.sku_id);
  if (!sku) throw noSuchSku();
  if (!sku.upsell_cd || sku.plan_tier) throw skuNotSold('this SKU is not an add-on');
  if (sku.portal_id !== user.portal_id && sku.country_cd !== user.country_cd)
    throw skuNotSold('this SKU is not sold in your market');

  const [order] = await db.query<OrderRow>(
    `select t.user_uid, t.status_cd, t.transaction_type, t.payment_method_cd, t.card_type, t.last_four_digits, s.plan_tier
     from transactions t join skus s on s.sku_id = t.sku_id where t.transaction_id = $1`,
    [input.order_id],
  );
  if (!order) throw notFound('The order');
  if (order.user_uid !== user.user_uid) throw forbidden();

  const answer = (result: PaymentResult): AddOnPaymentResult => ({
    PaymentStatus: result.PaymentStatus === 'SUCC' ? 'SUCC' : 'FAIL',
    TransactionID: result.TransactionID,
    SkuID: result.SkuID,
    UpsellCD: sku.upsell_cd!,
    Amount: result.Amount,
    CurrencyCD: result.CurrencyCD,
    PaymentMethodCD: input.card ? 'CRCD' : order.payment_method_cd,
    CardType: input.card?.card_type ?? order.card_type,
    FailureCode: result.FailureCode,
    Replayed: result.Replayed,
  });

  // A repeat of this add-on's charge answers the first result, whatever has happened since.
  const replay = async () => {
    const stored = await findKeyedAnswer<PaymentResult>(db, 'payment', input.session_guid);
    if (!stored) return null;
    if (stored.user_uid !== user.user_uid)
      throw new ApiError(409, 'SESSION_GUID_IN_USE', 'This checkout session belongs to another user.');
    if (stored.response.SkuID !== sku.sku_id)
      throw new ApiError(409, 'SESSION_GUID_IN_USE', 'This key was used for another purchase.');
    return answer({ ...stored.response, Replayed: true });
  };
  const first = await replay();
  if (first) return first;

  if (order.transaction_type !== 'SALE' || order.status_cd !== 'SUCC' || !order.plan_tier) {
    throw new ApiError(409, 'NOT_AN_ADD_ON_ORDER', 'Add-ons follow a plan that was paid for; this order is not one.');
  }
  const owned = await db.query(
    `select 1 from transactions t join skus s on s.sku_id = t.sku_id
     where t.user_uid = $1 and t.transaction_type = 'SALE' and t.status_cd = 'SUCC' and s.product_id = $2 limit 1`,
    [user.user_uid, sku.product_id],
  );
  if (owned.length) {
    // The sale that owns it may be this very key's, committed by a concurrent repeat since the first look (the sale and its key are stored together).
    const concurrent = await replay();
    if (concurrent) return concurrent;
    throw new ApiError(409, 'ALREADY_OWNED', 'This add-on is already yours.');
  }

  // Another card entered in the frame pays instead of the order's method; the key stays the offer's, so still one charge.
  const method = input.card
    ? 'CRCD'
    : order.payment_method_cd === 'CRCD' || order.payment_method_cd === 'PYPL' || order.payment_method_cd === 'DUPI'
      ? order.payment_method_cd
      : 'CRCD';
  const result = await createPayment(
    db,
    user,
    {
      user_uid: user.user_uid,
      sku_id: sku.sku_id,
      session_guid: input.session_guid,
      fail_payment: input.fail_payment,
      payment_method: method,
      card_type: input.card?.card_type ?? ((order.card_type ?? 'VISA') as 'VISA'),
      last_four_digits: input.card?.last_four_digits ?? order.last_four_digits ?? '0000',
      defer_completion: false,
    },
    async () => sku,
  );
  // The sale carries its upsell code. Setting it again on a replay changes nothing.
  if (result.TransactionID !== null) {
    await db.query(`update transactions set sub_type = $2 where transaction_id = $1 and sub_type is null`, [
      result.TransactionID,
      sku.upsell_cd,
    ]);
  }
  return answer(result);
}
