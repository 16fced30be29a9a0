import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { usePageHeading } from '../../../ui/use-page-heading';
import { useFunnelActor } from '../use-funnel-actor';
import { PageCard } from '../../../shell/PageCard';
import '../funnel.css';

/**
 * Where an alternative payment method (PayPal, UPI) returns to: the payment is completed and
 * the person moves on to the post-payment destination, or back to checkout with the plan
 * kept when they cancelled. PayPal shows its own progress, so there is no delayed notice here.
 */
export default function ProcessingPage() {
  const { t } = useTranslation('funnel');
  const actor = useFunnelActor();
  const heading = usePageHeading(t('processing.title'));
  const stray = useSelector(actor, (s) => s.context.apmReturn === null && !s.matches('loading'));
  return (
    <section
      className="page processing-page"
      data-testid="page-processing"
      aria-labelledby="processing-heading"
      aria-busy={!stray}
    >
      <h1 id="processing-heading" ref={heading} tabIndex={-1}>
        {t('processing.title')}
      </h1>
      <PageCard>
        {stray ? (
          <p className="notice">{t('processing.nothingToDo')}</p>
        ) : (
          <div className="processing-notice" role="status">
            <span className="spinner" aria-hidden="true" />
            <p>{t('processing.completing')}</p>
          </div>
        )}
      </PageCard>
    </section>
  );
}
