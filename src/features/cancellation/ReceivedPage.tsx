import { useSelector } from '@xstate/react';
import { Suspense, use, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { hrefOf } from '../../routing/route-target';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { CONFIRM_NAMESPACE } from './namespace';
import { latestCancellation, type ReceivedCancellation } from './received-cancellation';
import { PageCard } from '../../shell/PageCard';
import './cancellation.css';
import { useCatalogue } from '../../ui/use-catalogue';
import { customerDateFormat } from '../../domain/customer-dates';

const READ_KEY = 'cancellation:latest';

/** The signed-in person's cancellation receipt: the number, when it was declared, when access ends, the e-mail sent, and a printable page. */
export default function ReceivedPage() {
  const { t } = useTranslation(CONFIRM_NAMESPACE);
  const heading = usePageHeading(t('received.heading'));
  return (
    <section
      className="simple-page page cancellation-received cancel-received"
      data-testid="page-cancellation-received-signed-in"
      aria-labelledby="cancel-received-heading"
    >
      <h1 id="cancel-received-heading" ref={heading} tabIndex={-1}>
        {t('received.heading')}
      </h1>
      <PageCard>
        <Suspense fallback={<p role="status">{t('received.loading')}</p>}>
          <ReceivedCancellationRead />
        </Suspense>
      </PageCard>
    </section>
  );
}

function ReceivedCancellationRead() {
  const { t } = useTranslation(CONFIRM_NAMESPACE);
  const { api, reads, startup } = useServices();
  const userUid = useSelector(startup, (s) => s.context.claims?.UserUID ?? '');
  const [, setAttempt] = useState(0);
  const retry = useCallback(() => {
    reads.forget(READ_KEY);
    setAttempt((attempt) => attempt + 1);
  }, [reads]);
  const answer = use(
    reads.read(READ_KEY, () =>
      api.subscriptions.list(userUid).then(
        (list) => latestCancellation(list.Subscriptions),
        () => 'failed' as const,
      ),
    ),
  );
  if (answer === 'failed') {
    return (
      <div role="alert" className="notice notice--error" data-testid="received-error">
        <p>{t('received.failed')}</p>
        <Button variant="secondary" onPress={retry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!answer) return <NoCancellation />;
  return <Receipt cancellation={answer} />;
}

function NoCancellation() {
  const { t } = useTranslation(CONFIRM_NAMESPACE);
  return (
    <>
      <p data-testid="no-cancellation">{t('received.none')}</p>
      <p>
        <a href={hrefOf({ to: '/mysettings' })}>{t('nothing.toSettings')}</a>
      </p>
    </>
  );
}

function Receipt({ cancellation }: { cancellation: ReceivedCancellation }) {
  const { t, i18n } = useTranslation([CONFIRM_NAMESPACE, 'cancel-rating']);
  const catalogue = useCatalogue();
  const { startup, config } = useServices();
  const email = useSelector(startup, (s) => s.context.claims?.EmailAddress ?? '');
  const dateTime = customerDateFormat(i18n.language, { withTime: true });
  const date = customerDateFormat(i18n.language);
  return (
    <>
      <p className="lead">{t('received.lead')}</p>
      <dl className="receipt" data-testid="receipt">
        <div className="receipt__row">
          <dt>{t('received.number')}</dt>
          <dd data-testid="cancellation-number">{cancellation.CancellationNumber}</dd>
        </div>
        <div className="receipt__row">
          <dt>{t('plan')}</dt>
          <dd>{catalogue.nameOf({ label: cancellation.SkuLabel })}</dd>
        </div>
        <div className="receipt__row">
          <dt>{t('received.declaredAt')}</dt>
          <dd data-testid="declared-at">{dateTime.format(new Date(cancellation.CancelledOn))}</dd>
        </div>
        <div className="receipt__row">
          <dt>{t('accessEnds')}</dt>
          <dd data-testid="access-ends">{date.format(new Date(cancellation.EndDate))}</dd>
        </div>
      </dl>
      <p data-testid="email-sent">{email ? t('received.emailSentTo', { email }) : t('received.emailSent')}</p>
      <p>{t('received.keep')}</p>
      <div className="actions no-print">
        <Button onPress={() => window.print()} data-testid="print-receipt">
          {t('received.print')}
        </Button>
        <a className="button button--secondary" href={config.dashboardUrl}>
          {t('received.toDashboard')}
        </a>
        <a
          className="button button--secondary"
          href={hrefOf({ to: '/cancellation/rating' })}
          data-testid="rate-experience"
        >
          {t('link', { ns: 'cancel-rating' })}
        </a>
      </div>
    </>
  );
}
