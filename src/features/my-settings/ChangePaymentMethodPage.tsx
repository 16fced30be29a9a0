import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import {
  paymentMethodMachine,
  type PaymentMethodAccount,
  type PaymentMethodActor,
  type SaveCardInput,
} from '../../../machines/payment-method.machine';
import {
  FRAME_START_HEIGHT,
  frameHeight,
  readUpdateFrameMessage,
  retriesRenewal,
  type CardUpdateResult,
  type UpdateFrameMessage,
} from '../../../machines/payment-method.rules';
import { useServices } from '../../app/services';
import { signedInPersonOf } from '../../app/signed-in-person';
import { formatMoney } from '../../domain/money';
import { FailureNotice } from '../../ui/FailureNotice';
import { SandboxFrame, type ReceivedFrameMessage } from '../../ui/SandboxFrame';
import { TextField } from '../../ui/TextField';
import { usePageHeading } from '../../ui/use-page-heading';
import { ACCOUNT_NAMESPACE, loadPaymentMethodAccount, saveCard } from './account-effects';
import { BillingProblemNotice } from './BillingProblemNotice';
import { PaymentMethodOnFile } from './PaymentMethodOnFile';
import { PageCard } from '../../shell/PageCard';
import './account.css';

/** The machine with the app's effects; one key per visit, so a repeated save never charges twice. */
function usePaymentMethodActor(
  userUid: string,
  billing: { firstName: string; lastName: string; countryCd: string },
): PaymentMethodActor {
  const { api, recordFlows } = useServices();
  const [machine] = useState(() =>
    paymentMethodMachine.provide({
      actors: {
        loadAccount: fromPromise<PaymentMethodAccount, { userUid: string }>(({ input }) =>
          loadPaymentMethodAccount(api, input.userUid),
        ),
        saveCard: fromPromise<CardUpdateResult, SaveCardInput>(({ input }) => saveCard(api, input)),
      },
    }),
  );
  const [sessionGuid] = useState(() => crypto.randomUUID());
  return useActorRef(machine, {
    inspect: recordFlows,
    input: { userUid, sessionGuid, billing: { ...billing, zipCode: '' } },
  });
}

/** Change payment method: a new card kept on file without a charge; for a plan whose renewal failed, that renewal is retried once. */
export default function ChangePaymentMethodPage() {
  const { t, i18n } = useTranslation(ACCOUNT_NAMESPACE);
  const { t: tc } = useTranslation();
  const { startup } = useServices();
  const [claims] = useState(() => signedInPersonOf(startup).claims);
  const heading = usePageHeading(t('change.title'));
  const actor = usePaymentMethodActor(claims?.UserUID ?? '', {
    firstName: claims?.FirstName ?? '',
    lastName: claims?.LastName ?? '',
    countryCd: claims?.CountryCD ?? 'US',
  });
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const unavailable = useSelector(actor, (s) => s.matches('unavailable'));
  const showForm = useSelector(actor, (s) => s.hasTag('form'));
  const saving = useSelector(actor, (s) => s.hasTag('busy'));
  const saveFailed = useSelector(actor, (s) => s.matches('saveFailed'));
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const renewalFailed = useSelector(actor, (s) => s.matches('renewalFailed'));
  const canRetryLoad = useSelector(actor, (s) => s.can({ type: 'account.retry' }));
  const canRetrySave = useSelector(actor, (s) => s.can({ type: 'card.retry' }));
  const plan = useSelector(actor, (s) => s.context.plan);
  const paymentMethod = useSelector(actor, (s) => s.context.paymentMethod);
  const billing = useSelector(actor, (s) => s.context.billing);
  const billingMissing = useSelector(actor, (s) => s.context.billingMissing);
  const declined = useSelector(actor, (s) => s.context.declined);
  const result = useSelector(actor, (s) => s.context.result);
  const sessionGuid = useSelector(actor, (s) => s.context.sessionGuid);
  const [height, setHeight] = useState(FRAME_START_HEIGHT);

  const frameOrigin = window.location.origin;
  const read = useCallback(
    (message: ReceivedFrameMessage) => readUpdateFrameMessage(message, frameOrigin),
    [frameOrigin],
  );
  const onMessage = useCallback(
    (message: UpdateFrameMessage) => {
      if (message.type === 'RESIZE-IFRAME') setHeight(frameHeight(message.payload.height));
      else if (message.type === 'CARD-READY') actor.send({ type: 'card.entered', card: message.payload });
    },
    [actor],
  );

  const price = plan ? formatMoney(plan.NextRenewalPrice, plan.CurrencyCD, i18n.language) : '';
  const retryPrice = result?.Renewal && plan ? price : '';
  const src = plan
    ? `${frameOrigin}/sandbox/card-frame?${new URLSearchParams({ skuId: String(plan.SkuID), sessionGuid, lang: i18n.language, mode: 'update', notices: 'page' }).toString()}`
    : '';
  return (
    <section
      className="simple-page page change-payment"
      data-testid="page-change-payment-method"
      aria-labelledby="change-payment-heading"
      aria-busy={loading || saving}
    >
      <h1 id="change-payment-heading" ref={heading} tabIndex={-1}>
        {t('change.title')}
      </h1>
      {loading ? <p role="status">{tc('app.loading')}</p> : null}
      {loadFailed ? (
        <FailureNotice
          message={tc('errors.network')}
          retry={canRetryLoad ? { label: tc('app.retry'), onPress: () => actor.send({ type: 'account.retry' }) } : null}
        />
      ) : null}
      {unavailable ? <p data-testid="nothing-to-change">{t('change.unavailable')}</p> : null}
      {!loading && !loadFailed ? (
        <>
          <h2>{t('change.current')}</h2>
          <PaymentMethodOnFile method={paymentMethod} />
        </>
      ) : null}
      <p role="status" className="change-payment__status" data-testid="save-status">
        {saving
          ? t('change.saving')
          : saved
            ? result?.Renewal
              ? t('change.recovered', { price: retryPrice })
              : t('change.saved')
            : ''}
      </p>
      {declined && showForm && !saving ? (
        <div role="alert" className="notice notice--error" data-testid="card-declined">
          <p>{t('change.declined')}</p>
        </div>
      ) : null}
      {saveFailed ? (
        <FailureNotice
          testId="save-failed"
          message={t('change.saveFailed')}
          retry={canRetrySave ? { label: tc('app.retry'), onPress: () => actor.send({ type: 'card.retry' }) } : null}
        />
      ) : null}
      {renewalFailed ? (
        <div role="alert" className="notice notice--error" data-testid="subscription-error">
          <p>
            <strong>{t('subscriptionError.heading')}</strong>
          </p>
          <p>{t('subscriptionError.body')}</p>
        </div>
      ) : null}
      {showForm && plan ? (
        <PageCard className="change-payment__form">
          {retriesRenewal(plan) ? (
            <>
              <BillingProblemNotice statusCd={plan.StatusCD} headingLevel={2} hideLink />
              <p data-testid="retry-note">{t('change.retryNote', { price })}</p>
            </>
          ) : null}
          <h2>{t('change.billingHeading')}</h2>
          <div className="billing-fields">
            <TextField
              label={t('change.firstName')}
              value={billing.firstName}
              onChange={(value) => actor.send({ type: 'billing.changed', field: 'firstName', value })}
              isRequired
              autoComplete="given-name"
              errorMessage={billingMissing === 'firstName' ? t('change.billingMissing') : null}
            />
            <TextField
              label={t('change.lastName')}
              value={billing.lastName}
              onChange={(value) => actor.send({ type: 'billing.changed', field: 'lastName', value })}
              isRequired
              autoComplete="family-name"
              errorMessage={billingMissing === 'lastName' ? t('change.billingMissing') : null}
            />
            <TextField
              label={t('change.zipCode')}
              value={billing.zipCode}
              onChange={(value) => actor.send({ type: 'billing.changed', field: 'zipCode', value })}
              autoComplete="postal-code"
              maxLength={12}
            />
          </div>
          <h2>{t('change.cardHeading')}</h2>
          <SandboxFrame
            src={src}
            title={t('change.frameTitle')}
            height={height}
            read={read}
            onMessage={onMessage}
            testId="card-frame"
          />
        </PageCard>
      ) : null}
      <div className="actions">
        <Link to="/mysettings" className="button button--secondary" data-testid="back-to-settings">
          {t('change.backToSettings')}
        </Link>
      </div>
    </section>
  );
}
