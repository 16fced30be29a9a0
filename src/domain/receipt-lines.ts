/**
 * A transaction's receipt as lines of text, in the person's culture: the same facts, labels and
 * formats as the transaction detail page, for the server's PDF.
 */
import type { TFunction } from 'i18next';
import { isAdminFee, isRefund, signedAmount, type TransactionRecord } from '../../machines/billing-history.rules';
import { formatMoney } from './money';
import { dayText, methodText, periodText } from './transaction-format';

export interface ReceiptCustomer {
  name: string;
  email: string;
}

const KNOWN_STATUSES = ['SUCC', 'PEND', 'FAIL', 'VOID'];

/**
 * `writable` says whether a text can be printed as it is; money that cannot (a symbol the
 * document's font lacks) is written with its currency code instead.
 */
export function receiptLines(transaction: TransactionRecord, customer: ReceiptCustomer, culture: string, t: TFunction, writable: (text: string) => boolean = () => true): string[] {
  const money = (amount: number) => {
    const text = formatMoney(amount, transaction.currency_cd, culture);
    return writable(text) ? text : formatMoney(amount, transaction.currency_cd, { culture, symbol: transaction.currency_cd });
  };
  const sku = transaction.sku_detail;
  const row = (label: string, value: string | number) => `${label}: ${value}`;
  const period = periodText(transaction, culture, t);
  return [
    isRefund(transaction) ? t('receipt.refundTitle') : t('receipt.title'),
    '',
    row(t('detail.number'), transaction.transaction_id),
    row(t('detail.date'), dayText(transaction.created_at, culture)),
    row(t('receipt.customer'), `${customer.name} <${customer.email}>`),
    '',
    row(t('detail.type'), `${isRefund(transaction) ? t('tag.refund') : t('detail.sale')}${isAdminFee(transaction) ? ` · ${t('tag.adminFee')}` : ''}`),
    row(t('detail.item'), sku.label),
    row(t('detail.product'), t('detail.productValue', { product: sku.product_id, type: sku.type_cd })),
    ...transaction.payment_items.map((item) => `  ${item.descriptor} (${item.item_subtype_cd})`),
    ...(sku.trial_days > 0 ? [row(t('detail.trial'), t('detail.trialValue', { count: sku.trial_days, price: money(sku.trial_amount) }))] : []),
    row(t('detail.amount'), money(signedAmount(transaction))),
    row(t('detail.currency'), transaction.currency_cd),
    row(t('detail.method'), methodText(transaction, t)),
    row(t('detail.methodCode'), transaction.payment_method_cd),
    row(t('detail.status'), KNOWN_STATUSES.includes(transaction.status_cd) ? t(`status.${transaction.status_cd}`) : transaction.status_cd),
    row(t('detail.period'), period ?? t('period.none')),
    ...(transaction.subscription_id !== null ? [row(t('detail.subscription'), transaction.subscription_id)] : []),
  ];
}
