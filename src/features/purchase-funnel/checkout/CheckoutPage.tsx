import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutFrameActor } from '../../../../machines/checkout-frame.machine';
import { funnelStepOf } from '../../../../machines/purchase-funnel.machine';
import { buyableSku, explainedFailureOf } from '../../../../machines/purchase-funnel.rules';
import { serviceKindOf } from '../../../../machines/service-intake.rules';
import type { Sku } from '../../../api/schemas/skus';
import { useServices } from '../../../app/services';
import { formatMoney } from '../../../domain/money';
import { planPriceOf } from '../../../domain/sell-plans';
import { Button } from '../../../ui/Button';
import { Radio, RadioGroup } from '../../../ui/RadioGroup';
import { usePageHeading } from '../../../ui/use-page-heading';
import { appOfferOf, type FunnelActor } from '../../../app/purchase-funnel/funnel-effects';
import { useFunnelActor } from '../use-funnel-actor';
import { Breadcrumb, PaymentLogos } from '../sell-page/blocks';
import { AlreadySubscribedNotice, OfferUnavailable } from '../FunnelNotices';
import { CardFrame } from '../../../ui/CardFrame';
import { SuspendedNotice } from './SuspendedNotice';
import '../funnel.css';


/** Checkout: the order summary, the payment method and the provider's card frame. */
export default function CheckoutPage() {
  const { t } = useTranslation('funnel');
  const { config } = useServices();
  const actor = useFunnelActor();
  const heading = usePageHeading(t('checkout.title'));
  const status = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('unavailable') ? 'unavailable' : s.output?.kind === 'alreadySubscribed' ? 'alreadySubscribed' : s.matches('checkout') ? 'checkout' : 'other',
  );
  const step = useSelector(actor, (s) => funnelStepOf(s));

  return (
    <section className="checkout-page" data-testid="page-checkout" aria-labelledby="checkout-heading" aria-busy={status === 'loading'}>
      <Breadcrumb currentStep={step} />
      <h1 id="checkout-heading" ref={heading} tabIndex={-1}>
        {t('checkout.title')}
      </h1>
      {status === 'loading' ? <p role="status">{t('checkout.loading')}</p> : null}
      {status === 'unavailable' ? <OfferUnavailable actor={actor} /> : null}
      {status === 'alreadySubscribed' ? <AlreadySubscribedNotice dashboardUrl={config.dashboardUrl} /> : null}
      {status === 'checkout' ? <CheckoutContent actor={actor} /> : null}
    </section>
  );
}

function CheckoutContent({ actor }: { actor: FunnelActor }) {
  const { t, i18n } = useTranslation('funnel');
  const offer = useSelector(actor, (s) => appOfferOf(s));
  const selectedSkuId = useSelector(actor, (s) => s.context.selectedSkuId);
  const method = useSelector(actor, (s) => s.context.paymentMethod);
  const failure = useSelector(actor, (s) => s.context.failure);
  const processing = useSelector(actor, (s) => s.matches({ checkout: 'processing' }));
  const delayed = useSelector(actor, (s) => s.hasTag('notice.delayedProcessing'));
  const canChangePlan = useSelector(actor, (s) => s.can({ type: 'plan.change' }));
  const frame = useSelector(actor, (s) => s.children.checkoutFrame as CheckoutFrameActor | undefined);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const sku = offer ? buyableSku(offer, selectedSkuId) : undefined;
  if (!offer || !sku) return null;
  const failureKey = failure ? explainedFailureOf(failure.code) : null;

  return (
    <div className="checkout">
      <OrderSummary sku={sku} onChangePlan={canChangePlan ? () => actor.send({ type: 'plan.change' }) : null} />
      <div className="checkout__payment">
        {offer.paymentMethods.length > 1 ? (
          <RadioGroup
            className="payment-methods"
            value={method}
            onChange={(value) => actor.send({ type: 'payment.methodSelect', method: value })}
            isDisabled={processing}
            data-testid="payment-methods"
            label={t('checkout.methodLegend')}
            labelClassName="payment-methods__legend"
          >
            {offer.paymentMethods.map((code) => (
              <Radio key={code} value={code} className="payment-method" data-testid={`payment-method-${code}`}>
                {t(`checkout.method.${code}`)}
              </Radio>
            ))}
          </RadioGroup>
        ) : null}
        {failureKey ? (
          <div ref={failureRef} tabIndex={-1} role="alert" className="notice notice--error" data-testid="payment-failure" data-code={failure!.code}>
            <p>{t(`checkout.failure.${failureKey}`)}</p>
            <p>{t('checkout.retryHint')}</p>
          </div>
        ) : null}
        {frame ? <CardFrame key={frame.id + method} frame={frame} method={method} culture={i18n.language} texts={{ title: t('checkout.frameTitle'), unavailable: t('checkout.frameUnavailable'), retry: t('retry') }} /> : null}
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
        <PaymentLogos country={offer.countryCd} paypal={offer.paymentMethods.includes('PYPL')} upi={offer.paymentMethods.includes('DUPI')} />
        <p className="checkout__secure">{t('checkout.secure')}</p>
      </div>
    </div>
  );
}

function OrderSummary({ sku, onChangePlan }: { sku: Sku; onChangePlan: (() => void) | null }) {
  const { t, i18n } = useTranslation('funnel');
  const { t: serviceText } = useTranslation('services');
  const price = planPriceOf(sku);
  const service = serviceKindOf(sku.ProductID);
  const money = (amount: number) => formatMoney(amount, sku.CurrencyCD, i18n.language);
  const tier = sku.PlanTier ?? 'fullAccess';
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading" data-testid="order-summary" data-sku-id={sku.SkuID}>
      <h2 id="order-summary-heading">{t('checkout.summary')}</h2>
      <dl>
        <div className="order-summary__row">
          <dt>{t('checkout.plan')}</dt>
          <dd data-testid="summary-plan">{service && !sku.PlanTier ? serviceText(`kind.${service}.title`) : t(`plan.${tier}.title`)}</dd>
        </div>
        <div className="order-summary__row order-summary__row--total">
          <dt>{t('checkout.dueToday')}</dt>
          <dd data-testid="summary-due">{money(price.today)}</dd>
        </div>
        {price.renewal ? (
          <div className="order-summary__row">
            <dt>{t('checkout.then')}</dt>
            <dd>{t('checkout.renewal', { days: price.renewal.afterDays, renewal: money(price.renewal.amount) })}</dd>
          </div>
        ) : null}
      </dl>
      {onChangePlan ? (
        <Button variant="link" onPress={onChangePlan} data-testid="change-plan">
          {t('checkout.changePlan')}
        </Button>
      ) : null}
    </section>
  );
}
