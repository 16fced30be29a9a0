/** The cancellation survey's paths the browser drives (cancellation-survey.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SurveyData } from '../../machines/cancellation-survey.machine';
import { browserPlan } from './plan';

/**
 * What the browser can arrange of a load: the real reasons and offers of a fresh active-us,
 * with the cancel-flow arm set in the address (the holdout, one-click, or neither). A
 * subscription whose offers were redeemed is not arranged: the server's redeemable save offers
 * decide only the money offer, which the model's answers do not reach. Nor is a person without
 * a resume: active-us has one, which "customize my resume" opens.
 */
export const browserCanLoad = (data: SurveyData): boolean =>
  data.redeemedOffers.length === 0 && data.latestResumeId !== null;

/**
 * The page loads and sends the answer by itself; the person chooses a reason (only the listed
 * ones are drawn), sends it, retries a failed load or send, skips, takes or declines the offer,
 * and goes back to the dashboard. The server's answers are arranged by the spec: as they are, a
 * failure, or held while the path looks at the page waiting.
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type === 'xstate.done.actor.loadSurvey')
    return s.matches('loading') && browserCanLoad(event.output as SurveyData);
  if (type.startsWith('xstate.error.actor.loadSurvey')) return s.matches('loading');
  if (type.startsWith('xstate.done.actor.submitAnswer') || type.startsWith('xstate.error.actor.submitAnswer'))
    return s.matches('submitting');
  // A radio already chosen cannot be chosen again: pressing it changes nothing.
  if (type === 'survey.select' && event.reason === (s.context as { reason: number | null }).reason) return false;
  // The page's radios, buttons and link: each is drawn only where its event is accepted.
  return s.can(event as never);
}

export const cancellationSurveyPlan = browserPlan({ machine: 'cancellationSurvey', pageOffers, notDriven: {} });
