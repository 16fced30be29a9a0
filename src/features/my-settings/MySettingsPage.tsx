import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { mySettingsMachine, type MySettingsActor } from '../../../machines/my-settings.machine';
import { offersCancellation, pauseOf, planDateOf, planStatusName, renewalDiscountOf, type SettingsPlan } from '../../../machines/my-settings.rules';
import { useServices } from '../../app/services';
import { formatMoney } from '../../domain/money';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { CancellationReminder } from './CancellationReminder';
import { remindsBeforeRenewal } from './reminder-effects';

/** The machine with the app's loader: the person's current plan. */
function useMySettingsActor(userUid: string): MySettingsActor {
  const { api } = useServices();
  const [machine] = useState(() =>
    mySettingsMachine.provide({
      actors: {
        loadPlan: fromPromise<SettingsPlan | null, { userUid: string }>(async ({ input }) => (await api.subscriptions.list(input.userUid, true)).Subscriptions[0] ?? null),
      },
    }),
  );
  return useActorRef(machine, { input: { userUid } });
}

/** My settings: the signed-in person's account and current plan, with the ways onward. */
export default function MySettingsPage() {
  const { t, i18n } = useTranslation();
  const { startup } = useServices();
  const claims = useSelector(startup, (s) => s.context.claims);
  const heading = usePageHeading(t('mySettings.title'));
  const actor = useMySettingsActor(claims?.UserUID ?? '');
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'plan.retry' }));
  const loaded = useSelector(actor, (s) => s.matches('loaded'));
  const plan = useSelector(actor, (s) => s.context.plan);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  const discount = plan ? renewalDiscountOf(plan) : null;
  const pause = plan ? pauseOf(plan) : null;
  return (
    <section className="simple-page my-settings" data-testid="page-my-settings" aria-labelledby="my-settings-heading" aria-busy={loading}>
      <h1 id="my-settings-heading" ref={heading} tabIndex={-1}>
        {t('mySettings.title')}
      </h1>
      {claims ? (
        <p className="lead" data-testid="account">
          {t('mySettings.account', { name: `${claims.FirstName} ${claims.LastName}`.trim(), email: claims.EmailAddress })}
        </p>
      ) : null}
      <h2>{t('mySettings.planHeading')}</h2>
      {loading ? <p role="status">{t('app.loading')}</p> : null}
      {failed ? (
        <div role="alert" className="notice notice--error">
          <p>{t('errors.network')}</p>
          {canRetry ? (
            <Button variant="secondary" onPress={() => actor.send({ type: 'plan.retry' })}>
              {t('app.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {loaded && !plan ? <p data-testid="no-plan">{t('mySettings.noPlan')}</p> : null}
      {loaded && plan ? (
        <dl className="receipt" data-testid="current-plan">
          <div className="receipt__row">
            <dt>{t('mySettings.plan')}</dt>
            <dd>{plan.SkuLabel}</dd>
          </div>
          <div className="receipt__row">
            <dt>{t('mySettings.status')}</dt>
            <dd>{t(`mySettings.statusName.${planStatusName(plan.StatusCD)}`)}</dd>
          </div>
          <div className="receipt__row">
            <dt>{t('mySettings.price')}</dt>
            <dd data-testid="plan-price">{formatMoney(plan.UnitPrice, plan.CurrencyCD, i18n.language)}</dd>
          </div>
          <div className="receipt__row">
            <dt>{t(`mySettings.${planDateOf(plan).kind}`)}</dt>
            <dd>{date.format(new Date(planDateOf(plan).date))}</dd>
          </div>
          {discount ? (
            <div className="receipt__row">
              <dt>{t('mySettings.nextRenewal')}</dt>
              <dd data-testid="renewal-discount">{t('mySettings.nextRenewalPrice', { price: formatMoney(discount.price, plan.CurrencyCD, i18n.language), percent: discount.percent })}</dd>
            </div>
          ) : null}
          {pause ? (
            <div className="receipt__row">
              <dt>{t('mySettings.pause')}</dt>
              <dd data-testid="pause">{t('mySettings.pauseDates', { from: date.format(new Date(pause.from)), resumes: date.format(new Date(pause.resumes)) })}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {loaded && claims && remindsBeforeRenewal(plan) ? <CancellationReminder userUid={claims.UserUID} plan={plan} /> : null}
      <ul className="my-settings__links">
        <li>
          <Link to="/transactions">{t('mySettings.billingHistory')}</Link>
        </li>
        {offersCancellation(plan) ? (
          <li>
            <Link to="/cancellation/pre">{t('mySettings.cancelSubscription')}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
