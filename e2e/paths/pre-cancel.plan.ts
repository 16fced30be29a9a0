/** The pre-cancel page's paths the browser drives (pre-cancel.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PreCancelContext, PreCancelData } from '../../machines/pre-cancel.machine';
import { HOLDOUT_VARIATION, KEEP_FIRST_VARIATION } from '../../machines/pre-cancel.rules';
import { preCancelModel } from '../../test/machines/models/preCancel.model';
import { browserPlan } from './plan';

/**
 * How the browser gets the loader's answer: the real answer of a fresh copy of the market's
 * active persona (cancel-flow arm 1, the offers), the holdout (`runtest` arm 2, with the
 * button-order experiment's keep-first variation assigned in `ew_exp`), one-click (`runtest`
 * arm 3; the seed hides the offer in one-click), or nobody to cancel (expired-us).
 */
export type PreCancelArrangement = 'offers' | 'holdout' | 'oneClick' | 'nothingToCancel';

/**
 * The arrangement that makes the real server give `data`, or null where it cannot. Two of the
 * model's answers are left out: no save offer with no complaint (the seeded configuration names
 * the 'technicalProblem' complaint for everyone, so no market answers 'none'), and one-click with
 * the offer shown (the seed sets hideOfferInOneClick); each transition they take is also taken
 * with an answer the server does give. Germany has no persona without an active plan.
 *
 * Fields the page does not show may differ from the model's answer: one-click's real arm is 3
 * (the model says 1; only the holdout arm changes the page), and active-de's real feature flag is
 * off (the feature-based page is US-only, so the German page is the standard one either way).
 * The holdout takes the same transitions as one-click, which comes first in the model's answers,
 * so the plan keeps one-click's paths; the holdout stays arranged should a path need it.
 */
export function arrangementOf(
  data: PreCancelData,
  context: Pick<PreCancelContext, 'countryCd'>,
): PreCancelArrangement | null {
  if (data.subscription === null) return context.countryCd === 'US' ? 'nothingToCancel' : null;
  if (data.complaint !== 'technicalProblem' || data.saveOffer?.offerId !== 'freeMonth') return null;
  if (data.cancelFlowVariation === HOLDOUT_VARIATION)
    return data.buttonOrderVariation === KEEP_FIRST_VARIATION && data.strategy === 'Default' ? 'holdout' : null;
  if (data.buttonOrderVariation !== null) return null;
  if (data.strategy === 'OneClick') return data.hideOfferInOneClick ? 'oneClick' : null;
  return 'offers';
}

/**
 * The page loads by itself and applies the offer when asked; the person retries a failed load,
 * takes, closes or declines the offer in its dialog, and cancels, keeps the plan or goes back to
 * the resume from the page. The server's answers are arranged by the spec (arrangementOf).
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  const german = (s.context as PreCancelContext).countryCd === 'DE';
  if (type === 'xstate.done.actor.loadPreCancel') {
    const arrangement = s.matches('loading')
      ? arrangementOf(event.output as PreCancelData, s.context as PreCancelContext)
      : null;
    // The German person on a phone is driven through the page without the offer (one-click or
    // the holdout); the offer's dialog, a failed load and nothing to cancel are driven in the US.
    return german ? arrangement === 'oneClick' || arrangement === 'holdout' : arrangement !== null;
  }
  if (type === 'xstate.error.actor.loadPreCancel') return s.matches('loading') && !german;
  if (type.startsWith('xstate.done.actor.acceptSaveOffer') || type.startsWith('xstate.error.actor.acceptSaveOffer'))
    return s.matches('accepting');
  return s.can({ type });
}

const [usDesktop, germanMobile] = preCancelModel.inputs;

export const preCancelPlan = browserPlan({
  machine: 'preCancel',
  pageOffers,
  // The German person on a phone first: where both take the same transition, the plan keeps
  // the first path that takes it, so the German mobile page is driven where it can be.
  inputs: [germanMobile, usDesktop],
  notDriven: {},
});
