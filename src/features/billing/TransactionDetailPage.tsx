import { Link, useParams } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminFee, isRefund, transactionIdOf, type TransactionRecord } from '../../../machines/billing-history.rules';
import type { TransactionDetailActor } from '../../../machines/transaction-detail.machine';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { formatMoney } from '../../domain/money';
import { Button } from '../../ui/Button';
import { FailureNotice } from '../../ui/FailureNotice';
import { ReceiptList } from '../../ui/ReceiptList';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideTransactionDetail, receiptUrl } from './billing-effects';
import { BILLING_NAMESPACE } from './namespace';
import { amountOf, dayText, itemText, methodNameOf, methodText, periodText } from '../../domain/transaction-format';
import { transactionIdentity } from '../../domain/catalogue';
import { useCatalogue } from '../../ui/use-catalogue';
import './billing.css';
import { SkeletonBlock } from '../../ui/Skeleton';

const KNOWN_STATUSES = ['SUCC', 'PEND', 'FAIL', 'VOID'];

function useTransactionDetailActor(transactionId: number | null): { actor: TransactionDetailActor; userUid: string } {
  const { api, startup, recordFlows } = useServices();
  const [setup] = useState(() => ({
    machine: provideTransactionDetail({ api, print: () => window.print() }),
    userUid: signedInPersonOf(startup).user.UserUID,
  }));
  return {
    actor: useActorRef(setup.machine, { inspect: recordFlows, input: { userUid: setup.userUid, transactionId } }),
    userUid: setup.userUid,
  };
}

/** Every field of the transaction, as a receipt. */
function Receipt({ transaction }: { transaction: TransactionRecord }) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const culture = i18n.language;
  const catalogue = useCatalogue();
  const period = periodText(transaction, culture, t);
  const sku = transaction.sku_detail;
  const product = catalogue.nameOf(transactionIdentity(sku));
  return (
    <ReceiptList
      className="billing-detail__receipt"
      testId="transaction-receipt"
      rows={[
        { label: t('detail.number'), value: transaction.transaction_id },
        { label: t('detail.date'), value: dayText(transaction.created_at, culture) },
        {
          label: t('detail.type'),
          rowTestId: 'detail-type',
          value: `${isRefund(transaction) ? t('tag.refund') : t('detail.sale')}${isAdminFee(transaction) ? ` · ${t('tag.adminFee')}` : ''}`,
        },
        { label: t('detail.item'), rowTestId: 'detail-item', value: product },
        sku.trial_days > 0 && {
          label: t('detail.trial'),
          value: t('detail.trialValue', {
            count: sku.trial_days,
            price: formatMoney(sku.trial_amount, transaction.currency_cd, culture),
          }),
        },
        {
          label: t('detail.lines'),
          value:
            transaction.payment_items.length > 0 ? (
              <ul className="billing-detail__lines">
                {transaction.payment_items.map((item) => (
                  <li key={`${item.item_subtype_cd}-${item.descriptor}`}>
                    {itemText(item.item_subtype_cd, product, t)}
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            ),
        },
        { label: t('detail.amount'), rowTestId: 'detail-amount', value: amountOf(transaction, culture) },
        { label: t('detail.currency'), value: transaction.currency_cd },
        {
          label: t('detail.methodName'),
          rowTestId: 'detail-method-name',
          value: methodNameOf(transaction.payment_method_cd, t),
        },
        { label: t('detail.method'), value: methodText(transaction, t) },
        {
          label: t('detail.status'),
          value: KNOWN_STATUSES.includes(transaction.status_cd)
            ? t(`status.${transaction.status_cd}`)
            : transaction.status_cd,
        },
        { label: t('detail.period'), value: period ?? t('period.none') },
        transaction.subscription_id !== null && { label: t('detail.subscription'), value: transaction.subscription_id },
      ]}
    />
  );
}

/** One transaction in full, with its receipt to print or download; a transaction that is not the person's is not found. */
export default function TransactionDetailPage({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const { config } = useServices();
  const params = useParams({ strict: false });
  const [transactionId] = useState(() => transactionIdOf(params.transactionid ?? ''));
  const { actor, userUid } = useTransactionDetailActor(transactionId);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const missing = useSelector(actor, (s) => s.matches('notFound'));
  const transaction = useSelector(actor, (s) => s.context.transaction);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'detail.retry' }));
  const canPrint = useSelector(actor, (s) => s.can({ type: 'receipt.print' }));
  const heading = usePageHeading(t('detail.title'));

  if (missing) return <>{notFound}</>;
  return (
    <section
      className="simple-page page billing billing-detail"
      data-testid="page-transaction-detail"
      aria-labelledby="transaction-heading"
      aria-busy={loading}
    >
      <p className="no-print">
        <Link to="/transactions">{t('detail.back')}</Link>
      </p>
      <h1 id="transaction-heading" ref={heading} tabIndex={-1}>
        {t('detail.title')}
      </h1>
      <p role="status" className="billing__status">
        {loading ? t('detail.loading') : ''}
      </p>
      {loading ? <SkeletonBlock shape="list" /> : null}
      {failed ? (
        <FailureNotice
          message={t('detail.failed')}
          retry={canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'detail.retry' }) } : null}
          testId="detail-error"
        />
      ) : null}
      {transaction ? (
        <>
          <Receipt transaction={transaction} />
          <div className="actions billing-detail__actions no-print">
            <Button variant="secondary" isDisabled={!canPrint} onPress={() => actor.send({ type: 'receipt.print' })}>
              {t('detail.print')}
            </Button>
            <a
              className="button button--primary"
              href={receiptUrl(config.apiBase, userUid, transaction.transaction_id)}
              download={`receipt-${transaction.transaction_id}.pdf`}
              data-testid="receipt-download"
            >
              {t('detail.download')}
            </a>
          </div>
        </>
      ) : null}
    </section>
  );
}
