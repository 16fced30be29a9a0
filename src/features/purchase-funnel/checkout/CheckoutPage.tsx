import { rootRouteId, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { funnelStepOf } from '../../../../machines/purchase-funnel.machine';
import { buyableSku, explainedFailureOf } from '../../../../machines/purchase-funnel.rules';
import { flowOf } from '../../../../machines/purchase-flow.rules';
import { useServices } from '../../../app/services';
import { usePageHeading } from '../../../ui/use-page-heading';
import { appOfferOf, type FunnelActor } from '../../../app/purchase-funnel/funnel-effects';
import { useFunnelActor } from '../use-funnel-actor';
import { PaymentLogos } from '../sell-page/blocks';
import { AlreadySubscribedNotice, OfferUnavailable } from '../FunnelNotices';
import { CardFrame } from '../../../ui/CardFrame';
import { SuspendedNotice } from './SuspendedNotice';
import {
  CheckoutBody,
  CheckoutHeading,
  CheckoutSection,
  DRAWN_CHECKOUT_STEP,
  DrawnCheckoutTop,
  drawnCheckoutBodyOf,
  type DrawnCheckoutView,
} from './CheckoutTop';
import { useDrawnCheckout } from './use-drawn-checkout';
import '../funnel.css';

/**
 * Checkout: the order summary, the payment method and the provider's card frame. Where the server
 * drew this address's top (a signed-in person it settled start-up and the funnel for), that top
 * stays on screen until the funnel has answered.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('funnel');
  const { config } = useServices();
  const actor = useFunnelActor();
  const heading = usePageHeading(t('checkout.title'));
  const liveStatus = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('unavailable')
        ? 'unavailable'
        : s.output?.kind === 'alreadySubscribed'
          ? 'alreadySubscribed'
          : s.matches('checkout')
            ? 'checkout'
            : 'other',
  );
  const step = useSelector(actor, (s) => funnelStepOf(s));
  // A winback checkout (mode=winback or flow=winback) sells a returning member their welcome-back offer.
  const search = useSearch({ from: rootRouteId });
  const returning = flowOf(search.flow ?? null, search.mode ?? null) === 'winback';
  const drawn = useDrawnCheckout();
  // Where the server drew this top, the app's first drawing is that top again (the same markup,
  // under the same heading) and the page itself comes in the next pass, which React can interrupt:
  // the whole page in the app's first commit was one long task on a slow phone.
  const status = useDeferredValue(liveStatus, drawn ? 'loading' : liveStatus);
  const showsDrawn = status === 'loading' && drawn !== null;

  return (
    <CheckoutSection busy={status === 'loading'}>
      <CheckoutHeading step={showsDrawn ? DRAWN_CHECKOUT_STEP : step} headingRef={heading} returning={returning} />
      {/* One place for the drawn body and the page's, so the page takes the drawn one over in place. */}
      {showsDrawn || status === 'checkout' ? <CheckoutContent actor={actor} drawn={showsDrawn ? drawn : null} /> : null}
      {status === 'loading' && !showsDrawn ? <p role="status">{t('checkout.loading')}</p> : null}
      {status === 'unavailable' ? <OfferUnavailable actor={actor} /> : null}
      {status === 'alreadySubscribed' ? <AlreadySubscribedNotice dashboardUrl={config.dashboardUrl} /> : null}
    </CheckoutSection>
  );
}

/** The checkout page's own top, drawn while start-up settles where the server drew it (routing/router.tsx). */
export function DrawnCheckoutPage() {
  const drawn = useDrawnCheckout();
  return drawn ? <DrawnCheckoutTop view={drawn} /> : null;
}

/** Checkout's body: the drawn one while the funnel settles where the server drew it, then the funnel's. */
function CheckoutContent({ actor, drawn }: { actor: FunnelActor; drawn: DrawnCheckoutView | null }) {
  const { t, i18n } = useTranslation('funnel');
  const offer = useSelector(actor, (s) => appOfferOf(s));
  const selectedSkuId = useSelector(actor, (s) => s.context.selectedSkuId);
  const method = useSelector(actor, (s) => s.context.paymentMethod);
  const failure = useSelector(actor, (s) => s.context.failure);
  const processing = useSelector(actor, (s) => s.matches({ checkout: 'processing' }));
  const delayed = useSelector(actor, (s) => s.hasTag('notice.delayedProcessing'));
  const canChangePlan = useSelector(actor, (s) => s.can({ type: 'plan.change' }));
  const frame = useSelector(actor, (s) => s.children.checkoutFrame);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  if (drawn) return <CheckoutBody {...drawnCheckoutBodyOf(drawn, t('checkout.loading'))} />;
  const sku = offer ? buyableSku(offer, selectedSkuId) : undefined;
  if (!offer || !sku) return null;
  const failureKey = failure ? explainedFailureOf(failure.code) : null;

  return (
    <CheckoutBody
      sku={sku}
      onChangePlan={canChangePlan ? () => actor.send({ type: 'plan.change' }) : null}
      methods={offer.paymentMethods}
      method={method}
      onMethodChange={(value) => actor.send({ type: 'payment.methodSelect', method: value })}
      methodsDisabled={processing}
      failure={
        failureKey ? (
          <div
            ref={failureRef}
            tabIndex={-1}
            role="alert"
            className="notice notice--error"
            data-testid="payment-failure"
            data-code={failure!.code}
          >
            <p>{t(`checkout.failure.${failureKey}`)}</p>
            <p>{t('checkout.retryHint')}</p>
          </div>
        ) : null
      }
      frame={
        frame ? (
          <CardFrame
            key={frame.id + method}
            frame={frame}
            method={method}
            culture={i18n.language}
            noticesOnPage
            texts={{ title: t('checkout.frameTitle'), unavailable: t('checkout.frameUnavailable'), retry: t('retry') }}
          />
        ) : null
      }
      after={
        <>
          {processing ? (
            <div className="processing-notice" role="status" data-testid="processing">
              <span className="spinner" aria-hidden="true" />
              <p>{t('checkout.processing')}</p>
              {delayed ? (
                <p className="processing-notice__delayed" data-testid="delayed-processing">
                  {t('checkout.delayed')}
                </p>
              ) : null}
            </div>
          ) : null}
          {offer.suspended ? <SuspendedNotice countryCd={offer.countryCd} /> : null}
          <PaymentLogos
            country={offer.countryCd}
            paypal={offer.paymentMethods.includes('PYPL')}
            upi={offer.paymentMethods.includes('DUPI')}
          />
          <p className="checkout__secure">{t('checkout.secure')}</p>
        </>
      }
    />
  );
}
