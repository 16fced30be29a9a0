import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAME_START_HEIGHT } from '../../../../machines/checkout-frame.rules';
import { FUNNEL_STEPS, type FunnelStep, type PaymentMethodCode } from '../../../../machines/purchase-funnel.rules';
import type { Sku } from '../../../api/schemas/skus';
import { formatMoney } from '../../../domain/money';
import { planPriceOf } from '../../../domain/sell-plans';
import { productIncludes, productKeyOf, skuIdentity } from '../../../domain/catalogue';
import { useCatalogue } from '../../../ui/use-catalogue';
import { Button } from '../../../ui/Button';
import { Radio, RadioGroup } from '../../../ui/RadioGroup';
import { Breadcrumb } from '../sell-page/blocks/Breadcrumb';

/**
 * Checkout's top, as views of what they are given: the page's landmark and heading, the order
 * summary, the payment-method choice and the card frame's slot. The checkout page draws them
 * from its funnel; the server draws the same ones for a signed-in person whose start-up and
 * funnel it has settled (server/http/drawn-checkout.ts), so the page shows before the app's code
 * has arrived and nothing moves when the app takes over.
 */
export function CheckoutSection({ busy, children }: { busy: boolean; children?: ReactNode }) {
  return (
    <section
      className="page page--wide checkout-page"
      data-testid="page-checkout"
      aria-labelledby="checkout-heading"
      aria-busy={busy}
    >
      {children}
    </section>
  );
}

export function CheckoutHeading({
  step,
  headingRef,
  returning = false,
}: {
  step: FunnelStep;
  headingRef?: Ref<HTMLHeadingElement>;
  returning?: boolean;
}) {
  const { t } = useTranslation('funnel');
  return (
    <>
      <Breadcrumb currentStep={step} returning={returning} />
      <h1 id="checkout-heading" ref={headingRef} tabIndex={-1}>
        {t('checkout.title')}
      </h1>
    </>
  );
}

export function OrderSummary({ sku, onChangePlan }: { sku: Sku; onChangePlan: (() => void) | null }) {
  const { t, i18n } = useTranslation('funnel');
  const catalogue = useCatalogue();
  const price = planPriceOf(sku);
  const money = (amount: number) => formatMoney(amount, sku.CurrencyCD, i18n.language);
  const key = productKeyOf(skuIdentity(sku));
  const includes = key ? productIncludes(catalogue.t, key) : [];
  return (
    <section
      className="page-card order-summary"
      aria-labelledby="order-summary-heading"
      data-testid="order-summary"
      data-sku-id={sku.SkuID}
    >
      <h2 id="order-summary-heading">{t('checkout.summary')}</h2>
      <dl>
        <div className="order-summary__row">
          <dt>{t('checkout.plan')}</dt>
          <dd data-testid="summary-plan">{catalogue.nameOf(skuIdentity(sku))}</dd>
        </div>
        {includes.length > 0 ? (
          <div className="order-summary__row order-summary__row--terms">
            <dt>{t('checkout.includes')}</dt>
            <dd>
              <ul className="order-summary__includes" data-testid="summary-includes">
                {includes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div className="order-summary__row order-summary__row--total">
          <dt>{t('checkout.dueToday')}</dt>
          <dd data-testid="summary-due">{money(price.today)}</dd>
        </div>
        {/* Every plan states its renewal terms before payment (automatic-renewal laws), and what does not renew says so; the sentence sits under its label, so a phone never breaks the label. */}
        <div className="order-summary__row order-summary__row--terms">
          <dt>{t('checkout.renewalTerms')}</dt>
          <dd data-testid="summary-renewal">{catalogue.renewalOf(sku)}</dd>
        </div>
      </dl>
      {onChangePlan ? (
        <Button variant="link" onPress={onChangePlan} data-testid="change-plan">
          {t('checkout.changePlan')}
        </Button>
      ) : null}
    </section>
  );
}

export function PaymentMethodChoice({
  methods,
  value,
  onChange,
  isDisabled,
}: {
  methods: readonly PaymentMethodCode[];
  value: PaymentMethodCode;
  onChange?: (method: string) => void;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation('funnel');
  if (methods.length <= 1) return null;
  return (
    <RadioGroup
      className="payment-methods"
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      data-testid="payment-methods"
      label={t('checkout.methodLegend')}
      labelClassName="payment-methods__legend"
    >
      {methods.map((code) => (
        <Radio key={code} value={code} className="payment-method" data-testid={`payment-method-${code}`}>
          {t(`checkout.method.${code}`)}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/**
 * The card frame's place. While it holds the loading notice it is as tall as the frame first opens,
 * so the frame arriving moves nothing; once the frame is in, the frame's own height (what it
 * reports) is the slot's, leaving no empty space under its last field.
 */
export function FrameSlot({ reserved, children }: { reserved: boolean; children?: ReactNode }) {
  return (
    <div className="checkout__frame-slot" style={reserved ? { minHeight: FRAME_START_HEIGHT } : undefined}>
      {children}
    </div>
  );
}

/** What checkout shows of a plan before its funnel has answered: where the server drew it, and while the app takes over. */
export interface DrawnCheckoutView {
  sku: Sku;
  paymentMethods: PaymentMethodCode[];
}

/**
 * Checkout's top as the server draws it, and as the app keeps it until its funnel has settled:
 * the summary of the plan, the payment methods and the frame's slot with a loading notice.
 */
export function DrawnCheckoutTop({
  view,
  headingRef,
}: {
  view: DrawnCheckoutView;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <CheckoutSection busy>
      <CheckoutHeading step={DRAWN_CHECKOUT_STEP} headingRef={headingRef} />
      <DrawnCheckoutBody view={view} />
    </CheckoutSection>
  );
}

/** The step the drawn top shows: checkout's own. */
export const DRAWN_CHECKOUT_STEP = FUNNEL_STEPS.paymentDetails;

/** What the drawn top shows below its heading. */
export function DrawnCheckoutBody({ view }: { view: DrawnCheckoutView }) {
  const { t } = useTranslation('funnel');
  return <CheckoutBody {...drawnCheckoutBodyOf(view, t('checkout.loading'))} />;
}

/** The drawn top's body: the plan, its methods (not yet to be chosen) and the frame's slot with a loading notice. */
export const drawnCheckoutBodyOf = (view: DrawnCheckoutView, loading: string): CheckoutBodyProps => ({
  sku: view.sku,
  onChangePlan: noChange,
  methods: view.paymentMethods,
  method: view.paymentMethods[0] ?? 'CRCD',
  // Disabled until the app has taken over: a choice made now would be lost.
  methodsDisabled: true,
  frameReserved: true,
  frame: (
    <p role="status" className="checkout__frame-loading">
      {loading}
    </p>
  ),
});

export interface CheckoutBodyProps {
  sku: Sku;
  onChangePlan: (() => void) | null;
  methods: readonly PaymentMethodCode[];
  method: PaymentMethodCode;
  onMethodChange?: (method: string) => void;
  methodsDisabled: boolean;
  /** What went wrong with the last try, between the methods and the frame. */
  failure?: ReactNode;
  /** What the frame's slot holds: the card frame, or a notice while it comes. */
  frame: ReactNode;
  /** True while the slot holds the notice: it keeps the frame's first height free. */
  frameReserved?: boolean;
  /** What follows the frame: the processing notice, the logos, the reassurance. */
  after?: ReactNode;
}

/**
 * Checkout below its heading, one tree for the drawn top and the app's page: where the app's page
 * follows the drawn top, React keeps every element in place and only changes what differs (the
 * methods enabled, the frame in its slot), rather than drawing the whole body again in one task.
 */
export function CheckoutBody({
  sku,
  onChangePlan,
  methods,
  method,
  onMethodChange,
  methodsDisabled,
  failure,
  frame,
  frameReserved = false,
  after,
}: CheckoutBodyProps) {
  return (
    <div className="checkout">
      <OrderSummary sku={sku} onChangePlan={onChangePlan} />
      <div className="page-card checkout__payment">
        <PaymentMethodChoice methods={methods} value={method} onChange={onMethodChange} isDisabled={methodsDisabled} />
        {failure ?? null}
        <FrameSlot reserved={frameReserved}>{frame}</FrameSlot>
        {after ?? null}
      </div>
    </div>
  );
}

/** Until the app has taken over, the change-plan link is drawn where it will be, and does nothing. */
const noChange = () => {};
