/** My settings' paths the browser drives (my-settings.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { browserPlan } from './plan';

/** The page loads the account by itself; the person can only retry after a failure. */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (type.startsWith('xstate.done.actor.loadAccount') || type.startsWith('xstate.error.actor.loadAccount'))
    return s.matches('loading');
  if (type === 'plan.retry') return s.matches('failed');
  return false;
}

export const mySettingsPlan = browserPlan({ machine: 'mySettings', pageOffers, notDriven: {} });
