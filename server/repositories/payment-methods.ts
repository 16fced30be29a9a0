import type { Queryable } from '../db/database';

export interface StoredPaymentMethod {
  payment_method_cd: string;
  card_type: string | null;
  last_four_digits: string | null;
}

/**
 * The payment method a person has: the one they put on file (change payment method), or else
 * what they last paid with successfully — for one plan when `subscriptionId` is given (what a
 * renewal of that plan charges), else for any purchase.
 */
export async function storedPaymentMethod(
  tx: Queryable,
  userUid: string,
  subscriptionId?: number,
): Promise<StoredPaymentMethod | undefined> {
  const [onFile] = await tx.query<StoredPaymentMethod>(
    'select payment_method_cd, card_type, last_four_digits from payment_methods where user_uid = $1',
    [userUid],
  );
  if (onFile) return onFile;
  const [lastPaid] = await tx.query<StoredPaymentMethod>(
    `select payment_method_cd, card_type, last_four_digits from transactions
      where ${subscriptionId === undefined ? 'user_uid = $1' : 'subscription_id = $1'} and transaction_type = 'SALE' and status_cd = 'SUCC'
      order by created_at desc, transaction_id desc limit 1`,
    [subscriptionId ?? userUid],
  );
  return lastPaid;
}
