import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WinbackActor, WinbackOffer } from '../../../machines/winback.machine';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { deviceFor } from '../../app/device';
import { formatMoney, scheduleLabel } from '../../domain/money';
import { useCatalogue } from '../../ui/use-catalogue';
import { WINBACK_SKU_TYPE } from '../../../machines/winback.rules';
import { Button } from '../../ui/Button';
import { FailureNotice } from '../../ui/FailureNotice';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideWinback } from './winback-effects';
import { PageCard } from '../../shell/PageCard';
import './winback.css';
import { SkeletonBlock } from '../../ui/Skeleton';

const NAMESPACE = 'winback';

function useWinbackActor(): { actor: WinbackActor; firstName: string } {
  const { api, startup, navigation, recordFlows } = useServices();
  const [setup] = useState(() => {
    const { claims, user } = signedInPersonOf(startup);
    const machine = provideWinback({
      api,
      navigation,
      paths: { mobile: deviceFor(window.location.pathname, window.innerWidth) === 'Mobile' },
    });
    return { machine, userUid: user.UserUID, firstName: claims?.FirstName?.trim() ?? '' };
  });
  return {
    actor: useActorRef(setup.machine, { inspect: recordFlows, input: { userUid: setup.userUid } }),
    firstName: setup.firstName,
  };
}

/** The winback landing page: the welcome-back offers for a person whose plan has lapsed or is running out. */
export default function WinbackPage() {
  const { t } = useTranslation(NAMESPACE);
  const { actor, firstName } = useWinbackActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const view = useSelector(
    actor,
    (s) =>
      (['loadFailed', 'active', 'redeemed', 'noOffer', 'choosing'] as const).find((state) => s.matches(state)) ?? null,
  );
  const leaving = useSelector(actor, (s) => s.status === 'done');
  const title =
    view === 'active' || view === 'redeemed' || view === 'noOffer'
      ? t(`${view}.heading`)
      : firstName
        ? t('heading', { name: firstName })
        : t('headingNoName');
  const heading = usePageHeading(title);

  return (
    <section
      className="simple-page page winback"
      data-testid="page-winback"
      data-state={view ?? (leaving ? 'leaving' : 'loading')}
      aria-labelledby="winback-heading"
      aria-busy={loading}
    >
      <h1 id="winback-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status">{loading ? t('loading') : ''}</p>
      {loading ? <SkeletonBlock shape="offers" /> : null}
      {view === 'loadFailed' ? <LoadFailed actor={actor} /> : null}
      {view === 'choosing' ? <Offers actor={actor} /> : null}
      {view === 'active' || view === 'redeemed' || view === 'noOffer' ? <NoOffer actor={actor} kind={view} /> : null}
    </section>
  );
}

function LoadFailed({ actor }: { actor: WinbackActor }) {
  const { t } = useTranslation(NAMESPACE);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'winback.retry' }));
  return (
    <FailureNotice
      message={t('loadFailed')}
      retry={
        canRetry
          ? { label: t('retry'), onPress: () => actor.send({ type: 'winback.retry' }), testId: 'winback-retry' }
          : null
      }
      leave={{ label: t('toSettings'), onPress: () => actor.send({ type: 'winback.settings' }) }}
      testId="winback-load-failed"
    />
  );
}

function Offers({ actor }: { actor: WinbackActor }) {
  const { t } = useTranslation(NAMESPACE);
  const data = useSelector(actor, (s) => s.context.data);
  if (!data) return null;
  const days = data.cancellationDays ?? 0;
  return (
    <>
      <p className="lead" data-testid="winback-lead">
        {data.expiring ? t('leadExpiring') : t('lead', { count: days })}
      </p>
      <h2 id="winback-offers-heading">{t('offersHeading')}</h2>
      <ul className="winback__offers" aria-labelledby="winback-offers-heading">
        {data.offers.map((offer) => (
          <OfferCard key={offer.skuId} actor={actor} offer={offer} />
        ))}
      </ul>
      <p className="winback__once">{t('once')}</p>
      <Button variant="link" onPress={() => actor.send({ type: 'winback.settings' })}>
        {t('toSettings')}
      </Button>
    </>
  );
}

function OfferCard({ actor, offer }: { actor: WinbackActor; offer: WinbackOffer }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const canChoose = useSelector(actor, (s) => s.can({ type: 'winback.choose', skuId: offer.skuId }));
  const catalogue = useCatalogue();
  const schedule = scheduleLabel(offer.scheduleTypeCd, offer.duration);
  const headingId = `winback-offer-${offer.skuId}`;
  // Winback offers are the rebate plans: the catalogue names them in the person's culture.
  const name = catalogue.nameOf({
    skuType: WINBACK_SKU_TYPE,
    schedule: offer.scheduleTypeCd,
    duration: offer.duration,
    label: offer.label,
  });
  return (
    <li className="winback__offer" data-testid={`winback-offer-${offer.skuId}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p className="winback__price">
        <span data-testid="winback-price">{formatMoney(offer.price, offer.currency, i18n.language)}</span>{' '}
        {schedule ? <span>{t('per', { period: t(schedule.key, { ...schedule.options, ns: 'common' }) })}</span> : null}
      </p>
      {offer.discountPercent > 0 ? (
        <p className="winback__saving">{t('save', { percent: offer.discountPercent })}</p>
      ) : null}
      <Button
        isDisabled={!canChoose}
        onPress={() => actor.send({ type: 'winback.choose', skuId: offer.skuId })}
        data-testid={`winback-choose-${offer.skuId}`}
      >
        {t('choose', { label: name })}
      </Button>
    </li>
  );
}

function NoOffer({ actor, kind }: { actor: WinbackActor; kind: 'active' | 'redeemed' | 'noOffer' }) {
  const { t } = useTranslation(NAMESPACE);
  const canSeePlans = useSelector(actor, (s) => s.can({ type: 'winback.plans' }));
  return (
    <PageCard testId={`winback-${kind}`}>
      <p>{t(`${kind}.body`)}</p>
      <div className="actions">
        {canSeePlans ? <Button onPress={() => actor.send({ type: 'winback.plans' })}>{t('toPlans')}</Button> : null}
        <Button variant="secondary" onPress={() => actor.send({ type: 'winback.settings' })}>
          {t('toSettings')}
        </Button>
      </div>
    </PageCard>
  );
}
