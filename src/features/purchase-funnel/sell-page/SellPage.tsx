import { useSelector } from '@xstate/react';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { funnelStepOf } from '../../../../machines/purchase-funnel.machine';
import { applyUrlOf, showsCartReminder } from '../../../../machines/purchase-funnel.rules';
import { isSignedInUser } from '../../../../machines/startup-access.rules';
import { useServices } from '../../../app/services';
import { serverDrewSellTopAt } from '../../../app/drawn-sell-top';
import { formatMoney } from '../../../domain/money';
import { planPriceOf } from '../../../domain/sell-plans';
import { Button } from '../../../ui/Button';
import { usePageHeading } from '../../../ui/use-page-heading';
import { RevealInTurn } from '../../../ui/RevealInTurn';
import { useSecondPass } from '../../../ui/use-second-pass';
import { appOfferOf, type FunnelActor } from '../../../app/purchase-funnel/funnel-effects';
import { useFunnelActor } from '../use-funnel-actor';
import { DocumentThumbnail } from './blocks/DocumentThumbnail';
import { LiveActivityFeed } from './blocks/LiveActivityFeed';
import { PaymentLogos } from './blocks/PaymentLogos';
import { SocialProofCounter } from './blocks/SocialProofCounter';
import { TrustRating } from './blocks/TrustRating';
import { useLatestDocument } from './blocks/use-latest-document';
import { AlreadySubscribedNotice, OfferUnavailable } from '../FunnelNotices';
import { PlanChooser } from './PlanChooser';
import { ScarcityCountdown } from './ScarcityCountdown';
import { SellIntro, SellPageSection } from './SellIntro';
import { ServiceSection } from './ServiceSection';
import { useSellContext, type SellContext } from './use-sell-context';
import { annualStrikePriceOf, sellPageBlocks, type SellPageBlock } from '../../../domain/sell-context';
import '../funnel.css';
import './blocks/blocks.css';

const sameBlocks = (a: readonly SellPageBlock[], b: readonly SellPageBlock[]) => a.length === b.length && a.every((block, i) => block === b[i]);

// Choosing a plan changes the plans, the button and the feature list; what is below them is drawn
// again only when what it shows changes (the blocks are worked out afresh on each drawing).
const BelowTheFold = memo(
  lazy(() => import('./BelowTheFold')),
  (before, after) => before.sell === after.sell && sameBlocks(before.blocks, after.blocks) && before.last === after.last,
);
// Drawn in the second pass anyway, and again only when its plan or tooltips change, not on each
// drawing of the page. Its hints' overlay code waits until a hint is first wanted (ui/Tooltip.tsx).
const FeatureList = memo(lazy(() => import('./FeatureList').then((m) => ({ default: m.FeatureList }))));
// The low-intent popup shows to few signed-in visitors, on a second visit: its machine loads with the
// page's second pass for a signed-in visitor only, its dialog's code only when it opens (LowIntentOffer.tsx).
const LowIntentOffer = memo(lazy(() => import('./LowIntentOffer').then((m) => ({ default: m.LowIntentOffer }))));
const StillPaymentLogos = memo(PaymentLogos);

/** The sell page and its variants (pricing, plans, index, pricingv2, mobile plans, abandon cart). */
export default function SellPage() {
  const { t } = useTranslation('funnel');
  const { config } = useServices();
  const actor = useFunnelActor();
  const sell = useSellContext(actor);
  const heading = usePageHeading(t('sell.title'));
  const currentStatus = useSelector(actor, (s) =>
    s.hasTag('offer.loading') ? 'loading' : s.matches('unavailable') ? 'unavailable' : s.output?.kind === 'alreadySubscribed' ? 'alreadySubscribed' : 'ready',
  );
  // Machine updates draw at once and in one piece; the plans arriving is drawn in an
  // interruptible pass instead, so a tap during that drawing is answered without waiting. Where
  // the server drew this page's top, the app's first drawing is that top again, and the plans
  // come in that pass too: the whole page in the app's first commit was one long task.
  const [drawnTop] = useState(() => serverDrewSellTopAt(window.location));
  const status = useDeferredValue(currentStatus, drawnTop ? 'loading' : currentStatus);
  const step = useSelector(actor, (s) => funnelStepOf(s));

  return (
    <SellPageSection testId="page-sell" busy={status === 'loading'}>
      {/* The steps show while configuration loads (they almost always stay), so the heading does not move down later. */}
      <SellIntro step={step} showBreadcrumb={!sell || sell.block('breadcrumb').shown} loading={status === 'loading'} headingRef={heading} />
      {status === 'unavailable' ? <OfferUnavailable actor={actor} /> : null}
      {status === 'alreadySubscribed' ? <AlreadySubscribed actor={actor} dashboardUrl={config.dashboardUrl} /> : null}
      {status === 'ready' && sell ? <SellContent actor={actor} sell={sell} /> : null}
    </SellPageSection>
  );
}

/** Someone with a plan sees what the plans cost, but is not sold a second one. */
function AlreadySubscribed({ actor, dashboardUrl }: { actor: FunnelActor; dashboardUrl: string }) {
  const { t, i18n } = useTranslation('funnel');
  const skus = useSelector(actor, (s) => appOfferOf(s)?.skus ?? []);
  return (
    <>
      <AlreadySubscribedNotice dashboardUrl={dashboardUrl} />
      <ul className="plan-prices" aria-label={t('sell.plansLabel')} data-testid="plan-prices">
        {skus.map((sku) => (
          <li key={sku.SkuID} data-testid={`plan-price-${sku.PlanTier}`}>
            <span className="plan-option__title">{t(`plan.${sku.PlanTier ?? 'fullAccess'}.title`)}</span>{' '}
            <strong data-testid="plan-price">{formatMoney(planPriceOf(sku).today, sku.CurrencyCD, i18n.language)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

function SellContent({ actor, sell }: { actor: FunnelActor; sell: SellContext }) {
  const { t } = useTranslation('funnel');
  const offer = useSelector(actor, (s) => appOfferOf(s));
  const selectedSkuId = useSelector(actor, (s) => s.context.selectedSkuId);
  const canContinue = useSelector(actor, (s) => s.can({ type: 'plan.continue' }));
  const job = useSelector(actor, (s) => s.context.job);
  const fromCart = useSelector(actor, (s) => showsCartReminder(s.context));
  const { startup } = useServices();
  const signedIn = useSelector(startup, (s) => isSignedInUser(s.context.claims));
  // The plans first; the feature list and everything below it right after, in an interruptible pass.
  const belowPlansShown = useSecondPass();
  // The chosen plan shows at once; the feature list follows in an interruptible pass after that paint.
  const listedTier = useDeferredValue(offer?.skus.find((s) => s.SkuID === selectedSkuId)?.PlanTier ?? null);
  const selectPlan = useCallback((skuId: number) => actor.send({ type: 'plan.select', skuId }), [actor]);
  const blocks = offer ? sellPageBlocks(sell, offer, selectedSkuId) : [];
  const servicesShown = blocks.includes('services');
  const services = useMemo(
    () => (servicesShown && offer ? <ServiceSection services={offer.services} checkoutMigrated={offer.checkoutMigrated} mobile={sell.device === 'Mobile'} /> : null),
    [servicesShown, offer, sell.device],
  );
  if (!offer) return null;
  const currency = offer.skus[0]?.CurrencyCD ?? 'USD';
  const shown = (block: SellPageBlock) => blocks.includes(block);
  const applyUrl = applyUrlOf(job.lookup);

  return (
    <>
      <ProofBlocks sell={sell} />
      {shown('scarcityCountdown') ? <ScarcityCountdown /> : null}
      {job.status === 'open' ? (
        <p className="notice" data-testid="job-open">
          {t('sell.jobOpen')} {applyUrl ? <a href={applyUrl}>{t('sell.jobLink')}</a> : null}
        </p>
      ) : null}
      {job.status === 'expired' ? (
        <p className="notice notice--warning" data-testid="job-expired" role="status">
          {t('sell.jobExpired')}
        </p>
      ) : null}
      {fromCart ? (
        <p className="notice" data-testid="cart-reminder" role="status">
          {t('sell.cartReminder')}
        </p>
      ) : null}
      <div className="sell-page__main">
        {shown('docThumbnail') ? (
          <div className="sell-page__thumbnail">
            <Suspense fallback={<DocumentThumbnail document={null} loading />}>
              <LatestDocumentThumbnail userUid={offer.claims?.UserUID ?? ''} />
            </Suspense>
          </div>
        ) : null}
        <div className="sell-page__plans">
          <PlanChooser
            layout={sell.layout}
            skus={offer.skus}
            selectedSkuId={selectedSkuId}
            onSelect={selectPlan}
            annualStrikePrice={annualStrikePriceOf(sell)}
          />
          <ContinueButton actor={actor} isDisabled={!canContinue} label={offer.signedIn ? t('sell.continue') : t('sell.signInToContinue')} />
          {shown('paymentLogos') ? <StillPaymentLogos country={offer.countryCd} paypal={offer.paymentMethods.includes('PYPL')} upi={offer.paymentMethods.includes('DUPI')} /> : null}
        </div>
      </div>
      {belowPlansShown ? (
        // One boundary, and one part after the other in page order: a part whose code is still on its
        // way holds back those after it, so nothing that is shown is pushed down by a part above it.
        <Suspense fallback={null}>
          <RevealInTurn>
            <FeatureList tier={listedTier} withTooltips={shown('featureTooltips')} />
            <BelowTheFold sell={sell} blocks={blocks} last={services} />
          </RevealInTurn>
        </Suspense>
      ) : null}
      {belowPlansShown && signedIn && sell.features.some((f) => f.FeatureCD === 'lowIntentOffer') ? (
        <Suspense fallback={null}>
          <LowIntentOffer feature={sell.features.find((f) => f.FeatureCD === 'lowIntentOffer')} visitor={sell.visitor} currency={currency} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Drawn again only when it is enabled or disabled, not on each choice of plan. */
const ContinueButton = memo(function ContinueButton({ actor, isDisabled, label }: { actor: FunnelActor; isDisabled: boolean; label: string }) {
  return (
    <Button className="sell-page__continue" isDisabled={isDisabled} onPress={() => actor.send({ type: 'plan.continue' })} data-testid="continue-to-checkout">
      {label}
    </Button>
  );
});

function LatestDocumentThumbnail({ userUid }: { userUid: string }) {
  return <DocumentThumbnail document={useLatestDocument(userUid)} />;
}

/** Social proof, rating and live activity: they depend on the visitor, not on the plan chosen. */
const ProofBlocks = memo(function ProofBlocks({ sell }: { sell: SellContext }) {
  const dataOf = (code: string) => {
    const block = sell.block(code);
    return block.shown ? block.data : undefined;
  };
  return (
    <div className="sell-page__proof">
      {sell.block('socialProof').shown ? <SocialProofCounter data={dataOf('socialProof')} portalId={sell.portalId} /> : null}
      {sell.block('trustRating').shown ? <TrustRating data={dataOf('trustRating')} /> : null}
      {sell.block('liveActivity').shown ? <LiveActivityFeed country={sell.visitor.country} device={sell.device} /> : null}
    </div>
  );
});
