import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { mySettingsMachine, type MySettingsActor } from '../../../machines/my-settings.machine';
import {
  pauseOf,
  planDateOf,
  planStatusName,
  renewalDiscountOf,
  saveOfferOf,
  type AccountEntry,
  type SettingsAccount,
} from '../../../machines/my-settings.rules';
import { useServices } from '../../app/services';
import { formatMoney } from '../../domain/money';
import { subscriptionIdentity } from '../../domain/catalogue';
import { useCatalogue } from '../../ui/use-catalogue';
import { FailureNotice } from '../../ui/FailureNotice';
import { ReceiptList } from '../../ui/ReceiptList';
import { usePageHeading } from '../../ui/use-page-heading';
import { ACCOUNT_NAMESPACE, loadSettingsAccount } from './account-effects';
import { BillingProblemNotice } from './BillingProblemNotice';
import { CancellationReminder } from './CancellationReminder';
import { PaymentMethodOnFile } from './PaymentMethodOnFile';
import { remindsBeforeRenewal } from './reminder-effects';
import './account.css';
import { SkeletonBlock } from '../../ui/Skeleton';
import { customerDateFormat } from '../../domain/customer-dates';

/** The machine with the app's loader: the person's current plan and payment method on file. */
function useMySettingsActor(userUid: string): MySettingsActor {
  const { api, recordFlows } = useServices();
  const [machine] = useState(() =>
    mySettingsMachine.provide({
      actors: {
        loadAccount: fromPromise<SettingsAccount, { userUid: string }>(({ input }) =>
          loadSettingsAccount(api, input.userUid),
        ),
      },
    }),
  );
  return useActorRef(machine, { inspect: recordFlows, input: { userUid } });
}

/** Where each way on leads (the routes of route-table.ts). */
const ENTRY_PATHS = {
  cancel: '/cancellation/pre',
  pause: '/cancellation/manage',
  resume: '/cancellation/manage',
  changePaymentMethod: '/change-payment-method',
  billingHistory: '/transactions',
  reactivate: '/winback',
} as const satisfies Record<AccountEntry, string>;

/** My settings: the signed-in person's account, current plan and payment method, with the ways on the account allows. */
export default function MySettingsPage() {
  const { t, i18n } = useTranslation();
  const { t: ta } = useTranslation(ACCOUNT_NAMESPACE);
  const catalogue = useCatalogue();
  const { startup } = useServices();
  const claims = useSelector(startup, (s) => s.context.claims);
  const heading = usePageHeading(t('mySettings.title'));
  const actor = useMySettingsActor(claims?.UserUID ?? '');
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'plan.retry' }));
  const loaded = useSelector(actor, (s) => s.hasTag('shown'));
  const billingProblem = useSelector(actor, (s) => s.matches('billingProblem'));
  const plan = useSelector(actor, (s) => s.context.plan);
  const paymentMethod = useSelector(actor, (s) => s.context.paymentMethod);
  const entries = useSelector(actor, (s) => s.context.entries);

  const date = customerDateFormat(i18n.language);
  const discount = plan ? renewalDiscountOf(plan) : null;
  const pause = plan ? pauseOf(plan) : null;
  const saveOffer = plan ? saveOfferOf(plan) : null;
  return (
    <section
      className="simple-page page my-settings"
      data-testid="page-my-settings"
      aria-labelledby="my-settings-heading"
      aria-busy={loading}
    >
      <h1 id="my-settings-heading" ref={heading} tabIndex={-1}>
        {t('mySettings.title')}
      </h1>
      {claims ? (
        <p className="lead" data-testid="account">
          {t('mySettings.account', {
            name: `${claims.FirstName} ${claims.LastName}`.trim(),
            email: claims.EmailAddress,
          })}
        </p>
      ) : null}
      {billingProblem && plan ? <BillingProblemNotice statusCd={plan.StatusCD} /> : null}
      <h2>{t('mySettings.planHeading')}</h2>
      {loading ? <p role="status">{t('app.loading')}</p> : null}
      {loading ? <SkeletonBlock shape="list" /> : null}
      {failed ? (
        <FailureNotice
          message={t('errors.network')}
          retry={canRetry ? { label: t('app.retry'), onPress: () => actor.send({ type: 'plan.retry' }) } : null}
        />
      ) : null}
      {loaded && !plan ? <p data-testid="no-plan">{t('mySettings.noPlan')}</p> : null}
      {loaded && plan ? (
        <ReceiptList
          testId="current-plan"
          rows={[
            {
              label: t('mySettings.plan'),
              valueTestId: 'plan-name',
              value: catalogue.nameOf(subscriptionIdentity(plan)),
            },
            {
              label: t('mySettings.status'),
              valueTestId: 'plan-status',
              value: t(`mySettings.statusName.${planStatusName(plan.StatusCD)}`),
            },
            {
              label: t('mySettings.price'),
              valueTestId: 'plan-price',
              value: formatMoney(plan.UnitPrice, plan.CurrencyCD, i18n.language),
            },
            { label: t(`mySettings.${planDateOf(plan).kind}`), value: date.format(new Date(planDateOf(plan).date)) },
            discount && {
              label: t('mySettings.nextRenewal'),
              valueTestId: 'renewal-discount',
              value: t('mySettings.nextRenewalPrice', {
                price: formatMoney(discount.price, plan.CurrencyCD, i18n.language),
                percent: discount.percent,
              }),
            },
            saveOffer && {
              label: ta('saveOffer.label'),
              valueTestId: 'save-offer',
              value: ta('saveOffer.takenOn', {
                offer: ta(`saveOffer.${saveOffer.offer}`),
                date: date.format(new Date(saveOffer.takenOn)),
              }),
            },
            pause && {
              label: t('mySettings.pause'),
              valueTestId: 'pause',
              value: t('mySettings.pauseDates', {
                from: date.format(new Date(pause.from)),
                resumes: date.format(new Date(pause.resumes)),
              }),
            },
          ]}
        />
      ) : null}
      {loaded ? (
        <>
          <h2>{ta('paymentMethod.heading')}</h2>
          <PaymentMethodOnFile method={paymentMethod} />
        </>
      ) : null}
      {loaded && claims && remindsBeforeRenewal(plan) ? (
        <CancellationReminder userUid={claims.UserUID} plan={plan} />
      ) : null}
      {loaded ? (
        <nav aria-labelledby="account-entries-heading">
          <h2 id="account-entries-heading">{ta('entries.heading')}</h2>
          <ul className="page-links my-settings__links" data-testid="account-entries">
            {entries.map((entry) => (
              <li key={entry}>
                <Link to={ENTRY_PATHS[entry]} data-testid={`entry-${entry}`}>
                  {entry === 'cancel'
                    ? t('mySettings.cancelSubscription')
                    : entry === 'billingHistory'
                      ? t('mySettings.billingHistory')
                      : ta(`entries.${entry}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
