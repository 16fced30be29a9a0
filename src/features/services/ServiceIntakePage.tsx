import { rootRouteId, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceIntakeActor } from '../../../machines/service-intake.machine';
import {
  INTAKE_FIELDS,
  intakeFieldRule,
  type IntakeField,
  type IntakeFieldError,
} from '../../../machines/service-intake.rules';
import type { ServiceKind } from '../../../machines/service-products.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { deviceFor } from '../../app/device';
import { FROM_UPSELLS } from '../../domain/post-payment-destination';
import { findRoute } from '../../routing/route-table';
import { Button } from '../../ui/Button';
import { FailureNotice } from '../../ui/FailureNotice';
import { Form } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import { usePageHeading } from '../../ui/use-page-heading';
import { SERVICES_NAMESPACE } from './namespace';
import { intakeServiceFor, provideServiceIntake } from './service-intake-effects';
import { PageCard } from '../../shell/PageCard';
import './services.css';

/** Starts the machine once: the service from the product id (address, else route), the order from `orderid`. */
function useServiceIntakeActor() {
  const { api, startup, navigation, config, recordFlows } = useServices();
  // Every query parameter is validated once, on the root route (routing/router.tsx).
  const query = useSearch({ from: rootRouteId });
  const [setup] = useState(() => {
    const { user } = signedInPersonOf(startup);
    const service = intakeServiceFor(findRoute(window.location.pathname)?.id, query.productid ?? null);
    const mobile = deviceFor(window.location.pathname, window.innerWidth) === 'Mobile';
    const machine = provideServiceIntake({
      api,
      userUid: user.UserUID,
      navigation,
      dashboardUrl: config.dashboardUrl,
      mobile,
    });
    return {
      machine,
      input: {
        userUid: user.UserUID,
        service,
        orderId: query.orderid ?? null,
        fromUpsells: query.from === FROM_UPSELLS,
      },
    };
  });
  return useActorRef(setup.machine, { inspect: recordFlows, input: setup.input });
}

/** The intake of a service (chosen by product id): what the writer needs, the answers once given, or the way to buy it. */
export default function ServiceIntakePage() {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const actor = useServiceIntakeActor();
  const service = useSelector(actor, (s) => s.context.service);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const view = useSelector(actor, (s) =>
    s.matches('loadFailed')
      ? 'loadFailed'
      : s.matches('notPurchased')
        ? 'notPurchased'
        : s.matches('answered')
          ? 'answered'
          : s.hasTag('loading')
            ? 'loading'
            : 'form',
  );
  const title = t(`kind.${service}.title`);
  const heading = usePageHeading(title);

  return (
    <section
      className="simple-page page service-intake"
      data-testid="page-service-intake"
      data-service={service}
      aria-labelledby="intake-heading"
      aria-busy={loading || busy}
    >
      <h1 id="intake-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="service-intake__status">
        {loading ? t('intake.loading') : busy ? t('intake.sending') : ''}
      </p>
      {view === 'loadFailed' ? <LoadFailed actor={actor} /> : null}
      <PageCard>
        {view === 'notPurchased' ? <NotPurchased actor={actor} service={service} /> : null}
        {view === 'answered' ? <Answered actor={actor} service={service} /> : null}
        {view === 'form' ? <IntakeForm actor={actor} service={service} /> : null}
      </PageCard>
    </section>
  );
}

function LoadFailed({ actor }: { actor: ServiceIntakeActor }) {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  return (
    <FailureNotice
      heading={t('intake.loadFailedHeading')}
      message={t('intake.loadFailed')}
      retry={{ label: t('intake.retry'), onPress: () => actor.send({ type: 'intake.retry' }), testId: 'intake-retry' }}
      leave={{ label: t('intake.toDashboard'), onPress: () => actor.send({ type: 'intake.dashboard' }) }}
      testId="intake-load-failed"
    />
  );
}

function NotPurchased({ actor, service }: { actor: ServiceIntakeActor; service: ServiceKind }) {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const price = useSelector(actor, (s) => s.context.record?.formattedPrice ?? null);
  const canBuy = useSelector(actor, (s) => s.can({ type: 'intake.buy' }));
  return (
    <div data-testid="intake-not-purchased">
      <p className="lead">{t(`kind.${service}.lead`)}</p>
      <p>{t('intake.notPurchased')}</p>
      <div className="actions">
        {canBuy && price ? (
          <Button onPress={() => actor.send({ type: 'intake.buy' })} data-testid="intake-buy">
            {t('intake.buy', { price })}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onPress={() => actor.send({ type: 'intake.dashboard' })}
          data-testid="intake-dashboard"
        >
          {t('intake.toDashboard')}
        </Button>
      </div>
    </div>
  );
}

function Answered({ actor, service }: { actor: ServiceIntakeActor; service: ServiceKind }) {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const draft = useSelector(actor, (s) => s.context.draft);
  const orderId = useSelector(actor, (s) => s.context.record?.orderId ?? null);
  return (
    <div data-testid="intake-answered">
      <div className="notice notice--success" role="status">
        <p>
          <strong>{t('intake.answeredHeading')}</strong>
        </p>
        <p>{service === 'resumeReview' ? t('intake.inReview') : t('intake.answeredLead')}</p>
      </div>
      {orderId !== null ? <p>{t('intake.orderNumber', { id: orderId })}</p> : null}
      <dl className="service-intake__answers">
        {INTAKE_FIELDS[service]
          .filter((field) => draft[field].trim() !== '')
          .map((field) => (
            <div key={field} className="service-intake__answer">
              <dt>{t(`intake.fields.${field}.label`)}</dt>
              <dd data-testid={`answer-${field}`}>{draft[field]}</dd>
            </div>
          ))}
      </dl>
      <Button onPress={() => actor.send({ type: 'intake.dashboard' })} data-testid="intake-dashboard">
        {t('intake.toDashboard')}
      </Button>
    </div>
  );
}

function IntakeForm({ actor, service }: { actor: ServiceIntakeActor; service: ServiceKind }) {
  const { t } = useTranslation(SERVICES_NAMESPACE);
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.errors);
  const sendFailed = useSelector(actor, (s) => s.matches('sendFailed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'intake.submit' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'intake.retry' }));
  const canLeave = useSelector(actor, (s) => s.can({ type: 'intake.dashboard' }));

  const errorText = (field: IntakeField, error: IntakeFieldError | undefined) => {
    if (!error) return null;
    const { min, max } = intakeFieldRule(field);
    return t(`intake.errors.${error}`, { min, max });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: sendFailed ? 'intake.retry' : 'intake.submit' });
  };

  return (
    <Form onSubmit={submit} className="service-intake__form" data-testid="intake-form" aria-describedby="intake-lead">
      <p id="intake-lead" className="lead">
        {t(`kind.${service}.intakeLead`)}
      </p>
      {INTAKE_FIELDS[service].map((field) => (
        <TextField
          key={field}
          name={field}
          label={t(`intake.fields.${field}.label`)}
          description={field === 'comments' ? t('intake.fields.comments.description') : undefined}
          value={draft[field]}
          onChange={(value) => actor.send({ type: 'intake.change', field, value })}
          multiline={field === 'comments'}
          inputMode={field === 'yearsExperience' ? 'numeric' : 'text'}
          isRequired={intakeFieldRule(field).required}
          isDisabled={busy}
          errorMessage={errorText(field, errors[field])}
          data-testid={`intake-${field}`}
        />
      ))}
      {sendFailed ? (
        <div role="alert" className="notice notice--error" data-testid="intake-send-failed">
          <p>{t('intake.sendFailed')}</p>
        </div>
      ) : null}
      <div className="actions">
        <Button type="submit" isDisabled={!(canSubmit || canRetry)} data-testid="intake-submit">
          {sendFailed ? t('intake.retry') : t('intake.submit')}
        </Button>
        {canLeave ? (
          <Button
            variant="secondary"
            isDisabled={busy}
            onPress={() => actor.send({ type: 'intake.dashboard' })}
            data-testid="intake-later"
          >
            {t('intake.later')}
          </Button>
        ) : null}
      </div>
      {canLeave ? <p className="service-intake__later-note">{t('intake.laterNote')}</p> : null}
    </Form>
  );
}
