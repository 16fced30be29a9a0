import { memo, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseFunnelContext } from '../../../../machines/purchase-funnel.machine';
import { applyUrlOf, type PlanTier } from '../../../../machines/purchase-funnel.rules';
import type { AppOffer } from '../../../domain/funnel-offer';
import { sellPageBlocks, type SellPageBlock } from '../../../domain/sell-context';
import { RevealInTurn } from '../../../ui/RevealInTurn';
import { DocumentThumbnail } from './blocks/DocumentThumbnail';
import { LiveActivityFeed } from './blocks/LiveActivityFeed';
import { PaymentLogos } from './blocks/PaymentLogos';
import { SocialProofCounter } from './blocks/SocialProofCounter';
import { TrustRating } from './blocks/TrustRating';
import { ScarcityCountdown } from './ScarcityCountdown';
import { ServiceSection } from './ServiceSection';
import type { SellContext } from '../../../domain/sell-context';

/** The parts below the plans, as the app has them (loaded after the plans) or as the server draws them. */
export interface SellPageParts {
  FeatureList: ComponentType<{ tier: PlanTier | null; withTooltips: boolean }>;
  BelowTheFold: ComponentType<{ sell: SellContext; blocks: readonly SellPageBlock[]; last: ReactNode }>;
}

/** Random sources for the blocks that draw a random figure (the browser's by default): the server's draws, replayed where the app takes over its drawing. */
export interface ProofRandoms {
  socialProof?: () => number;
  liveActivity?: () => number;
}

export interface SellPageBodyProps {
  sell: SellContext;
  offer: AppOffer;
  /** The plans, as a radio group the caller draws: in the app it follows the choice by itself, so a choice draws only it. */
  plans: ReactNode;
  /** The plan the blocks and the feature list follow (in the app, the choice a pass after it is drawn). */
  selectedSkuId: number | null;
  job: PurchaseFunnelContext['job'];
  fromCart: boolean;
  belowPlansShown: boolean;
  parts: SellPageParts;
  /** The button that leads on, with its label: "continue", or for a guest "sign in to continue". */
  continueButton: (label: string) => ReactNode;
  /** The latest document of a signed-in person, where the page shows it. */
  thumbnail: (userUid: string) => ReactNode;
  randoms?: ProofRandoms;
}

const StillPaymentLogos = memo(PaymentLogos);

/**
 * The sell page below its top, once the offer is settled: drawn by the app from its machine, and
 * by the server for a guest who sees the page at rest before the app's code arrives
 * (server/http/drawn-sell-page.ts). The two draw the same page from the same facts.
 */
export const SellPageBody = memo(function SellPageBody({
  sell,
  offer,
  plans,
  selectedSkuId,
  job,
  fromCart,
  belowPlansShown,
  parts,
  continueButton,
  thumbnail,
  randoms,
}: SellPageBodyProps) {
  const { t } = useTranslation('funnel');
  const blocks = sellPageBlocks(sell, offer, selectedSkuId);
  const listedTier = offer.skus.find((s) => s.SkuID === selectedSkuId)?.PlanTier ?? null;
  const servicesShown = blocks.includes('services');
  const services = useMemo(
    () =>
      servicesShown ? (
        <ServiceSection
          services={offer.services}
          checkoutMigrated={offer.checkoutMigrated}
          mobile={sell.device === 'Mobile'}
        />
      ) : null,
    [servicesShown, offer, sell.device],
  );
  const shown = (block: SellPageBlock) => blocks.includes(block);
  const applyUrl = applyUrlOf(job.lookup);
  const { FeatureList, BelowTheFold } = parts;

  return (
    <>
      <ProofBlocks sell={sell} randoms={randoms} />
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
              {thumbnail(offer.claims?.UserUID ?? '')}
            </Suspense>
          </div>
        ) : null}
        <div className="sell-page__plans">
          {plans}
          {continueButton(offer.signedIn ? t('sell.continue') : t('sell.signInToContinue'))}
          {shown('paymentLogos') ? (
            <StillPaymentLogos
              country={offer.countryCd}
              paypal={offer.paymentMethods.includes('PYPL')}
              upi={offer.paymentMethods.includes('DUPI')}
            />
          ) : null}
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
    </>
  );
});

/** Social proof, rating and live activity: they depend on the visitor, not on the plan chosen. */
const ProofBlocks = memo(function ProofBlocks({
  sell,
  randoms,
}: {
  sell: SellContext;
  randoms: ProofRandoms | undefined;
}) {
  const dataOf = (code: string) => {
    const block = sell.block(code);
    return block.shown ? block.data : undefined;
  };
  return (
    <div className="sell-page__proof">
      {sell.block('socialProof').shown ? (
        <SocialProofCounter data={dataOf('socialProof')} portalId={sell.portalId} random={randoms?.socialProof} />
      ) : null}
      {sell.block('trustRating').shown ? <TrustRating data={dataOf('trustRating')} /> : null}
      {sell.block('liveActivity').shown ? (
        <LiveActivityFeed country={sell.visitor.country} device={sell.device} random={randoms?.liveActivity} />
      ) : null}
    </div>
  );
});
