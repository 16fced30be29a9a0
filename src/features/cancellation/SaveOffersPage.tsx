import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideSaveOffers } from './save-offers-effects';
import { FailureNotice } from '../../ui/FailureNotice';
import { CancelKeepActions, NothingToCancel } from './page-parts';
import { OfferTermsLine } from '../../ui/OfferTermsLine';
import { useCancelOfferSetup } from './offer-page-setup';
import { PageCard } from '../../shell/PageCard';
import './pre-cancel.css';
import { useCatalogue } from '../../ui/use-catalogue';
import { SkeletonBlock } from '../../ui/Skeleton';

const NAMESPACE = 'save-offers';

/** Starts the machine once, for the signed-in person, with their cancel-flow arm. */
function useSaveOffersActor() {
  const { recordFlows } = useServices();
  const setup = useCancelOfferSetup(provideSaveOffers);
  return {
    actor: useActorRef(setup.machine, { inspect: recordFlows, input: { userUid: setup.userUid } }),
    order: setup.order,
  };
}

/** The save offers: a discount on the next renewal and a pause, with "cancel" beside them. */
export default function SaveOffersPage() {
  const { t } = useTranslation(NAMESPACE);
  const catalogue = useCatalogue();
  const { actor, order } = useSaveOffersActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const nothingToCancel = useSelector(actor, (s) => s.matches('nothingToCancel'));
  const data = useSelector(actor, (s) => s.context.data);
  const canTakeDiscount = useSelector(actor, (s) => s.can({ type: 'offers.takeDiscount' }));
  const canCancel = useSelector(actor, (s) => s.can({ type: 'offers.cancel' }));
  const canKeep = useSelector(actor, (s) => s.can({ type: 'offers.keep' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'offers.retry' }));
  const pausable = useSelector(actor, (s) =>
    (s.context.data?.pauseMonths ?? []).filter((months) => s.can({ type: 'offers.pause', months })),
  );
  const showsOffers = Boolean(data?.subscriptionId) && !nothingToCancel;

  const title = nothingToCancel ? t('nothing.heading') : t('heading');
  const heading = usePageHeading(title);
  const progress = loading ? t('loading') : busy ? t('saving') : '';

  const keep = () => actor.send({ type: 'offers.keep' });
  const toSettings = { label: t('nothing.toSettings'), onPress: keep };

  return (
    <section
      className="simple-page page save-offers"
      data-testid="page-save-offers"
      aria-labelledby="save-offers-heading"
      aria-busy={loading || busy}
    >
      <h1 id="save-offers-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="pre-cancel__status">
        {progress}
      </p>
      {loading ? <SkeletonBlock shape="offers" /> : null}
      {loadFailed ? (
        <FailureNotice
          message={t('loadFailed')}
          retry={canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'offers.retry' }) } : null}
          leave={canKeep ? toSettings : null}
        />
      ) : null}
      {nothingToCancel ? <NothingToCancel body={t('nothing.body')} leave={toSettings} /> : null}
      {showsOffers && data ? (
        <p className="lead">{t('lead', { plan: catalogue.nameOf({ label: data.planLabel }) })}</p>
      ) : null}
      {showsOffers && data ? (
        <PageCard>
          {failed ? <FailureNotice message={t('failed')} testId="offers-error" /> : null}
          {data.discount ? (
            <section className="notice" aria-labelledby="save-offers-discount" data-testid="discount-offer">
              <h2 id="save-offers-discount">{t('discount.heading', { percent: data.discount.percent })}</h2>
              <p>{t('discount.body', { percent: data.discount.percent })}</p>
              <OfferTermsLine
                offer={{ kind: 'discount', percent: data.discount.percent }}
                renewal={data.renewal}
                id="save-offers-discount-terms"
              />
              <Button
                isDisabled={!canTakeDiscount}
                onPress={() => actor.send({ type: 'offers.takeDiscount' })}
                aria-describedby={data.renewal?.nextBillingDate ? 'save-offers-discount-terms' : undefined}
              >
                {t('discount.take', { percent: data.discount.percent })}
              </Button>
            </section>
          ) : null}
          {data.pauseMonths.length > 0 ? (
            <section className="notice" aria-labelledby="save-offers-pause" data-testid="pause-offer">
              <h2 id="save-offers-pause">{t('pause.heading')}</h2>
              <p>{data.pauseKeepsAccess ? t('pause.keepsAccess') : t('pause.holdsAccess')}</p>
              {/* Each length says what it costs and when billing resumes; its button points at its sentence. */}
              {data.pauseMonths.map((months) => (
                <OfferTermsLine
                  key={months}
                  offer={{ kind: 'pause', months }}
                  renewal={data.renewal}
                  id={`save-offers-pause-terms-${months}`}
                  testId={`pause-terms-${months}`}
                />
              ))}
              <div className="actions pre-cancel__actions">
                {data.pauseMonths.map((months) => (
                  <Button
                    key={months}
                    variant="secondary"
                    isDisabled={!pausable.includes(months)}
                    onPress={() => actor.send({ type: 'offers.pause', months })}
                    aria-describedby={data.renewal?.nextBillingDate ? `save-offers-pause-terms-${months}` : undefined}
                  >
                    {t('pause.for', { count: months })}
                  </Button>
                ))}
              </div>
            </section>
          ) : null}
          <CancelKeepActions
            order={order}
            cancel={{
              label: t('cancel'),
              enabled: canCancel,
              onPress: () => actor.send({ type: 'offers.cancel' }),
              testId: 'offers-cancel',
            }}
            keep={{ label: t('keep'), enabled: canKeep, onPress: keep, testId: 'offers-keep' }}
            testId="offers-actions"
          />
        </PageCard>
      ) : null}
    </section>
  );
}
