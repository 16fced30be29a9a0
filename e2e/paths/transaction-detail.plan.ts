/** Transaction detail's paths the browser drives (transaction-detail.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/** The page loads by itself; the person retries a failed load or prints the receipt. */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadTransaction')) return s.matches('loading');
  return s.can({ type });
}

export const transactionDetailPlan = browserPlan({ machine: 'transactionDetail', pageOffers, notDriven: {} });
