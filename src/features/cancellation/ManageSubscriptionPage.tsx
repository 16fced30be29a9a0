import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManageView } from '../../../machines/manage-subscription.machine';
import { detailsCategory, pauseBooked } from '../../../machines/manage-subscription.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideManageSubscription } from './manage-subscription-effects';
import { PageCard } from '../../shell/PageCard';
import './manage-subscription.css';
import { useCatalogue } from '../../ui/use-catalogue';
import { SkeletonBlock } from '../../ui/Skeleton';
import { customerDateFormat } from '../../domain/customer-dates';

const NAMESPACE = 'manage-subscription';

/** Starts the machine once, for the signed-in person, on the manage or the details view. */
function useManageActor(view: ManageView) {
  const { api, startup, navigation, recordFlows } = useServices();
  const [setup] = useState(() => {
    const userUid = signedInPersonOf(startup).user.UserUID;
    return { machine: provideManageSubscription({ api, userUid, navigation }), userUid };
  });
  return useActorRef(setup.machine, { inspect: recordFlows, input: { userUid: setup.userUid, view } });
}

/** Manage subscription, or its details page: the active plan, ending a pause, and the ways on. */
export function ManageSubscriptionView({ view }: { view: ManageView }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const catalogue = useCatalogue();
  const actor = useManageActor(view);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const notActive = useSelector(actor, (s) => s.matches('notActive'));
  const resumeFailed = useSelector(actor, (s) => s.matches('resumeFailed'));
  const shown = useSelector(actor, (s) => s.matches('showing') || s.matches('resuming') || s.matches('resumeFailed'));
  const plan = useSelector(actor, (s) => s.context.plan);
  const resumed = useSelector(actor, (s) => s.context.resumed);
  const can = useSelector(
    actor,
    (s) => ({
      retry: s.can({ type: 'manage.retry' }),
      resume: s.can({ type: 'manage.resume' }),
      saveOrPause: s.can({ type: 'manage.saveOrPause' }),
      cancel: s.can({ type: 'manage.cancel' }),
      details: s.can({ type: 'manage.details' }),
      survey: s.can({ type: 'manage.survey' }),
      review: s.can({ type: 'manage.review' }),
      settings: s.can({ type: 'manage.settings' }),
    }),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );

  const title = notActive ? t('notActive.heading') : view === 'details' ? t('details.heading') : t('heading');
  const heading = usePageHeading(title);
  const progress = loading ? t('loading') : busy ? t('resuming') : resumed && shown ? t('resumed') : '';
  const date = customerDateFormat(i18n.language);
  const toSettings = (
    <Button variant="secondary" isDisabled={!can.settings} onPress={() => actor.send({ type: 'manage.settings' })}>
      {t('toSettings')}
    </Button>
  );
  const category = plan ? detailsCategory(plan.surveyAnswered) : null;
  const money = plan ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency: plan.currencyCd }) : null;

  return (
    <section
      className="simple-page page manage-subscription"
      data-testid={view === 'details' ? 'page-subscription-details' : 'page-manage-subscription'}
      aria-labelledby="manage-heading"
      aria-busy={loading || busy}
    >
      <h1 id="manage-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="manage-subscription__status">
        {progress}
      </p>
      <PageCard>
        {loading ? <SkeletonBlock shape="list" /> : null}
        {loadFailed ? (
          <div role="alert" className="notice notice--error">
            <p>{t('loadFailed')}</p>
            <div className="actions manage-subscription__actions">
              <Button variant="secondary" isDisabled={!can.retry} onPress={() => actor.send({ type: 'manage.retry' })}>
                {t('retry')}
              </Button>
              {toSettings}
            </div>
          </div>
        ) : null}
        {notActive ? (
          <>
            <p>{t('notActive.body')}</p>
            <div className="actions manage-subscription__actions">{toSettings}</div>
          </>
        ) : null}
        {shown && plan ? (
          <>
            <dl className="manage-subscription__plan" data-testid="manage-plan">
              <div>
                <dt>{t('plan.label')}</dt>
                <dd>{catalogue.nameOf({ label: plan.planLabel })}</dd>
              </div>
              <div>
                <dt>{t('plan.price')}</dt>
                <dd>{plan.formattedPrice}</dd>
              </div>
              {pauseBooked(plan) && plan.resumesOn ? (
                <div data-testid="manage-resumes">
                  <dt>{t('plan.resumesOn')}</dt>
                  <dd>{date.format(new Date(plan.resumesOn))}</dd>
                </div>
              ) : plan.nextBillingDate ? (
                <div data-testid="manage-next-payment">
                  <dt>{t('plan.nextPayment')}</dt>
                  <dd>
                    {date.format(new Date(plan.nextBillingDate))}
                    {plan.renewalDiscountPercent
                      ? ` · ${t('plan.discounted', { percent: plan.renewalDiscountPercent, price: plan.formattedNextRenewalPrice })}`
                      : ''}
                  </dd>
                </div>
              ) : null}
            </dl>
            {resumeFailed ? (
              <div role="alert" className="notice notice--error" data-testid="resume-error">
                <p>{t('resumeFailed')}</p>
              </div>
            ) : null}
            {pauseBooked(plan) ? (
              <section
                className="notice manage-subscription__pause"
                aria-labelledby="manage-pause"
                data-testid="manage-pause"
              >
                <h2 id="manage-pause">{t('pause.heading')}</h2>
                <p>{t('pause.body', { date: plan.resumesOn ? date.format(new Date(plan.resumesOn)) : '' })}</p>
                <Button isDisabled={!can.resume} onPress={() => actor.send({ type: 'manage.resume' })}>
                  {resumeFailed ? t('retry') : t('pause.resumeNow')}
                </Button>
              </section>
            ) : null}
            {view === 'details' && category ? (
              <section
                className="manage-subscription__category"
                aria-labelledby="manage-category"
                data-testid={`category-${category}`}
              >
                <h2 id="manage-category">{t(`details.${category}.heading`)}</h2>
                <p>{t(`details.${category}.body`)}</p>
                {category === 'benefitsAndSurvey' ? (
                  <>
                    <ul>
                      <li>{t('details.benefitsAndSurvey.benefit1')}</li>
                      <li>{t('details.benefitsAndSurvey.benefit2')}</li>
                      <li>{t('details.benefitsAndSurvey.benefit3')}</li>
                    </ul>
                    <Button
                      variant="secondary"
                      isDisabled={!can.survey}
                      onPress={() => actor.send({ type: 'manage.survey' })}
                    >
                      {t('details.benefitsAndSurvey.survey')}
                    </Button>
                  </>
                ) : (
                  <div className="actions manage-subscription__actions">
                    <Button
                      variant="secondary"
                      isDisabled={!can.review}
                      onPress={() => actor.send({ type: 'manage.review' })}
                    >
                      {t('details.reviewAndRetention.review')}
                    </Button>
                    <Button
                      variant="secondary"
                      isDisabled={!can.saveOrPause}
                      onPress={() => actor.send({ type: 'manage.saveOrPause' })}
                    >
                      {t('saveOrPause')}
                    </Button>
                  </div>
                )}
              </section>
            ) : null}
            {view === 'details' ? (
              <section aria-labelledby="manage-transactions" data-testid="manage-transactions">
                <h2 id="manage-transactions">{t('details.transactions.heading')}</h2>
                {plan.transactions.length === 0 ? (
                  <p>{t('details.transactions.none')}</p>
                ) : (
                  <table className="manage-subscription__transactions">
                    <thead>
                      <tr>
                        <th scope="col">{t('details.transactions.date')}</th>
                        <th scope="col">{t('details.transactions.type')}</th>
                        <th scope="col">{t('details.transactions.price')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {plan.transactions.map((tx) => (
                        <tr key={tx.id}>
                          <td>{date.format(new Date(tx.date))}</td>
                          <td>{t(`details.transactions.kind.${tx.type}`, { defaultValue: tx.type })}</td>
                          <td>{money!.format(tx.type === 'RFND' ? -tx.price : tx.price)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            ) : null}
            <div className="actions manage-subscription__actions" data-testid="manage-actions">
              {view === 'manage' ? (
                <>
                  <Button isDisabled={!can.saveOrPause} onPress={() => actor.send({ type: 'manage.saveOrPause' })}>
                    {t('saveOrPause')}
                  </Button>
                  <Button
                    variant="secondary"
                    isDisabled={!can.details}
                    onPress={() => actor.send({ type: 'manage.details' })}
                  >
                    {t('toDetails')}
                  </Button>
                  <Button
                    variant="secondary"
                    isDisabled={!can.cancel}
                    onPress={() => actor.send({ type: 'manage.cancel' })}
                  >
                    {t('cancel')}
                  </Button>
                </>
              ) : null}
              {toSettings}
            </div>
          </>
        ) : null}
      </PageCard>
    </section>
  );
}

export default function ManageSubscriptionPage() {
  return <ManageSubscriptionView view="manage" />;
}
