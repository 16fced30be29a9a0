import type { Queryable } from '../db/database';
import type { Transaction } from '../../src/api/schemas/payments';
import { formatMoney, toAmount } from '../domain/money';

interface TransactionRow {
  transaction_id: string;
  subscription_id: string | null;
  transaction_type: 'SALE' | 'RFND';
  sub_type: string | null;
  status_cd: string;
  price: string;
  currency_cd: string;
  payment_method_cd: string;
  card_type: string | null;
  last_four_digits: string | null;
  service_start_date: Date | null;
  service_end_date: Date | null;
  payment_items: { item_subtype_cd: string; descriptor: string }[];
  created_at: Date;
  label: string;
  sku_type_cd: string;
  product_id: string;
  trial_days: number;
  trial_amount: string;
  culture_cd: string;
}

export interface TransactionFilter {
  skip: number;
  top: number;
  startDate?: string;
  endDate?: string;
  transactionTypes?: string[];
}

const FROM = `from transactions t join skus s on s.sku_id = t.sku_id join portals p on p.portal_id = s.portal_id`;
const COLUMNS = `t.*, s.label, s.sku_type_cd, s.product_id, s.trial_days, s.trial_amount, p.culture_cd`;

/** Billing history: newest first, one year back unless a start date says otherwise. */
export async function listTransactions(db: Queryable, userUid: string, filter: TransactionFilter) {
  const params: unknown[] = [userUid, filter.startDate ?? new Date(Date.now() - 365 * 86_400_000).toISOString()];
  const conditions = ['t.user_uid = $1', 't.created_at >= $2::timestamptz', `t.status_cd <> 'FAIL'`];
  if (filter.endDate) {
    params.push(filter.endDate.length === 10 ? `${filter.endDate}T23:59:59.999Z` : filter.endDate);
    conditions.push(`t.created_at <= $${params.length}::timestamptz`);
  }
  if (filter.transactionTypes?.length) {
    params.push(filter.transactionTypes);
    conditions.push(`t.transaction_type = any($${params.length}::text[])`);
  }
  const where = conditions.join(' and ');
  const [{ total } = { total: '0' }] = await db.query<{ total: string }>(
    `select count(*)::text as total ${FROM} where ${where}`,
    params,
  );
  const rows = await db.query<TransactionRow>(
    `select ${COLUMNS} ${FROM} where ${where} order by t.created_at desc, t.transaction_id desc offset $${params.length + 1} limit $${params.length + 2}`,
    [...params, filter.skip, filter.top],
  );
  return { total: Number(total), skip: filter.skip, top: filter.top, items: rows.map(toTransaction) };
}

export async function findTransaction(
  db: Queryable,
  userUid: string,
  transactionId: number,
): Promise<Transaction | undefined> {
  const rows = await db.query<TransactionRow>(
    `select ${COLUMNS} ${FROM} where t.user_uid = $1 and t.transaction_id = $2`,
    [userUid, transactionId],
  );
  return rows[0] && toTransaction(rows[0]);
}

/** Whose transaction this is, or undefined when there is none by that id. */
export async function transactionOwner(db: Queryable, transactionId: number): Promise<string | undefined> {
  const [row] = await db.query<{ user_uid: string }>('select user_uid from transactions where transaction_id = $1', [
    transactionId,
  ]);
  return row?.user_uid;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toTransaction(row: TransactionRow): Transaction {
  const price = toAmount(row.price);
  return {
    transaction_id: Number(row.transaction_id),
    transaction_type: row.transaction_type,
    sub_type: row.sub_type,
    status_cd: row.status_cd,
    sku_detail: {
      label: row.label,
      type_cd: row.sku_type_cd,
      product_id: row.product_id,
      trial_days: row.trial_days,
      trial_amount: toAmount(row.trial_amount),
    },
    price,
    currency_cd: row.currency_cd,
    formatted_price: formatMoney(row.transaction_type === 'RFND' ? -price : price, row.currency_cd, row.culture_cd),
    payment_items: row.payment_items,
    service_start_date: iso(row.service_start_date),
    service_end_date: iso(row.service_end_date),
    card_type: row.card_type,
    last_four_digits: row.last_four_digits,
    payment_method_cd: row.payment_method_cd,
    subscription_id: row.subscription_id === null ? null : Number(row.subscription_id),
    created_at: new Date(row.created_at).toISOString(),
  };
}
