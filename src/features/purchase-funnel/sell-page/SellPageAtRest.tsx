import type { AppOffer } from '../../../domain/funnel-offer';
import { annualStrikePriceOf, type SellContext } from '../../../domain/sell-context';
import { Button } from '../../../ui/Button';
import { WholeDrawingContext } from '../../../ui/whole-drawing';
import BelowTheFold from './BelowTheFold';
import { FeatureList } from './FeatureList';
import { PlanChooser } from './PlanChooser';
import { SellIntro, SellPageSection } from './SellIntro';
import { SellPageBody, type ProofRandoms, type SellPageParts } from './SellPageBody';

/** What the server settled for a guest's sell page at rest (server/http/drawn-sell-page.ts). */
export interface SellPageAtRestView {
  step: number;
  sell: SellContext;
  offer: AppOffer;
  selectedSkuId: number | null;
  /** The width the server guessed for the visitor's screen, for blocks that fit themselves to it. */
  viewportWidth: number;
  /** The request's cookies, which the blocks read as the app reads the document's. */
  cookieHeader: string;
  randoms: ProofRandoms;
}

const PARTS_AT_ONCE: SellPageParts = { FeatureList, BelowTheFold };
const noChoiceYet = () => undefined;
const pressedOnceTheAppHasCome = (label: string) => (
  <Button className="sell-page__continue" data-testid="continue-to-checkout">
    {label}
  </Button>
);

/**
 * A guest's whole sell page, as the server draws it for a visitor who has not touched the page
 * yet: the same body the app draws, all of it at once. Plans are native radios, so a choice works
 * before the app comes; a button needs the app, so its press is kept (page-at-rest.ts) and done
 * once the app has taken over.
 */
export function SellPageAtRest({ view }: { view: SellPageAtRestView }) {
  const { sell, offer, selectedSkuId } = view;
  return (
    <WholeDrawingContext value={{ viewportWidth: view.viewportWidth, cookieHeader: view.cookieHeader }}>
      <SellPageSection testId="page-sell" busy={false}>
        <SellIntro step={view.step} showBreadcrumb={sell.block('breadcrumb').shown} loading={false} />
        <SellPageBody
          sell={sell}
          offer={offer}
          plans={
            <PlanChooser
              layout={sell.layout}
              skus={offer.skus}
              selectedSkuId={selectedSkuId}
              onSelect={noChoiceYet}
              annualStrikePrice={annualStrikePriceOf(sell)}
              drawnAtRest
            />
          }
          selectedSkuId={selectedSkuId}
          job={{ status: 'none', lookup: null }}
          fromCart={false}
          belowPlansShown
          parts={PARTS_AT_ONCE}
          continueButton={pressedOnceTheAppHasCome}
          thumbnail={() => null}
          randoms={view.randoms}
        />
      </SellPageSection>
    </WholeDrawingContext>
  );
}
