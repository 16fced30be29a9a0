import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { usePageHeading } from '../../ui/use-page-heading';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { loadReceipt, type StoredReceipt } from './receipt-store';
import { PageCard } from '../../shell/PageCard';
import { customerDateFormat } from '../../domain/customer-dates';

function receiptLines(
  receipt: StoredReceipt,
  t: (key: string, options?: Record<string, unknown>) => string,
  formatDateTime: (iso: string) => string,
  formatDate: (iso: string) => string,
): [string, string][] {
  return [
    [t('cancellationReceived.number'), receipt.CancellationNumber],
    [t('cancellationReceived.receivedAt'), formatDateTime(receipt.ReceivedAt)],
    [
      t('cancellationReceived.contract'),
      t('cancellationReceived.contractValue', { accountId: receipt.AccountId, email: receipt.EmailAddress }),
    ],
    [
      t('cancellationReceived.kind'),
      receipt.IsExtraordinary ? t('cancellationReceived.kindExtraordinary') : t('cancellationReceived.kindOrdinary'),
    ],
    [
      t('cancellationReceived.endDate'),
      receipt.IsExtraordinary
        ? t('cancellationReceived.endImmediately')
        : receipt.EffectiveDate
          ? formatDate(receipt.EffectiveDate)
          : t('cancellationReceived.endEarliest'),
    ],
  ];
}

/** The confirmation of a logged-out cancellation request; it can be printed and downloaded (§312k(3) BGB). */
export default function CancellationReceivedPage() {
  const { t, i18n } = useTranslation();
  const heading = usePageHeading(t('cancellationReceived.title'));
  const receipt = useMemo(() => loadReceipt(), []);

  if (!receipt) {
    return (
      <section className="page cancellation-received">
        <h1 ref={heading} tabIndex={-1}>
          {t('cancellationReceived.title')}
        </h1>
        <PageCard>
          <p>{t('cancellationReceived.missing')}</p>
          <Link to="/cancellation/request">{t('cancellationReceived.toForm')}</Link>
        </PageCard>
      </section>
    );
  }

  const dateTime = customerDateFormat(i18n.language, { withTime: true });
  const date = customerDateFormat(i18n.language);
  const lines = receiptLines(
    receipt,
    t,
    (iso) => dateTime.format(new Date(iso)),
    (iso) => date.format(new Date(iso)),
  );

  const download = () => {
    const text = [
      t('cancellationReceived.title'),
      '',
      ...lines.map(([label, value]) => `${label}: ${value}`),
      '',
      t('cancellationReceived.keep'),
    ].join('\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${t('cancellationReceived.fileName')}-${receipt.CancellationNumber}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className="page cancellation-received" aria-labelledby="cancellation-received-heading">
      <h1 id="cancellation-received-heading" ref={heading} tabIndex={-1}>
        {t('cancellationReceived.title')}
      </h1>
      <p className="lead">{t('cancellationReceived.intro')}</p>
      <PageCard>
        <dl className="receipt" data-testid="receipt">
          {lines.map(([label, value]) => (
            <div className="receipt__row" key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p>{t('cancellationReceived.keep')}</p>
        <div className="actions no-print">
          <Button onPress={() => window.print()}>{t('cancellationReceived.print')}</Button>
          <Button variant="secondary" onPress={download}>
            {t('cancellationReceived.download')}
          </Button>
        </div>
      </PageCard>
    </section>
  );
}
