import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '../../api/schemas/subscriptions';
import { useServices } from '../../app/services';
import { formatMoney } from '../../domain/money';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; current: Subscription | null };

const KNOWN_STATUSES = ['ACTV', 'EXPR', 'EXPD', 'SUSP', 'PEND', 'RTRY', 'BASE'];

/** My settings: the signed-in person's account and current plan, with the ways onward. */
export default function MySettingsPage() {
  const { t, i18n } = useTranslation();
  const { api, startup } = useServices();
  const claims = useSelector(startup, (s) => s.context.claims);
  const heading = usePageHeading(t('mySettings.title'));
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchPlan = useCallback(async () => {
    if (!claims) return;
    setLoad({ state: 'loading' });
    try {
      const answer = await api.subscriptions.list(claims.UserUID, true);
      setLoad({ state: 'loaded', current: answer.Subscriptions[0] ?? null });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, [api, claims]);

  useEffect(() => {
    void fetchPlan();
  }, [fetchPlan]);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });
  return (
    <section className="simple-page my-settings" data-testid="page-my-settings" aria-labelledby="my-settings-heading" aria-busy={load.state === 'loading'}>
      <h1 id="my-settings-heading" ref={heading} tabIndex={-1}>
        {t('mySettings.title')}
      </h1>
      {claims ? (
        <p className="lead" data-testid="account">
          {t('mySettings.account', { name: `${claims.FirstName} ${claims.LastName}`.trim(), email: claims.EmailAddress })}
        </p>
      ) : null}
      <h2>{t('mySettings.planHeading')}</h2>
      {load.state === 'loading' ? <p role="status">{t('app.loading')}</p> : null}
      {load.state === 'failed' ? (
        <div role="alert" className="notice notice--error">
          <p>{t('errors.network')}</p>
          <Button variant="secondary" onPress={() => void fetchPlan()}>
            {t('app.retry')}
          </Button>
        </div>
      ) : null}
      {load.state === 'loaded' && !load.current ? <p data-testid="no-plan">{t('mySettings.noPlan')}</p> : null}
      {load.state === 'loaded' && load.current ? (
        <dl className="receipt" data-testid="current-plan">
          <div className="receipt__row">
            <dt>{t('mySettings.plan')}</dt>
            <dd>{load.current.SkuLabel}</dd>
          </div>
          <div className="receipt__row">
            <dt>{t('mySettings.status')}</dt>
            <dd>{t(`mySettings.statusName.${KNOWN_STATUSES.includes(load.current.StatusCD) ? load.current.StatusCD : 'BASE'}`)}</dd>
          </div>
          <div className="receipt__row">
            <dt>{t('mySettings.price')}</dt>
            <dd data-testid="plan-price">{formatMoney(load.current.UnitPrice, load.current.CurrencyCD, i18n.language)}</dd>
          </div>
          <div className="receipt__row">
            <dt>{load.current.NextBillingDate ? t('mySettings.nextBilling') : t('mySettings.accessUntil')}</dt>
            <dd>{date.format(new Date(load.current.NextBillingDate ?? load.current.EndDate))}</dd>
          </div>
        </dl>
      ) : null}
      <ul className="my-settings__links">
        <li>
          <Link to="/transactions">{t('mySettings.billingHistory')}</Link>
        </li>
        {load.state === 'loaded' && load.current?.StatusCD === 'ACTV' ? (
          <li>
            <Link to="/cancellation/pre">{t('mySettings.cancelSubscription')}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
