import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideFinalOffer } from './final-offer-effects';
import { FailureNotice } from '../../ui/FailureNotice';
import { CancelKeepActions, NothingToCancel } from './page-parts';
import { OfferTermsLine } from '../../ui/OfferTermsLine';
import { FINAL_OFFER_PAUSE_MONTHS } from '../../../machines/final-offer.rules';
import { useCancelOfferSetup } from './offer-page-setup';
import { PageCard } from '../../shell/PageCard';
import './pre-cancel.css';
import { useCatalogue } from '../../ui/use-catalogue';
import { SkeletonBlock } from '../../ui/Skeleton';

const NAMESPACE = 'final-offer';

/** Starts the machine once, for the signed-in person, with their cancel-flow arm. */
function useFinalOfferActor() {
  const { recordFlows } = useServices();
  const setup = useCancelOfferSetup(provideFinalOffer);
  return {
    actor: useActorRef(setup.machine, { inspect: recordFlows, input: { userUid: setup.userUid } }),
    order: setup.order,
  };
}

/** The final offer: a month's pause (not for the holdout), with "cancel" and "keep" beside it. */
export default function FinalOfferPage() {
  const { t } = useTranslation(NAMESPACE);
  const catalogue = useCatalogue();
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

  const keep = () => actor.send({ type: 'final.keep' });
  const toSettings = { label: t('nothing.toSettings'), onPress: keep };

  return (
    <section
      className="simple-page page final-offer"
      data-testid="page-final-offer"
      aria-labelledby="final-offer-heading"
      aria-busy={loading || busy}
    >
      <h1 id="final-offer-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="pre-cancel__status">
        {progress}
      </p>
      {loading ? <SkeletonBlock shape="offers" /> : null}
      {loadFailed ? (
        <FailureNotice
          message={t('loadFailed')}
          retry={canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'final.retry' }) } : null}
          leave={canKeep ? toSettings : null}
        />
      ) : null}
      {nothingToCancel ? <NothingToCancel body={t('nothing.body')} leave={toSettings} testId="final-nothing" /> : null}
      {showsOffer && data ? (
        <p className="lead">{t('lead', { plan: catalogue.nameOf({ label: data.planLabel }) })}</p>
      ) : null}
      {showsOffer && data ? (
        <PageCard>
          {failed ? <FailureNotice message={t('failed')} testId="final-error" /> : null}
          <section className="notice" aria-labelledby="final-offer-pause" data-testid="final-pause-offer">
            <h2 id="final-offer-pause">{t('pause.heading')}</h2>
            <p>{data.pauseKeepsAccess ? t('pause.keepsAccess') : t('pause.holdsAccess')}</p>
            <OfferTermsLine
              offer={{ kind: 'pause', months: FINAL_OFFER_PAUSE_MONTHS }}
              renewal={data.renewal}
              id="final-offer-pause-terms"
            />
            <Button
              variant="secondary"
              isDisabled={!canPause}
              onPress={() => actor.send({ type: 'final.pause' })}
              data-testid="final-pause"
              aria-describedby={data.renewal?.nextBillingDate ? 'final-offer-pause-terms' : undefined}
            >
              {t('pause.take')}
            </Button>
          </section>
          <CancelKeepActions
            order={order}
            cancel={{
              label: t('cancel'),
              enabled: canCancel,
              onPress: () => actor.send({ type: 'final.cancel' }),
              testId: 'final-cancel',
            }}
            keep={{ label: t('keep'), enabled: canKeep, onPress: keep, testId: 'final-keep' }}
            testId="final-actions"
          />
        </PageCard>
      ) : null}
    </section>
  );
}
