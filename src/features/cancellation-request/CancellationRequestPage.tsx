import { getLocalTimeZone, parseDate, today, type DateValue } from '@internationalized/date';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import {
  cancellationRequestMachine,
  type CancellationReceiptData,
  type SubmitInput,
} from '../../../machines/cancellation-request.machine';
import { isDateFieldShown, toRequestBody } from '../../../machines/cancellation-request.rules';
import { accountIdError, emailError } from '../../../machines/validation.rules';
import { PORTAL_ID_BY_CULTURE } from '../../app/portal';
import { useServices } from '../../app/services';
import { supportedCulture } from '../../i18n';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Form } from '../../ui/Form';
import { DatePicker } from '../../ui/DatePicker';
import { TextField } from '../../ui/TextField';
import { InfoTooltip } from '../../ui/Tooltip';
import { usePageHeading } from '../../ui/use-page-heading';
import { Captcha } from './Captcha';
import { CancellationIntro, CancellationSection, signInUrlFor } from './CancellationIntro';
import { saveReceipt } from './receipt-store';
import { useDateHiddenByConfig } from './use-date-hidden-by-config';
import { PageCard } from '../../shell/PageCard';

/** The logged-out cancellation request (§312k BGB): one page, every field visible, no sign-in. */
export default function CancellationRequestPage() {
  const { t } = useTranslation();
  const { config } = useServices();
  const heading = usePageHeading(t('cancellationRequest.title'));
  return (
    <CancellationSection>
      <CancellationIntro signInUrl={signInUrlFor(config.dashboardUrl)} headingRef={heading} />
      <PageCard>
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <ConfiguredCancellationRequestForm />
        </Suspense>
      </PageCard>
    </CancellationSection>
  );
}

/** The form, once configuration has said whether the termination date shows. */
function ConfiguredCancellationRequestForm() {
  return <CancellationRequestForm dateHiddenByConfig={useDateHiddenByConfig()} />;
}

function CancellationRequestForm({ dateHiddenByConfig }: { dateHiddenByConfig: boolean }) {
  const { t, i18n } = useTranslation();
  const { api, config, navigation, recordFlows } = useServices();
  const culture = supportedCulture(i18n.language);

  const machine = useMemo(
    () =>
      cancellationRequestMachine.provide({
        actors: {
          submitRequest: fromPromise<CancellationReceiptData, SubmitInput>(async ({ input }) => {
            const body = toRequestBody(input.values, {
              portalId: PORTAL_ID_BY_CULTURE[culture],
              dateHidden: dateHiddenByConfig,
              now: new Date(),
            });
            const receipt = await api.subscriptions.requestCancellation({ ...body, captcha: input.captchaPayload });
            saveReceipt(receipt);
            return receipt;
          }),
        },
        actions: {
          showReceipt: () => navigation.go({ to: '/cancellation/received' }),
        },
      }),
    [api, culture, dateHiddenByConfig, navigation],
  );
  const actor = useActorRef(machine, { inspect: recordFlows, input: { dateHiddenByConfig } });

  const values = useSelector(actor, (s) => s.context.values);
  const emailInvalid = useSelector(actor, (s) => s.matches({ form: { email: 'invalid' } }));
  const accountIdInvalid = useSelector(actor, (s) => s.matches({ form: { accountId: 'invalid' } }));
  const captchaInvalid = useSelector(actor, (s) => s.matches({ form: { captcha: 'invalid' } }));
  const extraordinary = useSelector(actor, (s) => s.matches({ form: { termination: 'extraordinary' } }));
  const submitting = useSelector(actor, (s) => s.matches({ form: { submission: 'submitting' } }));
  const failure = useSelector(actor, (s) => (s.matches({ form: { submission: 'failed' } }) ? s.context.failure : null));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'form.retried' }));

  const emailMessage = emailInvalid ? t(`validation.email.${emailError(values.email) ?? 'invalid'}`) : null;
  const accountIdMessage = accountIdInvalid
    ? t(`validation.accountId.${accountIdError(values.accountId) ?? 'invalid'}`)
    : null;
  const captchaMessage = captchaInvalid ? t('validation.captcha.required') : null;
  const minDate = today(getLocalTimeZone());
  const dateValue: DateValue | null = values.date ? parseDate(values.date) : null;

  return (
    <Form
      className="cancellation-request__form"
      // The machine validates and shows localized errors; the browser's own bubbles would not be.
      validationBehavior="aria"
      aria-labelledby="cancellation-request-heading"
      aria-busy={submitting}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submitted' });
      }}
    >
      <TextField
        label={t('cancellationRequest.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        isRequired
        value={values.email}
        onChange={(value) => actor.send({ type: 'form.email.changed', value })}
        onBlur={() => actor.send({ type: 'form.email.blurred' })}
        errorMessage={emailMessage}
      />
      <TextField
        label={t('cancellationRequest.accountId')}
        name="accountId"
        inputMode="numeric"
        autoComplete="off"
        isRequired
        value={values.accountId}
        onChange={(value) => actor.send({ type: 'form.accountId.changed', value })}
        onBlur={() => actor.send({ type: 'form.accountId.blurred' })}
        errorMessage={accountIdMessage}
        description={t('cancellationRequest.accountIdHint')}
        labelAddon={
          <InfoTooltip
            label={t('cancellationRequest.accountIdTooltipLabel')}
            text={t('cancellationRequest.accountIdTooltip')}
          />
        }
      />

      <Checkbox
        isSelected={extraordinary}
        onChange={() => actor.send({ type: 'form.extraordinary.toggled' })}
        name="extraordinary"
      >
        {t('cancellationRequest.extraordinary')}
      </Checkbox>
      {extraordinary ? (
        <TextField
          label={t('cancellationRequest.reason')}
          name="reason"
          multiline
          maxLength={4000}
          value={values.reason}
          onChange={(value) => actor.send({ type: 'form.reason.changed', value })}
        />
      ) : null}
      {isDateFieldShown(extraordinary, dateHiddenByConfig) ? (
        <DatePicker
          label={t('cancellationRequest.date')}
          description={t('cancellationRequest.dateHint')}
          value={dateValue}
          minValue={minDate}
          onChange={(value) => actor.send({ type: 'form.date.changed', value: value ? value.toString() : null })}
          openCalendarLabel={t('cancellationRequest.openCalendar')}
          previousLabel={t('cancellationRequest.previousMonth')}
          nextLabel={t('cancellationRequest.nextMonth')}
        />
      ) : null}

      <Captcha
        challengeUrl={`${config.apiBase}/captcha/challenge`}
        onSolved={(payload) => actor.send({ type: 'form.captcha.solved', payload })}
        onFailed={() => actor.send({ type: 'form.captcha.failed' })}
        errorMessage={captchaMessage}
      />

      <ul className="awareness-notes">
        <li>{t('cancel.note.statutory')}</li>
        <li>{t('cancel.note.confirmationEmail')}</li>
        <li>{t('cancel.note.accessUntilEnd')}</li>
      </ul>

      {failure ? (
        <div role="alert" className="notice notice--error" data-testid="submit-failure">
          <p>{t(`errors.${failure === 'rejected' ? 'rejected' : failure}`)}</p>
          {canRetry ? (
            <Button variant="secondary" onPress={() => actor.send({ type: 'form.retried' })}>
              {t('app.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <Button type="submit" className="cancellation-request__submit" isPending={submitting}>
        {submitting ? t('cancellationRequest.sending') : t('cancellationRequest.cancelNow')}
      </Button>
    </Form>
  );
}
