import { useSelector } from '@xstate/react';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { funnelStepOf } from '../../../../machines/purchase-funnel.machine';
import { showsCartReminder } from '../../../../machines/purchase-funnel.rules';
import { isSignedInUser } from '../../../../machines/startup-access.rules';
import { useServices } from '../../../app/services';
import { serverDrewSellTopAt } from '../../../app/drawn-sell-top';
import { finishTakeover, takeOverSellPageAtRest, type AtRestTakeover } from '../../../app/sell-page-at-rest';
import { formatMoney } from '../../../domain/money';
import { planPriceOf } from '../../../domain/sell-plans';
import { skuIdentity } from '../../../domain/catalogue';
import { useCatalogue } from '../../../ui/use-catalogue';
import { Button } from '../../../ui/Button';
import { preloadable } from '../../../ui/preloadable';
import { usePageHeading } from '../../../ui/use-page-heading';
import { useSecondPass } from '../../../ui/use-second-pass';
import { WholeDrawingContext } from '../../../ui/whole-drawing';
import { appOfferOf, type FunnelActor } from '../../../app/purchase-funnel/funnel-effects';
import type { AppOffer } from '../../../domain/funnel-offer';
import { annualStrikePriceOf, type SellPageBlock } from '../../../domain/sell-context';
import { useFunnelActor } from '../use-funnel-actor';
import { DocumentThumbnail } from './blocks/DocumentThumbnail';
import { useLatestDocument } from './blocks/use-latest-document';
import { AlreadySubscribedNotice, OfferUnavailable } from '../FunnelNotices';
import { SellIntro, SellPageSection } from './SellIntro';
import { PlanChooser } from './PlanChooser';
import { SellPageBody, type ProofRandoms, type SellPageParts } from './SellPageBody';
import { useSellContext, type SellContext } from './use-sell-context';
import '../funnel.css';
import './blocks/blocks.css';

const sameBlocks = (a: readonly SellPageBlock[], b: readonly SellPageBlock[]) =>
  a.length === b.length && a.every((block, i) => block === b[i]);

// Drawn in the second pass, after the plans. The feature list is drawn again only when its plan or
// tooltips change, and what is below it only when what it shows changes (the blocks are worked out
// afresh on each drawing). Its hints' overlay code waits until a hint is first wanted (ui/Tooltip.tsx).
const featureList = preloadable(() => import('./FeatureList').then((m) => m.FeatureList));
const belowTheFold = preloadable(() => import('./BelowTheFold').then((m) => m.default));
const LAZY_PARTS: SellPageParts = {
  FeatureList: memo(featureList),
  BelowTheFold: memo(
    belowTheFold,
    (before, after) =>
      before.sell === after.sell && sameBlocks(before.blocks, after.blocks) && before.last === after.last,
  ),
};

/** Loads the parts below the plans, so a drawing of the whole page does not wait for them. */
export const preloadSellPageParts = () => Promise.all([featureList.preload(), belowTheFold.preload()]);

// The low-intent popup shows to few signed-in visitors, on a second visit: its machine loads with the
// page's second pass for a signed-in visitor only, its dialog's code only when it opens (LowIntentOffer.tsx).
const LowIntentOffer = memo(lazy(() => import('./LowIntentOffer').then((m) => ({ default: m.LowIntentOffer }))));

/** The sell page and its variants (pricing, plans, index, pricingv2, mobile plans, abandon cart). */
export default function SellPage() {
  const { t } = useTranslation('funnel');
  const { config } = useServices();
  const actor = useFunnelActor();
  const sell = useSellContext(actor);
  // Where the server drew the whole page at rest, the app's first drawing is that whole page, in one
  // commit, with the visitor's focus and choice carried over (the plans' code is loaded before it).
  const [takeover] = useState(() => takeOverSellPageAtRest(window.location, document));
  const heading = usePageHeading(t('sell.title'), { focusOnArrival: takeover === null });
  const currentStatus = useSelector(actor, (s) =>
    s.hasTag('offer.loading')
      ? 'loading'
      : s.matches('unavailable')
        ? 'unavailable'
        : s.output?.kind === 'alreadySubscribed'
          ? 'alreadySubscribed'
          : 'ready',
  );
  // Machine updates draw at once and in one piece; the plans arriving is drawn in an
  // interruptible pass instead, so a tap during that drawing is answered without waiting. Where
  // the server drew this page's top, the app's first drawing is that top again, and the plans
  // come in that pass too: the whole page in the app's first commit was one long task.
  const [drawnTop] = useState(() => takeover === null && serverDrewSellTopAt(window.location));
  const status = useDeferredValue(currentStatus, drawnTop ? 'loading' : currentStatus);
  const step = useSelector(actor, (s) => funnelStepOf(s));
  useTakeover(takeover, actor);

  const page = (
    <SellPageSection testId="page-sell" busy={status === 'loading'}>
      {/* The steps show while configuration loads (they almost always stay), so the heading does not move down later. */}
      <SellIntro
        step={step}
        showBreadcrumb={!sell || sell.block('breadcrumb').shown}
        loading={status === 'loading'}
        headingRef={heading}
      />
      {status === 'unavailable' ? <OfferUnavailable actor={actor} /> : null}
      {status === 'alreadySubscribed' ? <AlreadySubscribed actor={actor} dashboardUrl={config.dashboardUrl} /> : null}
      {status === 'ready' && sell ? <SellContent actor={actor} sell={sell} randoms={takeover?.randoms} /> : null}
    </SellPageSection>
  );
  return takeover ? <WholeDrawingContext value={WHOLE_IN_THE_BROWSER}>{page}</WholeDrawingContext> : page;
}

const WHOLE_IN_THE_BROWSER = { viewportWidth: null, cookieHeader: null };

/**
 * Right after the app's first drawing of a page it took over: the plan the visitor checked on the
 * server's drawing becomes the funnel's choice before the screen is painted again, focus goes back
 * to where it was, and the buttons pressed before the app came are pressed again ("continue" among them).
 */
function useTakeover(takeover: AtRestTakeover | null, actor: FunnelActor) {
  useLayoutEffect(() => {
    if (!takeover || takeover.carriedOver) return;
    takeover.carriedOver = true;
    const { checkedSkuId } = takeover;
    if (checkedSkuId !== null && checkedSkuId !== actor.getSnapshot().context.selectedSkuId)
      actor.send({ type: 'plan.select', skuId: checkedSkuId });
    finishTakeover(document, takeover);
  }, [takeover, actor]);
}

/** Someone with a plan sees what the plans cost, but is not sold a second one. */
function AlreadySubscribed({ actor, dashboardUrl }: { actor: FunnelActor; dashboardUrl: string }) {
  const { t, i18n } = useTranslation('funnel');
  const catalogue = useCatalogue();
  const skus = useSelector(actor, (s) => appOfferOf(s)?.skus ?? []);
  return (
    <>
      <AlreadySubscribedNotice dashboardUrl={dashboardUrl} />
      <ul className="plan-prices" aria-label={t('sell.plansLabel')} data-testid="plan-prices">
        {skus.map((sku) => (
          <li key={sku.SkuID} data-testid={`plan-price-${sku.PlanTier}`}>
            <span className="plan-option__title">{catalogue.nameOf(skuIdentity(sku))}</span>{' '}
            <strong data-testid="plan-price">
              {formatMoney(planPriceOf(sku).today, sku.CurrencyCD, i18n.language)}
            </strong>
          </li>
        ))}
      </ul>
    </>
  );
}

function SellContent({
  actor,
  sell,
  randoms,
}: {
  actor: FunnelActor;
  sell: SellContext;
  randoms: ProofRandoms | undefined;
}) {
  const offer = useSelector(actor, (s) => appOfferOf(s));
  // The plans follow the choice by themselves (LivePlans); the rest of the page follows it in an
  // interruptible pass after the choice is painted: the blocks and the feature list that depend on the plan.
  const blocksFollow = useDeferredValue(useSelector(actor, (s) => s.context.selectedSkuId));
  const canContinue = useSelector(actor, (s) => s.can({ type: 'plan.continue' }));
  const job = useSelector(actor, (s) => s.context.job);
  const fromCart = useSelector(actor, (s) => showsCartReminder(s.context));
  const { startup } = useServices();
  const signedIn = useSelector(startup, (s) => isSignedInUser(s.context.claims));
  // The plans first; the feature list and everything below it right after, in an interruptible pass.
  const belowPlansShown = useSecondPass();
  const plans = useMemo(
    () => (offer ? <LivePlans actor={actor} sell={sell} offer={offer} /> : null),
    [actor, sell, offer],
  );
  const continueButton = useCallback(
    (label: string) => <ContinueButton actor={actor} isDisabled={!canContinue} label={label} />,
    [actor, canContinue],
  );
  if (!offer) return null;
  const currency = offer.skus[0]?.CurrencyCD ?? 'USD';
  const lowIntent = sell.features.find((f) => f.FeatureCD === 'lowIntentOffer');

  return (
    <>
      <SellPageBody
        sell={sell}
        offer={offer}
        plans={plans}
        selectedSkuId={blocksFollow}
        job={job}
        fromCart={fromCart}
        belowPlansShown={belowPlansShown}
        parts={LAZY_PARTS}
        continueButton={continueButton}
        thumbnail={latestDocumentThumbnail}
        randoms={randoms}
      />
      {belowPlansShown && signedIn && lowIntent ? (
        <Suspense fallback={null}>
          <LowIntentOffer feature={lowIntent} visitor={sell.visitor} currency={currency} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The plans as the funnel has them: a choice draws this radio group again, and nothing else at once. */
function LivePlans({ actor, sell, offer }: { actor: FunnelActor; sell: SellContext; offer: AppOffer }) {
  const selectedSkuId = useSelector(actor, (s) => s.context.selectedSkuId);
  const selectPlan = useCallback((skuId: number) => actor.send({ type: 'plan.select', skuId }), [actor]);
  return (
    <PlanChooser
      layout={sell.layout}
      skus={offer.skus}
      selectedSkuId={selectedSkuId}
      onSelect={selectPlan}
      annualStrikePrice={annualStrikePriceOf(sell)}
    />
  );
}

/** Drawn again only when it is enabled or disabled, not on each choice of plan. */
const ContinueButton = memo(function ContinueButton({
  actor,
  isDisabled,
  label,
}: {
  actor: FunnelActor;
  isDisabled: boolean;
  label: string;
}) {
  return (
    <Button
      className="sell-page__continue"
      isDisabled={isDisabled}
      onPress={() => actor.send({ type: 'plan.continue' })}
      data-testid="continue-to-checkout"
    >
      {label}
    </Button>
  );
});

function LatestDocumentThumbnail({ userUid }: { userUid: string }) {
  return <DocumentThumbnail document={useLatestDocument(userUid)} />;
}

const latestDocumentThumbnail = (userUid: string) => <LatestDocumentThumbnail userUid={userUid} />;
