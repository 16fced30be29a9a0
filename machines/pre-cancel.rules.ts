/**
 * Pure rules of the pre-cancel page (spec §2 "Cancellation", §6): which page variant is
 * shown, whether the single save offer is put forward, where "cancel" leads and in which
 * order the two buttons stand.
 */

export type CancellationStrategy = 'Default' | 'OneClick';
export type PreCancelDevice = 'Desktop' | 'Mobile';
export type PreCancelButton = 'cancel' | 'keep';

/** The cancel-flow experiment's arm that is shown no save offer at all, to measure what offers save. */
export const HOLDOUT_VARIATION = 2;
/** The cancel-flow experiment's arm that cancels in one click: cancel leads straight to the confirmation. */
export const ONE_CLICK_VARIATION = 3;
/** The variation of the button-order experiment that puts "keep" first on desktop too. */
export const KEEP_FIRST_VARIATION = 3;

export type CancelFlowArm = 'holdout' | 'offers';

/** The arm analytics records for the cancel-flow experiment; no assignment counts as offers. */
export const cancelFlowArm = (variation: number | null): CancelFlowArm =>
  variation === HOLDOUT_VARIATION ? 'holdout' : 'offers';

/** Desktop: cancel, then keep. Mobile, or the experiment's variation: keep, then cancel. */
export function cancelButtonOrder(
  device: PreCancelDevice,
  buttonOrderVariation: number | null,
): readonly [PreCancelButton, PreCancelButton] {
  return device === 'Mobile' || buttonOrderVariation === KEEP_FIRST_VARIATION ? ['keep', 'cancel'] : ['cancel', 'keep'];
}

/** The feature-based save page lists what the plan gives: US only, and only where its flag is on. */
export const showsFeatureBasedPage = (flagOn: boolean, countryCd: string): boolean =>
  flagOn && countryCd.toUpperCase() === 'US';

/**
 * The single save offer is put forward when there is one the subscription may still redeem,
 * the person is not in the holdout, and the one-click strategy has not been set to hide it.
 */
export function showsSingleSaveOffer(audience: {
  offerAvailable: boolean;
  holdout: boolean;
  strategy: CancellationStrategy;
  hideOfferInOneClick: boolean;
}): boolean {
  if (!audience.offerAvailable || audience.holdout) return false;
  return !(audience.strategy === 'OneClick' && audience.hideOfferInOneClick);
}

/** The one-click arm of the cancel flow, or configuration that names it, cancels in one click; anything else is the default. */
export const cancellationStrategyOf = (
  configured: unknown,
  cancelFlowVariation: number | null,
): CancellationStrategy =>
  cancelFlowVariation === ONE_CLICK_VARIATION || configured === 'OneClick' ? 'OneClick' : 'Default';

/** The save offer configuration puts forward, when this subscription may still take it. */
export function singleSaveOfferOf<Offer extends { OfferID: string; Redeemable: boolean }>(
  offers: readonly Offer[],
  configured: unknown,
): Offer | null {
  return offers.find((offer) => offer.OfferID === configured && offer.Redeemable) ?? null;
}

export type CancelStep = 'survey' | 'confirm';

/** "Cancel" goes to the survey in the default strategy, and straight to the confirmation in one-click. */
export const stepAfterCancel = (strategy: CancellationStrategy): CancelStep =>
  strategy === 'OneClick' ? 'confirm' : 'survey';

export type ComplaintVariant = 'none' | 'technicalProblem' | 'billingProblem';
const COMPLAINT_VARIANTS: readonly ComplaintVariant[] = ['none', 'technicalProblem', 'billingProblem'];

/** A complaint variant named by configuration; anything unknown shows none. */
export const complaintVariantOf = (name: unknown): ComplaintVariant =>
  COMPLAINT_VARIANTS.find((variant) => variant === name) ?? 'none';
