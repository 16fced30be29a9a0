import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelButtonOrder, cancelFlowArm } from '../../../machines/pre-cancel.rules';
import { useServices } from '../../app/services';
import { cancelFlowVariationHere, signedInPersonOf } from '../../app/signed-in-person';
import { visitorContextOf } from '../../app/visitor-context';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideFinalOffer } from './final-offer-effects';
import './pre-cancel.css';

const NAMESPACE = 'final-offer';

/** Starts the machine once, for the signed-in person, with their cancel-flow arm. */
function useFinalOfferActor() {
  const { api, startup, navigation, config } = useServices();
  const { i18n } = useTranslation();
  const [setup] = useState(() => {
    const { claims, user } = signedInPersonOf(startup);
    const holdout = cancelFlowArm(cancelFlowVariationHere(claims)) === 'holdout';
    const device = visitorContextOf({ claims, language: i18n.language, location: window.location, cookieHeader: document.cookie, viewportWidth: window.innerWidth }).device;
    const machine = provideFinalOffer({ api, user, holdout, navigation, appBase: config.appBase });
    return { machine, userUid: user.UserUID, order: cancelButtonOrder(device === 'Mobile' ? 'Mobile' : 'Desktop', null) };
  });
  return { actor: useActorRef(setup.machine, { input: { userUid: setup.userUid } }), order: setup.order };
}

/** The final offer: a month's pause (not for the holdout), with "cancel" and "keep" beside it. */
export default function FinalOfferPage() {
  const { t } = useTranslation(NAMESPACE);
  const { actor, order } = useFinalOfferActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const nothingToCancel = useSelector(actor, (s) => s.matches('nothingToCancel'));
  const data = useSelector(actor, (s) => s.context.data);
  const canPause = useSelector(actor, (s) => s.can({ type: 'final.pause' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'final.cancel' }));
  const canKeep = useSelector(actor, (s) => s.can({ type: 'final.keep' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'final.retry' }));
  const showsOffer = Boolean(data?.subscriptionId) && !nothingToCancel;

  const title = nothingToCancel ? t('nothing.heading') : t('heading');
  const heading = usePageHeading(title);
  const progress = loading ? t('loading') : busy ? t('saving') : '';

  const buttons = {
    cancel: (
      <Button key="cancel" variant={order[0] === 'cancel' ? 'primary' : 'secondary'} isDisabled={!canCancel} onPress={() => actor.send({ type: 'final.cancel' })} data-testid="final-cancel">
        {t('cancel')}
      </Button>
    ),
    keep: (
      <Button key="keep" variant={order[0] === 'keep' ? 'primary' : 'secondary'} isDisabled={!canKeep} onPress={() => actor.send({ type: 'final.keep' })} data-testid="final-keep">
        {t('keep')}
      </Button>
    ),
  };

  return (
    <section className="simple-page final-offer" data-testid="page-final-offer" aria-labelledby="final-offer-heading" aria-busy={loading || busy}>
      <h1 id="final-offer-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="pre-cancel__status">
        {progress}
      </p>
      {loadFailed ? (
        <div role="alert" className="notice notice--error">
          <p>{t('loadFailed')}</p>
          <div className="actions pre-cancel__actions">
            {canRetry ? (
              <Button variant="secondary" onPress={() => actor.send({ type: 'final.retry' })}>
                {t('retry')}
              </Button>
            ) : null}
            {canKeep ? (
              <Button variant="secondary" onPress={() => actor.send({ type: 'final.keep' })}>
                {t('nothing.toSettings')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {nothingToCancel ? (
        <>
          <p data-testid="final-nothing">{t('nothing.body')}</p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'final.keep' })}>
            {t('nothing.toSettings')}
          </Button>
        </>
      ) : null}
      {showsOffer && data ? (
        <>
          <p className="lead">{t('lead', { plan: data.planLabel })}</p>
          {failed ? (
            <div role="alert" className="notice notice--error" data-testid="final-error">
              <p>{t('failed')}</p>
            </div>
          ) : null}
          <section className="notice" aria-labelledby="final-offer-pause" data-testid="final-pause-offer">
            <h2 id="final-offer-pause">{t('pause.heading')}</h2>
            <p>{data.pauseKeepsAccess ? t('pause.keepsAccess') : t('pause.holdsAccess')}</p>
            <Button variant="secondary" isDisabled={!canPause} onPress={() => actor.send({ type: 'final.pause' })} data-testid="final-pause">
              {t('pause.take')}
            </Button>
          </section>
          <div className="actions pre-cancel__actions" data-testid="final-actions">
            {order.map((button) => buttons[button])}
          </div>
        </>
      ) : null}
    </section>
  );
}
