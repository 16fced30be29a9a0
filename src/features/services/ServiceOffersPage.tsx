import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceOffersActor } from '../../../machines/service-offers.machine';
import type { OffersPage } from '../../../machines/service-offers.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { deviceFor } from '../../app/device';
import { findRoute } from '../../routing/route-table';
import { Button } from '../../ui/Button';
import { FailureNotice } from '../../ui/FailureNotice';
import { usePageHeading } from '../../ui/use-page-heading';
import { SERVICES_NAMESPACE } from './namespace';
import { provideServiceOffers } from './service-offers-effects';
import { PageCard } from '../../shell/PageCard';
import './services.css';

/** Starts the machine once: which offers page this is comes from the route. */
function useServiceOffersActor(): ServiceOffersActor {
  const { api, startup, navigation, config, recordFlows } = useServices();
  const [setup] = useState(() => {
    const { user } = signedInPersonOf(startup);
    const page: OffersPage =
      findRoute(window.location.pathname)?.id === 'bigInterviewOffers' ? 'bigInterview' : 'offers';
    const mobile = deviceFor(window.location.pathname, window.innerWidth) === 'Mobile';
    const machine = provideServiceOffers({ api, navigation, dashboardUrl: config.dashboardUrl, mobile });
    return { machine, input: { userUid: user.UserUID, page } };
  });
  return useActorRef(setup.machine, { inspect: recordFlows, input: setup.input });
}

/**
 * The offers after a purchase (`offers`, and the big-interview offers): the expert services
 * the person may add, each bought through checkout, and the way on to the dashboard. The page
 * only shows what its machine says.
 */
export default function ServiceOffersPage() {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const actor = useServiceOffersActor();
  const page = useSelector(actor, (s) => s.context.page);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const view = useSelector(actor, (s) =>
    s.matches('loadFailed')
      ? 'loadFailed'
      : s.matches('noOffers')
        ? 'none'
        : s.matches('choosing')
          ? 'choosing'
          : 'waiting',
  );
  const canSkip = useSelector(actor, (s) => s.can({ type: 'offers.skip' }));
  const title = page === 'bigInterview' ? t('offers.bigInterviewHeading') : t('offers.heading');
  const heading = usePageHeading(title);
  const skip = (
    <Button
      variant="secondary"
      isDisabled={!canSkip}
      onPress={() => actor.send({ type: 'offers.skip' })}
      data-testid="offers-skip"
    >
      {t('offers.skip')}
    </Button>
  );
  return (
    <section
      className="simple-page page service-offers"
      data-testid="page-service-offers"
      data-page={page}
      aria-labelledby="offers-heading"
      aria-busy={loading}
    >
      <h1 id="offers-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="lead">{t(page === 'bigInterview' ? 'offers.bigInterviewIntro' : 'offers.intro')}</p>
      <p role="status" className="service-offers__status">
        {loading ? t('offers.loading') : ''}
      </p>
      {view === 'loadFailed' ? (
        <FailureNotice
          heading={t('offers.loadFailedHeading')}
          message={t('intake.loadFailed')}
          retry={{
            label: t('intake.retry'),
            onPress: () => actor.send({ type: 'offers.retry' }),
            testId: 'offers-retry',
          }}
          leave={{ label: t('offers.skip'), onPress: () => actor.send({ type: 'offers.skip' }), testId: 'offers-skip' }}
          testId="offers-load-failed"
        />
      ) : null}
      {view === 'none' ? (
        <PageCard>
          <p data-testid="offers-none">{t('offers.none')}</p>
          <div className="actions">{skip}</div>
        </PageCard>
      ) : null}
      {view === 'choosing' ? (
        <>
          <OfferList actor={actor} />
          <div className="actions">{skip}</div>
        </>
      ) : null}
    </section>
  );
}

function OfferList({ actor }: { actor: ServiceOffersActor }) {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const offers = useSelector(actor, (s) => s.context.offers);
  // The SKUs the machine lets be added now, as one text so the slice compares by value.
  const addable = useSelector(actor, (s) =>
    s.context.offers.flatMap((o) => (s.can({ type: 'offers.add', skuId: o.skuId }) ? [o.skuId] : [])).join(','),
  );
  return (
    <ul className="service-offers__list">
      {offers.map((offer) => (
        <li key={offer.skuId} className="service-offers__item" data-testid={`offer-${offer.kind}`}>
          <h2>{t(`kind.${offer.kind}.title`)}</h2>
          <p>{t(`kind.${offer.kind}.lead`)}</p>
          <p className="service-offers__price">{t('section.price', { price: offer.formattedPrice })}</p>
          <Button
            isDisabled={!addable.split(',').includes(String(offer.skuId))}
            onPress={() => actor.send({ type: 'offers.add', skuId: offer.skuId })}
            data-testid={`offer-add-${offer.kind}`}
          >
            {t('section.buy', { service: t(`kind.${offer.kind}.short`) })}
          </Button>
        </li>
      ))}
    </ul>
  );
}
