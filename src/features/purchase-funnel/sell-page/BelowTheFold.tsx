import { memo, type ReactNode } from 'react';
import { RevealInTurn } from '../../../ui/RevealInTurn';
import { AppBlade, DisclaimerList, EfficacyBanner, HiredByBlade, MoneyBackBanner } from './blocks';
import { TestimonialCarousel } from './blocks/TestimonialCarousel';
import type { SellPageBlock } from '../../../domain/sell-context';
import type { SellContext } from '../../../domain/sell-context';

/**
 * The sell page's blocks below the plans: loaded after the plans are on screen, so the
 * first download carries only what the visitor needs to choose and pay. `last` (the services)
 * comes after them, in the same turn, so no block is drawn above it once it is shown.
 */
function BelowTheFold({
  sell,
  blocks,
  last,
}: {
  sell: SellContext;
  blocks: readonly SellPageBlock[];
  last: ReactNode;
}) {
  const dataOf = (code: string) => {
    const block = sell.block(code);
    return block.shown ? block.data : undefined;
  };
  const shown = (block: SellPageBlock) => blocks.includes(block);
  return (
    <RevealInTurn>
      {shown('moneyBack') ? <MoneyBackBanner data={dataOf('moneyBack')} /> : null}
      {shown('efficacyBanner') ? <EfficacyBanner data={dataOf('efficacyBanner')} /> : null}
      {shown('hiredBy') ? <HiredByBlade data={dataOf('hiredBy')} country={sell.visitor.country} /> : null}
      {shown('testimonials') ? (
        <TestimonialCarousel
          country={sell.visitor.country ?? 'US'}
          device={sell.device}
          segment={segmentOf(dataOf('testimonials'))}
        />
      ) : null}
      {shown('appBlade') ? <AppBlade data={dataOf('appBlade')} device={sell.device} /> : null}
      {shown('disclaimers') ? <DisclaimerList data={dataOf('disclaimers')} /> : null}
      {last}
    </RevealInTurn>
  );
}

function segmentOf(data: unknown): 'all' | 'less-experienced' | 'job-seekers' {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>).segment : null;
  return value === 'less-experienced' || value === 'job-seekers' ? value : 'all';
}

export default memo(BelowTheFold);
