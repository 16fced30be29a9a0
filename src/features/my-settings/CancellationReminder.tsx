import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { cancelFlowVariationHere, signedInPersonOf } from '../../app/signed-in-person';
import { parseQueryParams, queryFlags } from '../../domain/query-params';
import { pickStorage } from '../../domain/storage';
import { Button } from '../../ui/Button';
import { renewalFactsOf, type RenewalPlan } from '../../domain/offer-terms';
import { OfferTermsLine } from '../../ui/OfferTermsLine';
import {
  REMINDER_NAMESPACE,
  provideReminder,
  readAcceptedReminder,
  reminderInputOf,
  type ReminderPlan,
} from './reminder-effects';
import './cancellation-reminder.css';

const browserStorage = () =>
  pickStorage(
    () => window.localStorage,
    () => window.sessionStorage,
  );

/** Starts the reminder's machine once, with what the person's account, browser and address say, and asks whether to offer it. */
function useReminderActor(userUid: string, plan: ReminderPlan & { NextBillingDate: string }) {
  const { api, startup, recordFlows } = useServices();
  const [setup] = useState(() => {
    const { claims } = signedInPersonOf(startup);
    const { preferences } = startup.getSnapshot().context;
    const flags = queryFlags(parseQueryParams(window.location.search));
    const input = reminderInputOf({
      userUid,
      plan,
      preferences,
      bypassPreferenceCheck: flags.bypassCancellationReminderPreferenceCheck,
      acceptedLocally: readAcceptedReminder(browserStorage()),
      cancelFlowVariation: cancelFlowVariationHere(claims),
      now: new Date(),
    });
    return { machine: provideReminder({ api, storage: browserStorage }), input };
  });
  const actor = useActorRef(setup.machine, { inspect: recordFlows, input: setup.input });
  useEffect(() => {
    actor.send({ type: 'reminder.show' });
  }, [actor]);
  return actor;
}

/**
 * The cancellation reminder in my settings: the days left in the trial or paid period, and the
 * offer to be reminded before the plan renews. Accepting saves the answer once; a failed save
 * keeps the offer with a retry.
 */
export function CancellationReminder({
  userUid,
  plan,
}: {
  userUid: string;
  plan: ReminderPlan & RenewalPlan & { NextBillingDate: string };
}) {
  const { t } = useTranslation(REMINDER_NAMESPACE);
  const actor = useReminderActor(userUid, plan);
  const offered = useSelector(actor, (s) => s.matches('offered') || s.matches('saving') || s.matches('saveFailed'));
  const saving = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('saveFailed'));
  const accepted = useSelector(actor, (s) => s.matches('accepted'));
  const canAccept = useSelector(actor, (s) => s.can({ type: 'reminder.accept' }));
  const canDismiss = useSelector(actor, (s) => s.can({ type: 'reminder.decline' }));
  const cycle = useSelector(actor, (s) => s.context.cycle);
  const daysLeft = useSelector(actor, (s) => s.context.daysLeft);
  const heading = useRef<HTMLHeadingElement>(null);

  // The buttons go once it is accepted: keyboard focus stays in the reminder, on its heading.
  useEffect(() => {
    if (accepted && heading.current?.closest('section')?.contains(document.activeElement ?? null) === false)
      heading.current.focus();
  }, [accepted]);

  if (!offered && !accepted) return null;
  const accept = () => actor.send({ type: 'reminder.accept' });
  return (
    <section
      className="reminder"
      aria-labelledby="reminder-heading"
      data-testid="cancellation-reminder"
      aria-busy={saving}
    >
      <h2 id="reminder-heading" ref={heading} tabIndex={-1}>
        {t('heading')}
      </h2>
      <p className="reminder__banner" data-testid="reminder-days-left">
        {t(`daysLeft.${cycle}`, { count: daysLeft })}
      </p>
      {offered ? <p>{t(`offer.${cycle}`)}</p> : null}
      {offered ? <OfferTermsLine offer={{ kind: 'reminder' }} renewal={renewalFactsOf(plan)} /> : null}
      {failed ? (
        <div role="alert" className="notice notice--error" data-testid="reminder-error">
          <p>{t('saveFailed')}</p>
          <Button variant="secondary" isDisabled={!canAccept} onPress={accept}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {offered ? (
        <div className="actions reminder__actions">
          <Button isDisabled={!canAccept} onPress={accept} data-testid="reminder-accept">
            {t('accept')}
          </Button>
          <Button
            variant="secondary"
            isDisabled={!canDismiss}
            onPress={() => actor.send({ type: 'reminder.decline' })}
            data-testid="reminder-dismiss"
          >
            {t('dismiss')}
          </Button>
        </div>
      ) : null}
      {/* Saving and the confirmation are announced politely; a failure above is an alert. */}
      <p role="status" className="reminder__status" data-testid="reminder-status">
        {saving ? t('saving') : accepted ? t(`confirmed.${cycle}`) : ''}
      </p>
    </section>
  );
}
