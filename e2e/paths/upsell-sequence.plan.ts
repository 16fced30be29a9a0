/** The upsell sequence's paths the browser drives (upsell-sequence.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import { machines } from '../../machines';
import { pathModels } from '../../test/machines/models';
import { generatePaths } from '../../test/paths/generate';
import { browserPlan } from './plan';

/**
 * The page loads the sequence and charges by itself; the person adds, skips, retries a failed
 * load or goes to the dashboard. The server's answers are arranged by the spec.
 */
function pageOffers(type: string, s: AnyMachineSnapshot): boolean {
  if (s.status !== 'active') return false;
  if (type.includes('.actor.loadSequence')) return s.matches('loading');
  if (type.includes('.actor.chargeAddOn')) return s.matches({ offer: 'charging' });
  return s.can({ type });
}

const plan = browserPlan({ machine: 'upsellSequence', pageOffers, notDriven: {} });

const eventsOf = (p: { events: { type: string }[] }) => p.events.map((e) => e.type).join(' ');
const SKIP_ALL = 'xstate.done.actor.loadSequence offer.skip offer.skip offer.skip offer.skip';
const TAKE_ALL = `xstate.done.actor.loadSequence ${Array(4).fill('offer.take xstate.done.actor.chargeAddOn').join(' ')}`;

/** The greedy choice keeps the fewest paths; skip-everything and take-everything are always driven too. */
const wanted = generatePaths(machines.upsellSequence!, pathModels.upsellSequence!).filter(
  (p) => [SKIP_ALL, TAKE_ALL].includes(eventsOf(p)) && !plan.paths.some((q) => eventsOf(q) === eventsOf(p)),
);

export const upsellSequencePlan = { ...plan, paths: [...plan.paths, ...wanted] };
