import { rootRouteId, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpsellSequenceActor } from '../../../machines/upsell-sequence.machine';
import {
  flowOf,
  offerFeatureTexts,
  progressStepOf,
  PROGRESS_STEPS,
  skipLeads,
  type OfferId,
} from '../../../machines/upsell-sequence.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { deviceFor } from '../../app/device';
import { isStorageAvailable } from '../../domain/storage';
import { Button } from '../../ui/Button';
import { CardFrame } from '../../ui/CardFrame';
import { sequenceFor } from './sequence-store';
import { provideUpsellSequence, readSequenceRecord, recordIdOf, upsellDepsOf } from './upsell-effects';
import { UpsellPageFrame } from './UpsellPageFrame';
import './upsell.css';

const NAMESPACE = 'upsell';

const sessionStorageOrNull = () => (isStorageAvailable(() => window.sessionStorage) ? window.sessionStorage : null);

/**
 * The sequence this page belongs to. With an `orderid` the page is a step of the sequence that
 * follows that order; without one, the page's own offer is shown on its own, after the person's
 * latest plan.
 */
function useUpsellSequence(entry: OfferId | null): UpsellSequenceActor {
  const services = useServices();
  const search = useSearch({ from: rootRouteId });
  const [actor] = useState(() => {
    const { user } = signedInPersonOf(services.startup);
    const storage = sessionStorageOrNull();
    const orderId = search.orderid ?? null;
    const only = orderId === null ? entry : null;
    const recordId = recordIdOf({ orderId, only });
    return sequenceFor(
      services,
      recordId,
      () => provideUpsellSequence(upsellDepsOf(services, storage)),
      () => {
        const record = readSequenceRecord(storage, recordId, () => crypto.randomUUID());
        return {
          purchase: {
            orderId,
            flow: flowOf(search.flow ?? null, search.mode ?? null),
            device: deviceFor(window.location.pathname, window.innerWidth),
            country: user.CountryCD,
            docType: search.doctype ?? null,
            sequenceId: record.sequenceId,
            only,
          },
          decided: record.decided,
          frameOrigin: window.location.origin,
        };
      },
    );
  });
  return actor;
}

/** The progress bar: four steps, the one in hand marked for screen readers too. */
function ProgressBar({ step, label, stepLabel }: { step: number; label: string; stepLabel: (n: number) => string }) {
  return (
    <ol className="upsell-progress" aria-label={label} data-testid="upsell-progress">
      {Array.from({ length: PROGRESS_STEPS }, (_, i) => (
        <li
          key={i}
          className={`upsell-progress__step${i < step ? ' is-done' : ''}${i === step ? ' is-current' : ''}`}
          aria-current={i === step ? 'step' : undefined}
        >
          <span className="upsell-progress__label">{stepLabel(i + 1)}</span>
        </li>
      ))}
    </ol>
  );
}

/** One page for every offer of the upsell sequence: what the machine shows now, with add, skip and the dashboard. */
export function UpsellOfferPage({ entry }: { entry: OfferId | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const actor = useUpsellSequence(entry);
  const frame = useSelector(actor, (s) => (s.hasTag('cardFrame') ? s.children.cardFrame : undefined));
  const orderId = useSelector(actor, (s) => s.context.data?.order?.orderId ?? null);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const finished = useSelector(actor, (s) => s.status === 'done');
  const failure = useSelector(actor, (s) => (s.hasTag('offer') ? s.context.failure : null));
  const sku = useSelector(actor, (s) => (s.hasTag('offer') ? (s.context.offers[s.context.index] ?? null) : null));
  const step = useSelector(actor, (s) => progressStepOf(s.context.decided.length, s.context.index));
  const reviewCta = useSelector(actor, (s) => s.context.data?.reviewCta ?? 'purchaseReview');
  const variant = useSelector(actor, (s) => s.context.data?.featureTextVariant ?? null);
  const canTake = useSelector(actor, (s) => s.can({ type: 'offer.take' }));
  const canSkip = useSelector(actor, (s) => s.can({ type: 'offer.skip' }));
  const canLeave = useSelector(actor, (s) => s.can({ type: 'sequence.leave' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'sequence.retry' }));

  const offer = sku?.offer ?? null;
  const title = offer
    ? t(`offers.${offer}.heading`)
    : loadFailed
      ? t('loadFailed.heading')
      : finished
        ? t('finished')
        : t('loading');
  const skipFirst = skipLeads(offer, reviewCta);
  const features = offerFeatureTexts(offer, variant);

  const add = (
    <Button
      key="add"
      variant={skipFirst ? 'secondary' : 'primary'}
      isDisabled={!canTake}
      onPress={() => actor.send({ type: 'offer.take' })}
      data-testid="upsell-add"
    >
      {failure ? t('tryAgain') : t('add')}
    </Button>
  );
  const skip = (
    <Button
      key="skip"
      variant={skipFirst ? 'primary' : 'link'}
      isDisabled={!canSkip}
      onPress={() => actor.send({ type: 'offer.skip' })}
      data-testid="upsell-skip"
    >
      {t('skip')}
    </Button>
  );

  return (
    <UpsellPageFrame
      namespace={NAMESPACE}
      testId="page-upsell"
      controlPrefix="upsell"
      headingId="upsell-heading"
      className=""
      dataOffer={offer ?? ''}
      title={title}
      status={loading ? t('loading') : busy ? t('charging') : ''}
      busy={loading || busy}
      loadFailed={loadFailed ? { retry: canRetry ? () => actor.send({ type: 'sequence.retry' }) : null } : null}
      leave={canLeave ? () => actor.send({ type: 'sequence.leave' }) : null}
      top={
        <ProgressBar
          step={step}
          label={t('progress.label')}
          stepLabel={(n) => t('progress.step', { n, total: PROGRESS_STEPS })}
        />
      }
    >
      {sku && offer ? (
        <>
          <p className="lead">{t(`offers.${offer}.body`)}</p>
          {features.length > 0 ? (
            <ul className="upsell__features" data-testid="upsell-features">
              {features.map((key) => (
                <li key={key}>{t(`features.${key}`)}</li>
              ))}
            </ul>
          ) : null}
          <p className="upsell__price" data-testid="upsell-price">
            {t('price', { price: sku.formattedPrice })}
          </p>
          {offer in OFFER_DETAILS ? <OfferDetails offer={offer as DetailedOffer} /> : null}
          {failure ? (
            <div
              role="alert"
              className="notice notice--error"
              data-testid={failure === 'declined' ? 'upsell-declined' : 'upsell-charge-failed'}
            >
              <p>{failure === 'declined' ? t('declined') : t('unavailable')}</p>
            </div>
          ) : null}
          {frame && orderId !== null ? (
            <section className="upsell__other-card" aria-labelledby="upsell-other-card" data-testid="upsell-other-card">
              <h2 id="upsell-other-card">{t('otherCard.heading')}</h2>
              <p>{t('otherCard.body')}</p>
              <CardFrame
                frame={frame}
                method="CRCD"
                culture={i18n.language}
                orderId={orderId}
                texts={{ title: t('otherCard.frameTitle'), unavailable: t('otherCard.unavailable'), retry: t('retry') }}
              />
            </section>
          ) : null}
          <div className="actions upsell__actions">{skipFirst ? [skip, add] : [add, skip]}</div>
        </>
      ) : null}
    </UpsellPageFrame>
  );
}

/** The offers whose pages say more than a line: what comes with them. */
const OFFER_DETAILS = { calm: 'list', feedbackTool: 'steps', aiTool: 'list' } as const;
type DetailedOffer = keyof typeof OFFER_DETAILS;
const POINTS = ['one', 'two', 'three'] as const;

/** The calm, feedback-tool and AI-tool offers' own content: what is included, or how it works, in order. */
function OfferDetails({ offer }: { offer: DetailedOffer }) {
  const { t } = useTranslation(NAMESPACE);
  const steps = OFFER_DETAILS[offer] === 'steps';
  const items = POINTS.map((key) => <li key={key}>{t(`offers.${offer}.points.${key}`)}</li>);
  return (
    <section className="upsell__details" aria-labelledby="upsell-details" data-testid="upsell-details">
      <h2 id="upsell-details">{t(`offers.${offer}.detailsHeading`)}</h2>
      {steps ? <ol>{items}</ol> : <ul>{items}</ul>}
      <p className="upsell__note">{t(`offers.${offer}.note`)}</p>
    </section>
  );
}

/** The routes of the sequence: each offer's own page opens that offer when reached from elsewhere. */
export const ResumeReviewUpsellPage = () => <UpsellOfferPage entry="resumeReview" />;
export const BoldProUpsellPage = () => <UpsellOfferPage entry="boldPro" />;
export const SocialCardUpsellPage = () => <UpsellOfferPage entry="socialCard" />;
export const CoverLetterAddOnPage = () => <UpsellOfferPage entry="coverLetter" />;
export const ResumeUpsellPage = () => <UpsellOfferPage entry="resumeWriting" />;
export const CalmUpsellPage = () => <UpsellOfferPage entry="calm" />;
export const FeedbackToolPage = () => <UpsellOfferPage entry="feedbackTool" />;
export const AiToolPage = () => <UpsellOfferPage entry="aiTool" />;
