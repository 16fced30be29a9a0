/** The pay-per price popup's paths the browser drives (price-info.paths.spec.ts). */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { browserPlan } from './plan';

/** The popup loads by itself; the person chooses the option, closes the popup, or retries a failed load. */
function pageOffers(type: string, s: AnyMachineSnapshot, event: EventObject & Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  if (type === 'xstate.done.actor.loadPayPerOption') return s.matches('loading') && event.output !== null;
  if (type.includes('.actor.loadPayPerOption')) return s.matches('loading');
  return s.can(event as EventObject);
}

export const priceInfoPlan = browserPlan({
  machine: 'priceInfo',
  pageOffers,
  notDriven: {
    'priceInfo.loading --xstate.done.actor.loadPayPerOption[1]--> priceInfo.notOffered':
      'Every seeded market sells a one-time plan; the rules test covers a catalogue without one.',
    'priceInfo.notOffered --priceInfo.close--> priceInfo.closed':
      'Reached only from a market without a one-time plan (see above).',
  },
});
