/**
 * Which purchase a checkout or a confirmation belongs to, as the address names it. It is read at
 * start-up by the purchase funnel, so it lives apart from the order confirmation's rules.
 */

/** Which purchase this is: a save offer, a winback, or a first (initial) purchase. */
export type PurchaseFlow = 'initial' | 'save' | 'winback';

export const SAVE_FLOW = 'save';
export const WINBACK = 'winback';

/** The flow named by the address's `flow` (save, winback) or `mode` (winback); anything else is initial. */
export const flowOf = (flow: string | null, mode: string | null): PurchaseFlow => {
  const f = (flow ?? '').trim().toLowerCase();
  const m = (mode ?? '').trim().toLowerCase();
  if (f === SAVE_FLOW) return 'save';
  if (f === WINBACK || m === WINBACK) return 'winback';
  return 'initial';
};
