import { useActorRef, useSelector } from '@xstate/react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancellationConfirmActor } from '../../../machines/cancellation-confirm.machine';
import { accessEndOf } from '../../../machines/cancellation-confirm.rules';
import { useServices } from '../../app/services';
import { hrefOf } from '../../routing/route-target';
import { cancelFlowVariationHere, signedInPersonOf } from '../../app/signed-in-person';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideCancellationConfirm } from './confirm-effects';
import { CONFIRM_NAMESPACE } from './namespace';
import { FailureNotice } from '../../ui/FailureNotice';
import { PageCard } from '../../shell/PageCard';
import './cancellation.css';
import { useCatalogue } from '../../ui/use-catalogue';
import { customerDateFormat } from '../../domain/customer-dates';

/** Starts the machine once, for the signed-in person, with their cancel-flow arm. */
function useCancellationConfirmActor(): CancellationConfirmActor {
  const { api, startup, analytics, navigation, recordFlows } = useServices();
  const [setup] = useState(() => {
    const { claims, user } = signedInPersonOf(startup);
    const cancelFlowVariation = cancelFlowVariationHere(claims);
    const machine = provideCancellationConfirm({ api, user, analytics, navigation });
    return { machine, input: { userUid: user.UserUID, cancelFlowVariation } };
  });
  return useActorRef(setup.machine, { inspect: recordFlows, input: setup.input });
}

/** The last step of cancelling: what ends and when, with "cancel" and "keep my plan" side by side. */
export default function ConfirmPage() {
  const { t, i18n } = useTranslation(CONFIRM_NAMESPACE);
  const catalogue = useCatalogue();
  const actor = useCancellationConfirmActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const nothingToCancel = useSelector(actor, (s) => s.matches('nothingToCancel'));
  const cancelFailed = useSelector(actor, (s) => s.hasTag('cancelFailed'));
  const showsPlan = useSelector(actor, (s) => s.matches('ready') || s.matches('cancelling'));
  const plan = useSelector(actor, (s) => s.context.plan);
  const canCancel = useSelector(actor, (s) => s.can({ type: 'confirm.cancel' }));
  const canKeep = useSelector(actor, (s) => s.can({ type: 'confirm.keep' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'confirm.retry' }));

  const title = nothingToCancel ? t('nothing.heading') : t('heading');
  const heading = usePageHeading(title);

  const settingsUrl = hrefOf({ to: '/mysettings' });
  const toSettings = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!actor.getSnapshot().can({ type: 'confirm.keep' })) return;
    event.preventDefault();
    actor.send({ type: 'confirm.keep' });
  };

  const end = plan ? accessEndOf(plan) : null;
  const date = customerDateFormat(i18n.language);
  const progress = loading ? t('loading') : busy ? t('cancelling') : '';

  return (
    <section
      className="simple-page page cancel-confirm"
      data-testid="page-cancellation-confirm"
      aria-labelledby="cancel-confirm-heading"
      aria-busy={loading || busy}
    >
      <h1 id="cancel-confirm-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {/* Progress is announced politely; errors below are alerts. */}
      <p role="status" className="cancel-confirm__status" data-testid="confirm-status">
        {progress}
      </p>

      {loadFailed ? (
        <FailureNotice
          message={t('loadFailed')}
          retry={canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'confirm.retry' }) } : null}
          testId="load-error"
        />
      ) : null}

      {nothingToCancel ? (
        <PageCard>
          <p data-testid="nothing-to-cancel">{t('nothing.body')}</p>
          <p>
            <a href={settingsUrl} onClick={toSettings}>
              {t('nothing.toSettings')}
            </a>
          </p>
        </PageCard>
      ) : null}

      {showsPlan && plan && end ? <p className="lead">{t('lead')}</p> : null}
      {showsPlan && plan && end ? (
        <PageCard>
          <dl className="receipt" data-testid="cancel-summary">
            <div className="receipt__row">
              <dt>{t('plan')}</dt>
              <dd data-testid="cancel-plan">{catalogue.nameOf({ label: plan.SkuLabel })}</dd>
            </div>
            <div className="receipt__row">
              <dt>{t('accessEnds')}</dt>
              <dd data-testid="access-ends">
                {end.kind === 'periodEnd' ? date.format(new Date(end.date)) : t('accessEndsNow')}
              </dd>
            </div>
          </dl>
          <p>
            {end.kind === 'periodEnd' ? t('untilThen', { date: date.format(new Date(end.date)) }) : t('endsAtOnce')}
          </p>
          {cancelFailed ? (
            <div role="alert" className="notice notice--error" data-testid="cancel-error">
              <p>{t('cancelFailed')}</p>
              <Button
                variant="secondary"
                isDisabled={!canCancel}
                onPress={() => actor.send({ type: 'confirm.cancel' })}
              >
                {t('retry')}
              </Button>
            </div>
          ) : null}
          <div className="actions cancel-confirm__actions">
            <Button
              isDisabled={!canCancel}
              onPress={() => actor.send({ type: 'confirm.cancel' })}
              data-testid="confirm-cancel"
            >
              {busy ? t('cancelling') : t('cancel')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={!canKeep}
              onPress={() => actor.send({ type: 'confirm.keep' })}
              data-testid="confirm-keep"
            >
              {t('keep')}
            </Button>
          </div>
        </PageCard>
      ) : null}
    </section>
  );
}
