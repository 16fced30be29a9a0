import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { visitorContextOf } from '../../app/visitor-context';
import { Button } from '../../ui/Button';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideFreeReview } from './free-review-effects';
import { PageCard } from '../../shell/PageCard';
import './pre-cancel.css';

const NAMESPACE = 'free-review';
/** The steps the page shows, each with its text and its own action. */
const STEPS = ['offer', 'inReview', 'reviewReady', 'customizeResume'] as const;
type Step = (typeof STEPS)[number];

/** Starts the machine once, for the signed-in person, in their market and on this device. */
function useFreeReviewActor() {
  const { api, startup, navigation, config, recordFlows } = useServices();
  const { i18n } = useTranslation();
  const [setup] = useState(() => {
    const { claims, user } = signedInPersonOf(startup);
    const visitor = () =>
      visitorContextOf({
        claims,
        language: i18n.language,
        location: window.location,
        cookieHeader: document.cookie,
        viewportWidth: window.innerWidth,
      });
    const machine = provideFreeReview({ api, user, visitor, navigation, dashboardUrl: config.dashboardUrl });
    return { machine, userUid: user.UserUID };
  });
  return useActorRef(setup.machine, { inspect: recordFlows, input: { userUid: setup.userUid } });
}

/** The free resume review in the cancel funnel: the step the person is at, and going on with the cancellation. */
export default function FreeReviewPage() {
  const { t } = useTranslation(NAMESPACE);
  const actor = useFreeReviewActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('failed'));
  const claimFailed = useSelector(actor, (s) => s.matches('claimFailed'));
  const step = useSelector(actor, (s): Step | null =>
    s.matches('claiming') || s.matches('claimFailed') ? 'offer' : (STEPS.find((name) => s.matches(name)) ?? null),
  );
  const canClaim = useSelector(actor, (s) => s.can({ type: 'review.claim' }));
  const canGo = useSelector(actor, (s) => s.can({ type: 'review.go' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'review.retry' }));
  const canSkip = useSelector(actor, (s) => s.status === 'active' && s.can({ type: 'review.skip' }));

  const title = step ? t(`${step}.heading`) : t('heading');
  const heading = usePageHeading(title);
  const progress = loading ? t('loading') : busy ? t('claiming') : '';

  return (
    <section
      className="simple-page page free-review"
      data-testid="page-free-review"
      aria-labelledby="free-review-heading"
      aria-busy={loading || busy}
    >
      <h1 id="free-review-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="pre-cancel__status">
        {progress}
      </p>
      {loadFailed ? (
        <div role="alert" className="notice notice--error">
          <p>{t('loadFailed')}</p>
          {canRetry ? (
            <Button variant="secondary" onPress={() => actor.send({ type: 'review.retry' })}>
              {t('retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <PageCard>
        {step ? (
          <div data-testid={`free-review-${step}`}>
            <p className="lead">{t(`${step}.body`)}</p>
            {claimFailed ? (
              <div role="alert" className="notice notice--error" data-testid="claim-error">
                <p>{t('claimFailed')}</p>
                <Button variant="secondary" isDisabled={!canClaim} onPress={() => actor.send({ type: 'review.claim' })}>
                  {t('retry')}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="actions pre-cancel__actions">
          {step === 'offer' ? (
            <Button
              isDisabled={!canClaim}
              onPress={() => actor.send({ type: 'review.claim' })}
              data-testid="free-review-action"
            >
              {t('offer.action')}
            </Button>
          ) : step ? (
            <Button
              isDisabled={!canGo}
              onPress={() => actor.send({ type: 'review.go' })}
              data-testid="free-review-action"
            >
              {t(`${step}.action`)}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            isDisabled={!canSkip}
            onPress={() => actor.send({ type: 'review.skip' })}
            data-testid="continue-cancelling"
          >
            {t('continueCancelling')}
          </Button>
        </div>
      </PageCard>
    </section>
  );
}
