/**
 * The receipt of one transaction (spec §3 Transaction), as the lines of a PDF. It is drawn from
 * the stored record only: nothing the browser sends reaches it.
 */
import type { Transaction } from '../../src/api/schemas/payments';
import { textToPdf } from './pdf';

const day = (iso: string) => iso.slice(0, 10);

/** How the transaction was paid: the card's brand and last four, else the payment method's code. */
export function paidWith(transaction: Pick<Transaction, 'card_type' | 'last_four_digits' | 'payment_method_cd'>): string {
  if (transaction.card_type && transaction.last_four_digits) return `${transaction.card_type} ending in ${transaction.last_four_digits}`;
  return transaction.payment_method_cd;
}

export function receiptLines(transaction: Transaction, customer: { name: string; email: string }): string[] {
  const refund = transaction.transaction_type === 'RFND';
  const fee = transaction.sub_type === 'ADFE';
  const amount = (refund ? -1 : 1) * transaction.price;
  const lines = [
    refund ? 'Refund receipt' : 'Payment receipt',
    '',
    `Receipt number: ${transaction.transaction_id}`,
    `Date: ${day(transaction.created_at)}`,
    `Customer: ${customer.name} <${customer.email}>`,
    '',
    `Type: ${refund ? 'Refund' : 'Sale'}${fee ? ' (administration fee)' : ''}`,
    `Item: ${transaction.sku_detail.label} (${transaction.sku_detail.product_id}, ${transaction.sku_detail.type_cd})`,
    ...transaction.payment_items.map((item) => `  ${item.descriptor} [${item.item_subtype_cd}]`),
    `Amount: ${transaction.formatted_price}`,
    `Amount (${transaction.currency_cd}): ${amount.toFixed(2)} ${transaction.currency_cd}`,
    `Paid with: ${paidWith(transaction)}`,
    `Payment method code: ${transaction.payment_method_cd}`,
    `Status: ${transaction.status_cd}`,
  ];
  if (transaction.service_start_date && transaction.service_end_date) {
    lines.push(`Service period: ${day(transaction.service_start_date)} to ${day(transaction.service_end_date)}`);
  }
  if (transaction.sku_detail.trial_days > 0) lines.push(`Trial: ${transaction.sku_detail.trial_days} days`);
  if (transaction.subscription_id !== null) lines.push(`Subscription: ${transaction.subscription_id}`);
  return lines;
}

export function receiptPdf(transaction: Transaction, customer: { name: string; email: string }): Buffer {
  return textToPdf(`Receipt ${transaction.transaction_id}`, receiptLines(transaction, customer));
}
