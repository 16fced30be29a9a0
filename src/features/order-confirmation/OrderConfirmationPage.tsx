import { rootRouteId, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderConfirmationActor } from '../../../machines/order-confirmation.machine';
import type { ConfirmationVariant, ConfirmedOrder } from '../../../machines/order-confirmation.rules';
import { useServices } from '../../app/services';
import { formatMoney } from '../../domain/money';
import { cameFromUpsells, FROM_UPSELLS, serviceIntakeTarget } from '../../domain/post-payment-destination';
import { hrefOf } from '../../routing/route-target';
import { isStorageAvailable } from '../../domain/storage';
import { Button } from '../../ui/Button';
import { findRoute } from '../../routing/route-table';
import { usePageHeading } from '../../ui/use-page-heading';
import { ReceiptList } from '../../ui/ReceiptList';
import { confirmationRequestFrom } from './confirmation-request';
import { confirmationDashboardUrl, provideOrderConfirmation, type OrderPopup } from './order-confirmation-effects';
import { readTrackedOrders, readWelcomedOrders } from './tracked-orders';
import { WelcomeModal } from './WelcomeModal';
import { PageCard } from '../../shell/PageCard';
import './order-confirmation.css';
import { useCatalogue } from '../../ui/use-catalogue';
import { customerDateFormat } from '../../domain/customer-dates';

const VARIANTS: ConfirmationVariant[] = ['legacy', 'saveFlow', 'purchase', 'bigInterview', 'mobile', 'standard'];

const sessionStorageOrNull = () => (isStorageAvailable(() => window.sessionStorage) ? window.sessionStorage : null);
const localStorageOrNull = () => (isStorageAvailable(() => window.localStorage) ? window.localStorage : null);

/**
 * On `orderpopup`, opened by a page of this site: that page is led on and the popup closed. A
 * popup of another site's page (or none) is left alone: the confirmation then moves on in place.
 */
function orderPopupOf(win: Window): OrderPopup | null {
  if (findRoute(win.location.pathname)?.id !== 'orderPopup') return null;
  const opener = win.opener as Window | null;
  if (!opener || opener.closed) return null;
  try {
    if (opener.location.origin !== win.location.origin) return null;
  } catch {
    return null; // another site's page
  }
  return {
    leadOpener: (url) => opener.location.assign(new URL(url, win.location.origin).href),
    close: () => win.close(),
  };
}

/** Starts the machine once, with what the address, the session and the frame say. */
function useOrderConfirmationActor(): OrderConfirmationActor {
  const { api, startup, analytics, navigation, config, recordFlows } = useServices();
  // The page serves several routes; the root route is where every query parameter is read (routing/router.tsx).
  const search = useSearch({ from: rootRouteId });
  const [setup] = useState(() => {
    const claims = startup.getSnapshot().context.claims;
    const session = sessionStorageOrNull();
    const local = localStorageOrNull();
    const framed = window.parent !== window;
    const machine = provideOrderConfirmation({
      api,
      user: { UserUID: claims?.UserUID ?? '', EmailAddress: claims?.EmailAddress ?? '' },
      analytics,
      session,
      local,
      virtualUrl: window.location.pathname,
      parent: window.parent,
      ancestorOrigin: window.location.ancestorOrigins?.[0] ?? null,
      referrer: document.referrer,
      navigation,
      dashboardUrl: config.dashboardUrl,
      search: window.location.search,
      popup: orderPopupOf(window),
    });
    const request = confirmationRequestFrom(search, {
      pathname: window.location.pathname,
      viewportWidth: window.innerWidth,
      cookieHeader: document.cookie,
      framed,
    });
    return {
      machine,
      input: { request, trackedOrderIds: readTrackedOrders(session), welcomedOrderIds: readWelcomedOrders(local) },
    };
  });
  return useActorRef(setup.machine, { inspect: recordFlows, input: setup.input });
}

/** The order confirmation: congratulations, the order, the way on, and the welcome modal. */
export default function OrderConfirmationPage() {
  const { t, i18n } = useTranslation('order');
  const { startup, config } = useServices();
  const actor = useOrderConfirmationActor();
  const firstName = useSelector(startup, (s) => s.context.claims?.FirstName?.trim() ?? '');

  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'order.retry' }));
  const variant = useSelector(actor, (s) =>
    s.matches('shown') ? (VARIANTS.find((v) => s.matches({ shown: v })) ?? null) : null,
  );
  const order = useSelector(actor, (s) => s.context.order);
  const productName = useOrderProductName(order);
  const welcomeOpen = useSelector(actor, (s) => s.hasTag('welcomeOpen'));
  const continueOffered = useSelector(actor, (s) => s.context.continueOffered);
  const onPhone = useSelector(actor, (s) => s.context.request.device === 'Mobile');

  const title = loading
    ? t('loading.heading')
    : failure
      ? t(failure === 'notFound' ? 'failed.notFoundHeading' : 'failed.unavailableHeading')
      : variant === 'legacy'
        ? t('legacy.heading')
        : variant === 'saveFlow'
          ? t('saveFlow.heading')
          : variant === 'purchase'
            ? t('purchase.heading')
            : variant === 'bigInterview'
              ? t('bigInterview.heading')
              : firstName
                ? t('standard.headingNamed', { name: firstName })
                : t('standard.heading');
  const heading = usePageHeading(title);
  // The modal opens only once the heading has been focused (and so announced): react-aria then
  // hands focus back to the heading when the modal closes.
  const [announcedTitle, setAnnouncedTitle] = useState<string | null>(null);
  useEffect(() => setAnnouncedTitle(title), [title]);

  const goToDashboard = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!actor.getSnapshot().can({ type: 'confirmation.dashboard' })) return;
    event.preventDefault();
    actor.send({ type: 'confirmation.dashboard' });
  };
  // The same address the machine's exit leads to: the mobile dashboard on a phone, with the billing-append parameters.
  const dashboardHref = confirmationDashboardUrl(config.dashboardUrl, onPhone, window.location.search);
  const dashboardLink = (
    <a href={dashboardHref} className="button button--secondary" onClick={goToDashboard} data-testid="go-to-dashboard">
      {t('goToDashboard')}
    </a>
  );

  const amount = order ? formatMoney(order.price, order.currencyCD, i18n.language) : '';
  const mobile = onPhone && variant !== 'legacy';
  const continueButton = continueOffered ? (
    <div className="order-confirmation__footer">
      <p className="order-confirmation__footer-label">{t('nextStep')}</p>
      <Button onPress={() => actor.send({ type: 'confirmation.continue' })} data-testid="continue">
        {variant === 'bigInterview' ? t('bigInterview.continue') : t('continue')}
      </Button>
    </div>
  ) : null;

  return (
    <section
      className={`page order-confirmation${mobile ? ' order-confirmation--mobile' : ''}`}
      data-testid="page-order-confirmation"
      data-variant={variant ?? undefined}
      aria-labelledby="order-confirmation-heading"
      aria-busy={loading}
    >
      <h1 id="order-confirmation-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>

      {loading ? <p role="status">{t('loading.status')}</p> : null}

      <PageCard>
        {failure ? (
          <div role="alert" className="notice notice--error" data-testid="order-error">
            <p>{t(failure === 'notFound' ? 'failed.notFound' : 'failed.unavailable')}</p>
            <div className="actions">
              {canRetry ? (
                <Button variant="secondary" onPress={() => actor.send({ type: 'order.retry' })}>
                  {t('failed.retry')}
                </Button>
              ) : null}
              {dashboardLink}
            </div>
          </div>
        ) : null}

        {order && variant === 'legacy' ? (
          <LegacyReceipt order={order} amount={amount} dashboardLink={dashboardLink} />
        ) : null}

        {order && variant === 'purchase' ? (
          <PurchaseSummary
            order={order}
            amount={amount}
            dashboardLink={dashboardLink}
            continueButton={continueButton}
          />
        ) : null}

        {order && variant === 'bigInterview' ? (
          <>
            <p className="lead" data-testid="order-summary">
              {t('bigInterview.summary', { product: productName, amount })}
            </p>
            <p className="order-confirmation__meta">
              {t('orderNumber', { id: order.orderId })} · {t('receiptNote')}
            </p>
            <div className="order-confirmation__actions">{dashboardLink}</div>
            {continueButton}
          </>
        ) : null}

        {order && (variant === 'saveFlow' || variant === 'mobile' || variant === 'standard') ? (
          <>
            <p className="order-confirmation__summary" data-testid="order-summary">
              {variant === 'saveFlow'
                ? t('saveFlow.summary', { plan: productName, amount })
                : t('standard.summary', { plan: productName, amount })}
            </p>
            <p className="order-confirmation__meta">
              {t('orderNumber', { id: order.orderId })} · {t('receiptNote')}
            </p>
            <div className="order-confirmation__actions">{dashboardLink}</div>
            {continueButton}
            <WelcomeModal
              isOpen={welcomeOpen && announcedTitle === title}
              order={order}
              productName={productName}
              onClose={() => actor.send({ type: 'welcome.close' })}
            />
          </>
        ) : null}
      </PageCard>
    </section>
  );
}

/** The purchase confirmation: what was bought, its price, the date and the order number, then the ways on. */
function PurchaseSummary({
  order,
  amount,
  dashboardLink,
  continueButton,
}: {
  order: ConfirmedOrder;
  amount: string;
  dashboardLink: ReactNode;
  continueButton: ReactNode;
}) {
  const { t, i18n } = useTranslation('order');
  const purchasedOn = formatPurchaseDate(order.purchasedAt, i18n.language);
  const productName = useOrderProductName(order);
  return (
    <>
      <p className="lead">{t('purchase.lead')}</p>
      <ReceiptList
        testId="purchase-summary"
        rows={[
          { label: t('purchase.product'), valueTestId: 'purchase-product', value: productName },
          { label: t('purchase.price'), value: amount },
          {
            label: t('purchase.date'),
            value: purchasedOn ? <time dateTime={order.purchasedAt}>{purchasedOn}</time> : order.purchasedAt,
          },
          { label: t('purchase.orderNumber'), value: order.orderId },
        ]}
      />
      <p className="order-confirmation__meta">{t('receiptNote')}</p>
      <div className="order-confirmation__actions">{dashboardLink}</div>
      {continueButton}
    </>
  );
}

/** What was bought, named by the catalogue in the reader's language. */
function useOrderProductName(order: ConfirmedOrder | null): string {
  const catalogue = useCatalogue();
  return order ? catalogue.nameOf({ productId: order.productId, skuType: order.skuTypeCD, label: order.skuLabel }) : '';
}

/** The order's date in the reader's language; null when it is not a date (shown as it came). */
function formatPurchaseDate(iso: string, language: string): string | null {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : customerDateFormat(language).format(at);
}

function LegacyReceipt({
  order,
  amount,
  dashboardLink,
}: {
  order: ConfirmedOrder;
  amount: string;
  dashboardLink: ReactNode;
}) {
  const { t } = useTranslation('order');
  // A service bought here still needs its intake: the receipt links to it.
  const intake = serviceIntakeTarget(
    order.productId,
    order.orderId,
    cameFromUpsells(window.location.search) ? FROM_UPSELLS : null,
  );
  const intakeUrl = intake && hrefOf(intake);
  const productName = useOrderProductName(order);
  return (
    <>
      <p className="lead">{t('legacy.lead')}</p>
      <ReceiptList
        testId="legacy-receipt"
        rows={[
          { label: t('legacy.orderNumber'), value: order.orderId },
          { label: t('legacy.plan'), value: productName },
          { label: t('legacy.amount'), value: amount },
        ]}
      />
      <div className="order-confirmation__actions">
        {intakeUrl ? (
          <a href={intakeUrl} className="button button--primary" data-testid="go-to-intake">
            {t('legacy.intake')}
          </a>
        ) : null}
        {dashboardLink}
      </div>
    </>
  );
}
