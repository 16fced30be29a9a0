import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NAMESPACE } from './account-effects';

/**
 * The billing problem: the last renewal could not be charged (suspended, or being retried), with
 * the way to fix it: a new card, which retries the payment.
 */
export function BillingProblemNotice({
  statusCd,
  headingLevel = 2,
  hideLink = false,
  hideHeading = false,
}: {
  statusCd: string;
  headingLevel?: 2 | 3;
  hideLink?: boolean;
  hideHeading?: boolean;
}) {
  const { t } = useTranslation(ACCOUNT_NAMESPACE);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className="notice notice--error billing-problem"
      data-testid="billing-problem"
      role="region"
      aria-label={t('problem.heading')}
    >
      {hideHeading ? null : <Heading>{t('problem.heading')}</Heading>}
      <p>{statusCd === 'RTRY' ? t('problem.retrying') : t('problem.suspended')}</p>
      {hideLink ? null : (
        <Link to="/change-payment-method" className="button button--primary" data-testid="fix-card">
          {t('problem.fixCard')}
        </Link>
      )}
    </div>
  );
}
