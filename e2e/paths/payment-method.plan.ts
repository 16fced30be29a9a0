/** Change payment method's paths the browser drives (payment-method.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { browserPlan } from './plan';

type Output = { plan?: { StatusCD: string } | null; Outcome?: string; Renewal?: { Status: string } | null };

/**
 * The page loads the account by itself (a fresh copy of a person with an active plan, a suspended
 * one, or none); the person edits the billing name, enters a card in the frame, and retries after a
 * failure. What the server answers a card follows from the card and the plan: a declined card is
 * declined; an approved one is saved, and for a suspended plan its renewal is retried. A retried
 * renewal that is declined again is answered by the test (the sandbox declines such a card before
 * it is ever stored).
 */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (type.includes('.actor.loadAccount')) return s.matches('loading');
  if (type.includes('.actor.saveCard')) {
    if (!s.matches('saving')) return false;
    if (type.startsWith('xstate.error.')) return true;
    const card = s.context.card as { outcome: string };
    const plan = s.context.plan as { StatusCD: string };
    const output = event.output as Output;
    if (output.Outcome === 'DECLINED') return card.outcome === 'declined';
    if (card.outcome === 'declined') return false;
    return plan.StatusCD === 'SUSP' ? output.Renewal !== null : output.Renewal === null;
  }
  if (type === 'account.retry') return s.matches('loadFailed');
  if (type === 'card.retry') return s.matches('saveFailed');
  if (type === 'billing.changed' || type === 'card.entered') return s.hasTag('form') && !s.hasTag('busy');
  return false;
}

export const paymentMethodPlan = browserPlan({ machine: 'paymentMethod', pageOffers, notDriven: {} });
