import { rootRouteId, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpsellOffersActor } from '../../../machines/upsell-offers.machine';
import { SURVEY_REASONS, statusOf, type SurveyReason } from '../../../machines/upsell-offers.rules';
import { flowOf, type OfferSku } from '../../../machines/upsell-sequence.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { deviceFor } from '../../app/device';
import { isStorageAvailable } from '../../domain/storage';
import { Button } from '../../ui/Button';
import { CardFrame } from '../../ui/CardFrame';
import { FailureNotice } from '../../ui/FailureNotice';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { offersFor } from './sequence-store';
import { UpsellPageFrame } from './UpsellPageFrame';
import { provideUpsellOffers, readSequenceRecord, upsellDepsOf } from './upsell-effects';
import './upsell.css';

const NAMESPACE = 'upsell-offers';

const sessionStorageOrNull = () => (isStorageAvailable(() => window.sessionStorage) ? window.sessionStorage : null);

/** The offers page's run: one per order (or per person's latest plan), shared by the offers and the survey pages. */
function useUpsellOffers(startAt: 'offers' | 'survey'): UpsellOffersActor {
  const services = useServices();
  const search = useSearch({ from: rootRouteId });
  const [actor] = useState(() => {
    const { user } = signedInPersonOf(services.startup);
    const storage = sessionStorageOrNull();
    const orderId = search.orderid ?? null;
    const recordId = `offers-${orderId ?? 'latest'}`;
    return offersFor(
      services,
      recordId,
      () => provideUpsellOffers(upsellDepsOf(services, storage)),
      () => ({
        purchase: {
          orderId,
          flow: flowOf(search.flow ?? null, search.mode ?? null),
          device: deviceFor(window.location.pathname, window.innerWidth),
          country: user.CountryCD,
          docType: search.doctype ?? null,
          sequenceId: readSequenceRecord(storage, recordId, () => crypto.randomUUID()).sequenceId,
          only: null,
        },
        startAt,
        frameOrigin: window.location.origin,
      }),
    );
  });
  return actor;
}

/** Loading, the load's failure with its retry, and the dashboard: what both pages show around their content. */
function useCommon(actor: UpsellOffersActor) {
  return {
    loading: useSelector(actor, (s) => s.hasTag('loading')),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    finished: useSelector(actor, (s) => s.status === 'done'),
    canRetry: useSelector(actor, (s) => s.can({ type: 'sequence.retry' })),
    canLeave: useSelector(actor, (s) => s.can({ type: 'sequence.leave' })),
  };
}

/** One add-on of the page: what it is, its price, its add button, and what became of a try. */
function OfferCard({ actor, sku }: { actor: UpsellOffersActor; sku: OfferSku }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const status = useSelector(actor, (s) => statusOf(s.context.statuses, sku.offer));
  const charging = useSelector(actor, (s) => s.matches('charging') && s.context.current === sku.offer);
  const canAdd = useSelector(actor, (s) => s.can({ type: 'offers.add', offer: sku.offer }));
  const frame = useSelector(actor, (s) =>
    s.hasTag('cardFrame') && s.context.current === sku.offer ? s.children.cardFrame : undefined,
  );
  const orderId = useSelector(actor, (s) => s.context.data?.order?.orderId ?? null);
  const headingId = `offer-${sku.offer}`;
  return (
    <li className="offers__card" data-testid={`offer-${sku.offer}`} data-status={status} aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`offers.${sku.offer}.name`)}</h2>
      <p>{t(`offers.${sku.offer}.summary`)}</p>
      <p className="upsell__price">{t('price', { price: sku.formattedPrice })}</p>
      {status === 'taken' ? (
        <p className="offers__added" data-testid={`offer-${sku.offer}-added`}>
          {t('added')}
        </p>
      ) : (
        <Button
          variant="primary"
          isDisabled={!canAdd}
          onPress={() => actor.send({ type: 'offers.add', offer: sku.offer })}
          aria-describedby={headingId}
          data-testid={`offer-${sku.offer}-add`}
        >
          {charging ? t('adding') : status === 'shown' ? t('add') : t('tryAgain')}
        </Button>
      )}
      {status === 'declined' || status === 'unavailable' ? (
        <div role="alert" className="notice notice--error" data-testid={`offer-${sku.offer}-${status}`}>
          <p>{status === 'declined' ? t('declined') : t('unavailable')}</p>
        </div>
      ) : null}
      {frame && orderId !== null ? (
        <div className="upsell__other-card" data-testid="offers-other-card">
          <p>{t('otherCard.body')}</p>
          <CardFrame
            frame={frame}
            method="CRCD"
            culture={i18n.language}
            orderId={orderId}
            texts={{ title: t('otherCard.frameTitle'), unavailable: t('otherCard.unavailable'), retry: t('retry') }}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The upsell offers page (desktop, `upsell/offers`) and the multiple-offers page (mobile,
 * `mobile/upsell/multiple-offers`): every add-on that applies on one page, each added by itself.
 */
export function UpsellOffersPage() {
  const { t } = useTranslation(NAMESPACE);
  const actor = useUpsellOffers('offers');
  const { loading, busy, loadFailed, finished, canRetry, canLeave } = useCommon(actor);
  const offers = useSelector(actor, (s) => (s.hasTag('offers') ? s.context.offers : []));
  const canSkip = useSelector(actor, (s) => s.can({ type: 'offers.skip' }));
  const anyTaken = useSelector(actor, (s) => s.context.taken.length > 0);
  return (
    <UpsellPageFrame
      {...frameOf(actor, { loadFailed, canRetry, canLeave })}
      testId="page-upsell-offers"
      controlPrefix="offers"
      headingId="offers-heading"
      className="offers"
      title={loadFailed ? t('loadFailed.heading') : finished ? t('finished') : t('heading')}
      status={loading ? t('loading') : busy ? t('charging') : ''}
      busy={loading || busy}
    >
      {offers.length > 0 ? (
        <>
          <p className="lead">{t('lead')}</p>
          <ul className="offers__list">
            {offers.map((sku) => (
              <OfferCard key={sku.offer} actor={actor} sku={sku} />
            ))}
          </ul>
          <div className="actions upsell__actions">
            <Button
              variant={anyTaken ? 'primary' : 'secondary'}
              isDisabled={!canSkip}
              onPress={() => actor.send({ type: 'offers.skip' })}
              data-testid="offers-skip"
            >
              {anyTaken ? t('continue') : t('skip')}
            </Button>
          </div>
        </>
      ) : null}
    </UpsellPageFrame>
  );
}

/** The frame's retry and way out, as the machine allows them. */
function frameOf(
  actor: UpsellOffersActor,
  { loadFailed, canRetry, canLeave }: { loadFailed: boolean; canRetry: boolean; canLeave: boolean },
) {
  return {
    namespace: NAMESPACE,
    loadFailed: loadFailed ? { retry: canRetry ? () => actor.send({ type: 'sequence.retry' }) : null } : null,
    leave: canLeave ? () => actor.send({ type: 'sequence.leave' }) : null,
  };
}

/** The survey after the add-ons were turned down: one answer, stored once; skipping it leads on too. */
export function UpsellOffersSurveyPage() {
  const { t } = useTranslation(NAMESPACE);
  const actor = useUpsellOffers('survey');
  const { loading, busy, loadFailed, finished, canRetry, canLeave } = useCommon(actor);
  const asking = useSelector(actor, (s) => s.hasTag('survey'));
  const reason = useSelector(actor, (s) => s.context.reason);
  const failed = useSelector(actor, (s) => s.matches('survey') && s.context.surveyFailed);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'survey.submit' }));
  const canSkip = useSelector(actor, (s) => s.can({ type: 'survey.skip' }));
  return (
    <UpsellPageFrame
      {...frameOf(actor, { loadFailed, canRetry, canLeave })}
      testId="page-upsell-survey"
      controlPrefix="offers"
      headingId="survey-heading"
      className="offers-survey"
      title={loadFailed ? t('loadFailed.heading') : finished ? t('finished') : t('survey.heading')}
      status={loading ? t('loading') : busy ? t('survey.saving') : ''}
      busy={loading || busy}
    >
      {asking ? (
        <form
          className="offers-survey__form"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'survey.submit' });
          }}
        >
          <RadioGroup
            label={t('survey.question')}
            value={reason}
            isDisabled={busy}
            onChange={(value) => actor.send({ type: 'survey.choose', reason: value as SurveyReason })}
            className="offers-survey__reasons"
            data-testid="survey-reasons"
          >
            {SURVEY_REASONS.map((code) => (
              <Radio key={code} value={code} className="offers-survey__reason">
                {t(`survey.reasons.${code}`)}
              </Radio>
            ))}
          </RadioGroup>
          {failed ? (
            <FailureNotice
              message={t('survey.failed')}
              retry={
                canSubmit
                  ? { label: t('retry'), onPress: () => actor.send({ type: 'survey.submit' }), testId: 'survey-retry' }
                  : null
              }
              testId="survey-failed"
            />
          ) : null}
          <div className="actions upsell__actions">
            <Button type="submit" variant="primary" isDisabled={!canSubmit} data-testid="survey-submit">
              {t('survey.submit')}
            </Button>
            <Button
              variant="link"
              isDisabled={!canSkip}
              onPress={() => actor.send({ type: 'survey.skip' })}
              data-testid="survey-skip"
            >
              {t('skip')}
            </Button>
          </div>
        </form>
      ) : null}
    </UpsellPageFrame>
  );
}
