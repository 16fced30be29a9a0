/** The winback page's paths the browser drives (winback.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/** The page loads the person's standing by itself; the person retries, chooses an offer, or leaves for the plans or my settings. */
function pageOffers(type: string, s: AnyMachineSnapshot, event: Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadWinback')) {
    if (!s.matches('loading')) return false;
    // An eligible person with no offer for their days needs a lapse of over ten years; no persona has one.
    const output = event.output as { standing: string; offers: unknown[] } | undefined;
    return !(output?.standing === 'eligible' && output.offers.length === 0);
  }
  // The page shows one button per offer: a SKU that is not offered cannot be chosen there.
  if (type === 'winback.choose')
    return (event.skuId as number) !== 999 && s.can(event as { type: 'winback.choose'; skuId: number });
  return s.can({ type });
}

export const winbackPlan = browserPlan({ machine: 'winback', pageOffers, notDriven: {} });
