import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { mySettingsMachine } from '../../../machines/my-settings.machine';
import type { SettingsAccount } from '../../../machines/my-settings.rules';
import { useServices } from '../../app/services';
import { FailureNotice } from '../../ui/FailureNotice';
import { usePageHeading } from '../../ui/use-page-heading';
import { ACCOUNT_NAMESPACE, loadSettingsAccount } from './account-effects';
import { BillingProblemNotice } from './BillingProblemNotice';
import { PaymentMethodOnFile } from './PaymentMethodOnFile';
import './account.css';

interface BillingProblemPageProps {
  /** What a person without a billing problem sees here instead (the `problem` address is also a sell page). */
  otherwise?: ReactNode;
}

/**
 * The billing problem (`problem`, BillingProblem) and the subscription error (SubscriptionError):
 * a plan whose renewal could not be charged, and the way to fix it, a new card. The account
 * machine of my settings decides whether there is a problem.
 */
export default function BillingProblemPage({ otherwise }: BillingProblemPageProps) {
  const { t } = useTranslation(ACCOUNT_NAMESPACE);
  const { t: tc } = useTranslation();
  const { api, startup, recordFlows } = useServices();
  const userUid = useSelector(startup, (s) => s.context.claims?.UserUID ?? '');
  const [machine] = useState(() =>
    mySettingsMachine.provide({
      actors: {
        loadAccount: fromPromise<SettingsAccount, { userUid: string }>(({ input }) =>
          loadSettingsAccount(api, input.userUid),
        ),
      },
    }),
  );
  const actor = useActorRef(machine, { inspect: recordFlows, input: { userUid } });
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'plan.retry' }));
  const problem = useSelector(actor, (s) => s.matches('billingProblem'));
  const noProblem = useSelector(actor, (s) => s.matches('loaded'));
  const plan = useSelector(actor, (s) => s.context.plan);
  const paymentMethod = useSelector(actor, (s) => s.context.paymentMethod);
  const heading = usePageHeading(t('problem.heading'));

  if (noProblem && otherwise) return otherwise;
  return (
    <section
      className="simple-page page billing-problem-page"
      data-testid="page-billing-problem"
      aria-labelledby="billing-problem-page-heading"
      aria-busy={loading}
    >
      <h1 id="billing-problem-page-heading" ref={heading} tabIndex={-1}>
        {t('problem.heading')}
      </h1>
      {loading ? <p role="status">{tc('app.loading')}</p> : null}
      {failed ? (
        <FailureNotice
          message={tc('errors.network')}
          retry={canRetry ? { label: tc('app.retry'), onPress: () => actor.send({ type: 'plan.retry' }) } : null}
        />
      ) : null}
      {problem && plan ? (
        <>
          <BillingProblemNotice statusCd={plan.StatusCD} hideHeading />
          <h2>{t('change.current')}</h2>
          <PaymentMethodOnFile method={paymentMethod} />
        </>
      ) : null}
      {noProblem ? <p data-testid="no-billing-problem">{t('problem.noProblem')}</p> : null}
      <div className="actions">
        <Link to="/mysettings" className="button button--secondary">
          {t('problem.toSettings')}
        </Link>
      </div>
    </section>
  );
}
