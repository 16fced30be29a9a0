import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useDeferredValue, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancellationSurveyActor } from '../../../machines/cancellation-survey.machine';
import { offerForReason, surveyHeadingOf } from '../../../machines/cancellation-survey.rules';
import { useServices } from '../../app/services';
import { cancelFlowVariationHere, signedInPersonOf } from '../../app/signed-in-person';
import { visitorContextOf } from '../../app/visitor-context';
import { Button } from '../../ui/Button';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { usePageHeading } from '../../ui/use-page-heading';
import { provideCancellationSurvey } from './survey-effects';
import { SupportContact } from './SupportContact';
import { cancellationPageDeps } from './page-deps';
import { FailureNotice } from '../../ui/FailureNotice';
import { PageCard } from '../../shell/PageCard';
import './survey.css';

const SURVEY_NAMESPACE = 'cancel-survey';

/** Starts the machine once, for the signed-in person, on this device, with their cancel-flow arm. */
function useCancellationSurveyActor(): { actor: CancellationSurveyActor; countryCd: string } {
  const services = useServices();
  const { startup, recordFlows } = services;
  const { i18n } = useTranslation();
  const [setup] = useState(() => {
    const { claims, user } = signedInPersonOf(startup);
    const context = visitorContextOf({
      claims,
      language: i18n.language,
      location: window.location,
      cookieHeader: document.cookie,
      viewportWidth: window.innerWidth,
    });
    const device = context.device === 'Mobile' ? ('Mobile' as const) : ('Desktop' as const);
    const visitor = () => ({ cancelFlowVariation: cancelFlowVariationHere(claims), random: Math.random });
    const machine = provideCancellationSurvey({ ...cancellationPageDeps(services, user), visitor });
    return { machine, input: { userUid: user.UserUID, device }, countryCd: user.CountryCD };
  });
  const actor = useActorRef(setup.machine, { inspect: recordFlows, input: setup.input });
  return { actor, countryCd: setup.countryCd };
}

/** The offer the answer leads to, in place of the survey: take it, or "no thanks, cancel" beside it. */
function SurveyOffer({ actor, countryCd }: { actor: CancellationSurveyActor; countryCd: string }) {
  const { t } = useTranslation(SURVEY_NAMESPACE);
  const offer = useSelector(actor, (s) =>
    s.matches('reasonSubmitted') && s.context.reason !== null
      ? offerForReason(s.context.reason, s.context.offers)
      : null,
  );
  if (!offer) return null;
  return (
    <section
      className="notice cancel-survey__offer"
      aria-labelledby="cancel-survey-offer"
      data-testid="survey-offer"
      data-offer={offer}
    >
      <h2 id="cancel-survey-offer">{t(`offer.${offer}.title`)}</h2>
      <p>{t(`offer.${offer}.body`)}</p>
      {offer === 'talkToAgent' ? (
        <Suspense fallback={null}>
          <SupportContact countryCd={countryCd} className="cancel-survey__support" />
        </Suspense>
      ) : null}
      <div className="actions cancel-survey__actions">
        <Button onPress={() => actor.send({ type: 'offer.accept' })} data-testid="offer-accept">
          {t(`offer.${offer}.accept`)}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'offer.decline' })} data-testid="offer-decline">
          {t('offer.decline')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The reasons, the chosen one and the way to send it: on its own, so choosing a reason draws this
 * form again and not the whole page.
 */
function SurveyReasons({ actor }: { actor: CancellationSurveyActor }) {
  const { t } = useTranslation(SURVEY_NAMESPACE);
  const reasons = useSelector(actor, (s) => s.context.reasons);
  const reason = useSelector(actor, (s) => s.context.reason);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submitFailed = useSelector(actor, (s) => s.matches('submitFailed'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'survey.submit' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'survey.retry' }));
  // The same elements on every drawing: a choice redraws the radios from their group's state, without translating every label again.
  const options = useMemo(
    () =>
      reasons.map((r) => (
        <Radio
          key={r.value}
          value={String(r.value)}
          className="cancel-survey__reason"
          data-testid={`reason-${r.value}`}
        >
          {t(r.label, { ns: 'common' })}
        </Radio>
      )),
    [reasons, t],
  );
  return (
    <form
      className="cancel-survey__form"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'survey.submit' });
      }}
    >
      <RadioGroup
        className="cancel-survey__reasons"
        label={t('reasonsLabel')}
        labelClassName="cancel-survey__label"
        value={reason === null ? null : String(reason)}
        onChange={(value) => actor.send({ type: 'survey.select', reason: Number(value) })}
        isDisabled={busy}
        data-testid="survey-reasons"
      >
        {options}
      </RadioGroup>
      {submitFailed ? (
        <FailureNotice
          message={t('submitFailed')}
          retry={canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'survey.retry' }) } : null}
          testId="submit-error"
        />
      ) : null}
      <div className="actions cancel-survey__actions">
        <Button type="submit" isDisabled={!canSubmit} data-testid="survey-submit">
          {busy ? t('sending') : t('submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The cancellation survey (`cancellation/survey`, `cancellation/pre/survey`): why the person
 * cancels, as a radio group, with "skip and cancel" and the way back to the dashboard there from
 * the first moment; once answered, the offer the answer leads to, or straight on to the confirmation.
 */
export default function SurveyPage() {
  const { t } = useTranslation(SURVEY_NAMESPACE);
  const { config } = useServices();
  const { actor, countryCd } = useCancellationSurveyActor();
  // What loading brings (the reasons, or the failure, and the person's job title) is drawn in one
  // interruptible pass, all together, so
  // the first drawing of the radio group does not hold the page in one long task. A machine update
  // would otherwise be drawn at once, in one piece (useSyncExternalStore).
  const loading = useDeferredValue(useSelector(actor, (s) => s.hasTag('loading')));
  const loadFailed = useDeferredValue(useSelector(actor, (s) => s.matches('loadFailed')));
  const hasReasons = useDeferredValue(useSelector(actor, (s) => s.context.reasons.length > 0));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const answered = useSelector(actor, (s) => s.matches('reasonSubmitted'));
  const jobTitle = useDeferredValue(useSelector(actor, (s) => s.context.jobTitle));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'survey.retry' }));
  const retry = canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'survey.retry' }) } : null;
  const canSkip = useSelector(actor, (s) => s.can({ type: 'survey.skip' }));
  const canLeave = useSelector(actor, (s) => s.can({ type: 'survey.returnToDashboard' }));

  const heading = surveyHeadingOf(jobTitle);
  const title = heading.kind === 'personal' ? t('headingPersonal', { jobTitle: heading.jobTitle }) : t('heading');
  const headingRef = usePageHeading(title);
  const progress = loading ? t('loading') : busy ? t('sending') : answered ? t('saved') : '';

  const toDashboard = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!actor.getSnapshot().can({ type: 'survey.returnToDashboard' })) return;
    event.preventDefault();
    actor.send({ type: 'survey.returnToDashboard' });
  };

  const surveyBody = (
    <>
      {/* While the reasons load, their usual room is kept, so the ways out below do not move when they come. */}
      {loading && !hasReasons ? (
        <div className="cancel-survey__pending" aria-hidden="true" data-testid="survey-pending" />
      ) : null}

      {hasReasons && !answered ? <SurveyReasons actor={actor} /> : null}

      <SurveyOffer actor={actor} countryCd={countryCd} />

      {!answered ? (
        <div className="actions cancel-survey__actions cancel-survey__ways-out">
          {/* Cancelling never waits for the survey: one click from the first moment. */}
          <Button
            variant="secondary"
            isDisabled={!canSkip}
            onPress={() => actor.send({ type: 'survey.skip' })}
            data-testid="survey-skip"
          >
            {t('skip')}
          </Button>
        </div>
      ) : null}
      {canLeave ? (
        <p>
          <a href={config.dashboardUrl} onClick={toDashboard} data-testid="survey-dashboard">
            {t('toDashboard')}
          </a>
        </p>
      ) : null}
    </>
  );

  return (
    <section
      className="simple-page page cancel-survey"
      data-testid="page-cancellation-survey"
      aria-labelledby="cancel-survey-heading"
      aria-busy={loading || busy}
    >
      <h1 id="cancel-survey-heading" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {/* Progress is announced politely; errors below are alerts. */}
      <p role="status" className="cancel-survey__status" data-testid="survey-status">
        {progress}
      </p>

      {loadFailed ? <FailureNotice message={t('loadFailed')} retry={retry} testId="load-error" /> : null}
      {/* While the reasons load, what is under the header is not yet a card: the heading grows once they come (it names
          the person's job), and a card drawn before would move with it. The card comes with the reasons. */}
      {loading && !hasReasons ? surveyBody : <PageCard>{surveyBody}</PageCard>}
    </section>
  );
}
