import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_COMMENT_MAX, RATING_STARS } from '../../../machines/cancellation-rating.rules';
import { useServices } from '../../app/services';
import { pickStorage, readConsent } from '../../domain/storage';
import { Button } from '../../ui/Button';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { TextField } from '../../ui/TextField';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideCancellationRating } from './cancellation-rating-effects';
import { PageCard } from '../../shell/PageCard';
import './survey.css';

const NAMESPACE = 'cancel-rating';

/** Starts the machine once, for the signed-in person; skipping leads to the dashboard. */
function useRatingActor() {
  const { api, startup, navigation, config, recordFlows } = useServices();
  const [machine] = useState(() => {
    const userUid = startup.getSnapshot().context.claims?.UserUID ?? '';
    const consentGiven = () =>
      readConsent(
        pickStorage(
          () => window.localStorage,
          () => window.sessionStorage,
        ),
      ).analytics;
    const provided = provideCancellationRating({ api, userUid, consentGiven }).provide({
      actions: { leaveRating: () => navigation.go({ href: config.dashboardUrl }) },
    });
    return { provided, userUid };
  });
  return {
    actor: useActorRef(machine.provided, { inspect: recordFlows, input: { userUid: machine.userUid } }),
    dashboardUrl: config.dashboardUrl,
  };
}

/** After a cancellation: how it went, in one to five stars and an optional comment; skipping is one click. */
export default function CancellationRatingPage() {
  const { t } = useTranslation(NAMESPACE);
  const { actor, dashboardUrl } = useRatingActor();
  const rating = useSelector(actor, (s) => s.context.rating);
  const comment = useSelector(actor, (s) => s.context.comment);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const thanked = useSelector(actor, (s) => s.matches('thanked'));
  const sendFailed = useSelector(actor, (s) => s.matches('sendFailed'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'rating.submit' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'rating.retry' }));
  const canSkip = useSelector(actor, (s) => s.can({ type: 'rating.skip' }));

  const title = thanked ? t('thanks.heading') : t('heading');
  const heading = usePageHeading(title);

  return (
    <section
      className="simple-page page cancel-rating"
      data-testid="page-cancellation-rating"
      aria-labelledby="cancel-rating-heading"
      aria-busy={busy}
    >
      <h1 id="cancel-rating-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="pre-cancel__status">
        {busy ? t('sending') : thanked ? t('thanks.status') : ''}
      </p>
      <PageCard>
        {thanked ? (
          <>
            <p data-testid="rating-thanks">{t('thanks.body')}</p>
            <a className="button button--secondary" href={dashboardUrl}>
              {t('toDashboard')}
            </a>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: sendFailed ? 'rating.retry' : 'rating.submit' });
            }}
          >
            <RadioGroup
              className="cancel-survey__reasons"
              label={t('starsLabel')}
              labelClassName="cancel-survey__label"
              orientation="horizontal"
              value={rating === null ? null : String(rating)}
              onChange={(value) => actor.send({ type: 'rating.choose', rating: Number(value) })}
              isDisabled={busy}
              data-testid="rating-stars"
            >
              {RATING_STARS.map((stars) => (
                <Radio
                  key={stars}
                  value={String(stars)}
                  className="cancel-survey__reason"
                  data-testid={`rating-${stars}`}
                >
                  {t('stars', { count: stars })}
                </Radio>
              ))}
            </RadioGroup>
            <TextField
              label={t('commentLabel')}
              description={t('commentHint', { max: RATING_COMMENT_MAX })}
              multiline
              maxLength={RATING_COMMENT_MAX}
              value={comment}
              onChange={(value) => actor.send({ type: 'rating.comment', comment: value })}
              isDisabled={busy}
            />
            {sendFailed ? (
              <div role="alert" className="notice notice--error" data-testid="rating-error">
                <p>{t('failed')}</p>
              </div>
            ) : null}
            <div className="cancel-survey__actions">
              {sendFailed ? (
                <Button type="submit" isDisabled={!canRetry} data-testid="rating-retry">
                  {t('retry')}
                </Button>
              ) : (
                <Button type="submit" isDisabled={!canSubmit} data-testid="rating-submit">
                  {t('submit')}
                </Button>
              )}
              <Button
                variant="secondary"
                isDisabled={!canSkip}
                onPress={() => actor.send({ type: 'rating.skip' })}
                data-testid="rating-skip"
              >
                {t('skip')}
              </Button>
            </div>
          </form>
        )}
      </PageCard>
    </section>
  );
}
