/**
 * The running upsell sequence. Each offer has its own address, so the sequence outlives the page
 * that started it: the pages of the sequence share one actor, kept in the app's services, while it
 * runs. A reload starts a new actor from the answers kept in session storage, with the same keys,
 * so nothing is charged twice.
 */
import { createActor } from 'xstate';
import type { UpsellOffersActor, UpsellOffersInput } from '../../../machines/upsell-offers.machine';
import type { UpsellSequenceActor, UpsellSequenceInput } from '../../../machines/upsell-sequence.machine';
import type { AppServices } from '../../app/services';
import type { provideUpsellOffers, provideUpsellSequence } from './upsell-effects';

type Keeping = Pick<AppServices, 'keptActors' | 'recordFlows'>;

/** The sequence with this id if it still runs, else a new one started from `input`. */
export function sequenceFor(
  { keptActors, recordFlows }: Keeping,
  id: string,
  machine: () => ReturnType<typeof provideUpsellSequence>,
  input: () => UpsellSequenceInput,
): UpsellSequenceActor {
  return keptActors.keep('upsell-sequence', id, () => createActor(machine(), { inspect: recordFlows, input: input() }));
}

/** The offers page's run with this id if it still runs (the survey is its next page), else a new one. */
export function offersFor(
  { keptActors, recordFlows }: Keeping,
  id: string,
  machine: () => ReturnType<typeof provideUpsellOffers>,
  input: () => UpsellOffersInput,
): UpsellOffersActor {
  return keptActors.keep('upsell-offers', id, () => createActor(machine(), { inspect: recordFlows, input: input() }));
}
