import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreCancelActor, PreCancelSubscription } from '../../../machines/pre-cancel.machine';
import { useServices } from '../../app/services';
import { cancelFlowVariationHere, signedInPersonOf } from '../../app/signed-in-person';
import { visitorContextOf } from '../../app/visitor-context';
import { readExperimentAssignments } from '../../domain/experiments';
import { parseQueryParams, queryFlags } from '../../domain/query-params';
import { Button } from '../../ui/Button';
import { Dialog, DialogTitle, Modal } from '../../ui/Modal';
import { PRE_CANCEL_WITH_DETAILS } from '../../routing/route-table';
import { usePageHeading } from '../../ui/use-page-heading';
import { providePreCancel } from './pre-cancel-effects';
import { FailureNotice } from '../../ui/FailureNotice';
import { CancelKeepActions, NothingToCancel } from './page-parts';
import { OfferTermsLine } from '../../ui/OfferTermsLine';
import { SupportContact } from './SupportContact';
import { cancellationPageDeps } from './page-deps';
import './pre-cancel.css';
import { useCatalogue } from '../../ui/use-catalogue';
import { PageCard } from '../../shell/PageCard';
import { SkeletonBlock } from '../../ui/Skeleton';
import { customerDateFormat } from '../../domain/customer-dates';

export const PRE_CANCEL_NAMESPACE = 'pre-cancel';
const PLAN_FEATURES = ['downloads', 'templates', 'coverLetters', 'review'] as const;

/** Starts the machine once, for the signed-in person, on this device. */
function usePreCancelActor(): { actor: PreCancelActor; withDetails: boolean } {
  const services = useServices();
  const { startup, recordFlows } = services;
  const { i18n } = useTranslation();
  const [setup] = useState(() => {
    const { claims, user } = signedInPersonOf(startup);
    const visitor = () => {
      const flags = queryFlags(parseQueryParams(window.location.search));
      return {
        context: visitorContextOf({
          claims,
          language: i18n.language,
          location: window.location,
          cookieHeader: document.cookie,
          viewportWidth: window.innerWidth,
        }),
        userType: claims?.UserType ?? null,
        assignments: readExperimentAssignments(document.cookie, claims?.PortalCD ?? ''),
        overrides: { disableTests: flags.testsDisabled, runTest: flags.runTest },
        cancelFlowVariation: cancelFlowVariationHere(claims),
      };
    };
    const device = visitor().context.device === 'Mobile' ? ('Mobile' as const) : ('Desktop' as const);
    const machine = providePreCancel({ ...cancellationPageDeps(services, user), visitor });
    const withDetails = visitor().context.page === PRE_CANCEL_WITH_DETAILS;
    return { machine, input: { userUid: user.UserUID, device, countryCd: user.CountryCD }, withDetails };
  });
  return {
    actor: useActorRef(setup.machine, { inspect: recordFlows, input: setup.input }),
    withDetails: setup.withDetails,
  };
}

/** The subscription's details, for the page reached from them. */
function SubscriptionDetails({ subscription, until }: { subscription: PreCancelSubscription; until: string }) {
  const { t, i18n } = useTranslation(PRE_CANCEL_NAMESPACE);
  const catalogue = useCatalogue();
  const started = subscription.startedOn
    ? customerDateFormat(i18n.language).format(new Date(subscription.startedOn))
    : '';
  return (
    <section aria-labelledby="pre-cancel-details" data-testid="subscription-details">
      <h2 id="pre-cancel-details">{t('details.heading')}</h2>
      <dl className="receipt">
        <div className="receipt__row">
          <dt>{t('details.plan')}</dt>
          <dd>{catalogue.nameOf({ label: subscription.label })}</dd>
        </div>
        <div className="receipt__row">
          <dt>{t('details.started')}</dt>
          <dd>{started}</dd>
        </div>
        <div className="receipt__row">
          <dt>{t('details.nextRenewal')}</dt>
          <dd data-testid="details-next-renewal">
            {t('details.nextRenewalValue', { price: subscription.nextRenewalPrice, date: until })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The save offer over the page: take it, cancel anyway, or look at the page first. */
function SaveOfferDialog({ actor }: { actor: PreCancelActor }) {
  const { t } = useTranslation(PRE_CANCEL_NAMESPACE);
  const open = useSelector(actor, (s) => s.matches('offering'));
  const offer = useSelector(actor, (s) => s.context.data?.saveOffer ?? null);
  const renewal = useSelector(actor, (s) => s.context.data?.subscription?.renewal ?? null);
  const order = useSelector(actor, (s) => s.context.buttonOrder);
  if (!offer) return null;
  const buttons = {
    keep: (
      <Button key="keep" onPress={() => actor.send({ type: 'preCancel.acceptOffer' })} data-testid="accept-offer">
        {t(`offer.${offer.kind}.accept`)}
      </Button>
    ),
    cancel: (
      <Button
        key="cancel"
        variant="secondary"
        onPress={() => actor.send({ type: 'preCancel.cancel' })}
        data-testid="offer-cancel"
      >
        {t('offer.cancelAnyway')}
      </Button>
    ),
  };
  return (
    <Modal
      overlayClassName="pre-cancel-overlay"
      className="pre-cancel-offer"
      isOpen={open}
      isDismissable
      onOpenChange={(isOpen) => !isOpen && actor.send({ type: 'preCancel.dismissOffer' })}
    >
      <Dialog className="pre-cancel-offer__dialog" data-testid="save-offer">
        <DialogTitle>
          {t(`offer.${offer.kind}.title`, { percent: offer.discountPercent, months: offer.freeMonths })}
        </DialogTitle>
        <p>{t(`offer.${offer.kind}.body`, { percent: offer.discountPercent, months: offer.freeMonths })}</p>
        <OfferTermsLine
          offer={
            offer.kind === 'discount'
              ? { kind: 'discount', percent: offer.discountPercent ?? 0 }
              : { kind: 'freeMonth', months: offer.freeMonths ?? 1 }
          }
          renewal={renewal}
        />
        <div className="actions pre-cancel__actions">{order.map((button) => buttons[button])}</div>
        <Button
          variant="link"
          onPress={() => actor.send({ type: 'preCancel.dismissOffer' })}
          data-testid="dismiss-offer"
        >
          {t('offer.notNow')}
        </Button>
      </Dialog>
    </Modal>
  );
}

/** The pre-cancel page: what the plan gives and until when, with "cancel" and "keep" side by side. */
export default function PreCancelPage() {
  const { t, i18n } = useTranslation(PRE_CANCEL_NAMESPACE);
  const catalogue = useCatalogue();
  const { config } = useServices();
  const { actor, withDetails } = usePreCancelActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const acceptFailed = useSelector(actor, (s) => s.matches('acceptFailed'));
  const nothingToCancel = useSelector(actor, (s) => s.matches('nothingToCancel'));
  const subscription = useSelector(actor, (s) => s.context.data?.subscription ?? null);
  const featureBased = useSelector(actor, (s) => s.context.featureBasedPage);
  const complaint = useSelector(actor, (s) => s.context.data?.complaint ?? 'none');
  const order = useSelector(actor, (s) => s.context.buttonOrder);
  const canCancel = useSelector(actor, (s) => s.can({ type: 'preCancel.cancel' }));
  const canKeep = useSelector(actor, (s) => s.can({ type: 'preCancel.keep' }));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'preCancel.retry' }));
  const canRetryOffer = useSelector(
    actor,
    (s) => s.matches('acceptFailed') && s.can({ type: 'preCancel.acceptOffer' }),
  );
  const canGetBack = useSelector(actor, (s) => s.can({ type: 'preCancel.getBack' }));
  const countryCd = useSelector(actor, (s) => s.context.countryCd);

  const title = nothingToCancel ? t('nothing.heading') : t('heading');
  const heading = usePageHeading(title);
  const date = customerDateFormat(i18n.language);
  const until = subscription?.accessEndsOn ? date.format(new Date(subscription.accessEndsOn)) : '';
  const progress = loading ? t('loading') : busy ? t('applyingOffer') : '';

  const keep = () => actor.send({ type: 'preCancel.keep' });
  const toSettings = { label: t('nothing.toSettings'), onPress: keep };

  return (
    <section
      className="simple-page page pre-cancel"
      data-testid="page-cancellation-pre"
      aria-labelledby="pre-cancel-heading"
      aria-busy={loading || busy}
    >
      <h1 id="pre-cancel-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="pre-cancel__status" data-testid="pre-cancel-status">
        {progress}
      </p>
      {subscription ? (
        <p className="lead" data-testid="pre-cancel-lead">
          {t('lead', { plan: catalogue.nameOf({ label: subscription.label }), date: until })}
        </p>
      ) : null}
      {loading ? <SkeletonBlock shape="list" /> : null}

      {loadFailed ? (
        <FailureNotice
          message={t('loadFailed')}
          retry={canRetry ? { label: t('retry'), onPress: () => actor.send({ type: 'preCancel.retry' }) } : null}
          leave={canKeep ? toSettings : null}
          testId="load-error"
        />
      ) : null}

      {nothingToCancel ? (
        <NothingToCancel body={t('nothing.body')} leave={toSettings} testId="nothing-to-cancel" />
      ) : null}

      {subscription ? (
        <PageCard>
          {withDetails ? <SubscriptionDetails subscription={subscription} until={until} /> : null}
          {featureBased ? (
            <div data-testid="feature-based">
              <h2>{t('features.heading')}</h2>
              <ul className="pre-cancel__features">
                {PLAN_FEATURES.map((feature) => (
                  <li key={feature}>{t(`features.${feature}`)}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p data-testid="standard-page">{t('standard.body', { date: until })}</p>
          )}
          {complaint !== 'none' ? (
            <aside
              className="notice pre-cancel__complaint"
              aria-labelledby="pre-cancel-complaint"
              data-testid="complaint"
            >
              <h2 id="pre-cancel-complaint">{t(`complaint.${complaint}.heading`)}</h2>
              <p>{t(`complaint.${complaint}.body`)}</p>
              <Suspense fallback={null}>
                <SupportContact countryCd={countryCd} className="pre-cancel__support" />
              </Suspense>
            </aside>
          ) : null}
          {acceptFailed ? (
            <div role="alert" className="notice notice--error" data-testid="offer-error">
              <p>{t('offerFailed')}</p>
              {canRetryOffer ? (
                <Button variant="secondary" onPress={() => actor.send({ type: 'preCancel.acceptOffer' })}>
                  {t('retry')}
                </Button>
              ) : null}
            </div>
          ) : null}
          <CancelKeepActions
            order={order}
            cancel={{
              label: t('cancel'),
              enabled: canCancel,
              onPress: () => actor.send({ type: 'preCancel.cancel' }),
              testId: 'pre-cancel-cancel',
            }}
            keep={{ label: t('keep'), enabled: canKeep, onPress: keep, testId: 'pre-cancel-keep' }}
            testId="pre-cancel-actions"
          />
          {canGetBack ? (
            <p>
              <a
                href={config.dashboardUrl}
                onClick={(event) => {
                  event.preventDefault();
                  actor.send({ type: 'preCancel.getBack' });
                }}
                data-testid="get-back"
              >
                {t('getBack')}
              </a>
            </p>
          ) : null}
          <SaveOfferDialog actor={actor} />
        </PageCard>
      ) : null}
    </section>
  );
}
