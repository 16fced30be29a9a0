/**
 * The running upsell sequence. Each offer has its own address, so the sequence outlives the page
 * that started it: the pages of the sequence share one actor while it runs. A reload starts a new
 * actor from the answers kept in session storage, with the same keys, so nothing is charged twice.
 */
import { createActor } from 'xstate';
import type { UpsellOffersActor, UpsellOffersInput } from '../../../machines/upsell-offers.machine';
import type { UpsellSequenceActor, UpsellSequenceInput } from '../../../machines/upsell-sequence.machine';
import type { provideUpsellOffers, provideUpsellSequence } from './upsell-effects';
import { recordFlows } from '../../app/flow-recording';

let current: { id: string; actor: UpsellSequenceActor } | null = null;

/** The sequence with this id if it still runs, else a new one started from `input`. */
export function sequenceFor(id: string, machine: () => ReturnType<typeof provideUpsellSequence>, input: () => UpsellSequenceInput): UpsellSequenceActor {
  if (current && current.id === id && current.actor.getSnapshot().status === 'active') return current.actor;
  current?.actor.stop();
  const actor = createActor(machine(), { inspect: recordFlows, input: input() });
  current = { id, actor };
  actor.start();
  return actor;
}

let currentOffers: { id: string; actor: UpsellOffersActor } | null = null;

/** The offers page's run with this id if it still runs (the survey is its next page), else a new one. */
export function offersFor(id: string, machine: () => ReturnType<typeof provideUpsellOffers>, input: () => UpsellOffersInput): UpsellOffersActor {
  if (currentOffers && currentOffers.id === id && currentOffers.actor.getSnapshot().status === 'active') return currentOffers.actor;
  currentOffers?.actor.stop();
  const actor = createActor(machine(), { inspect: recordFlows, input: input() });
  currentOffers = { id, actor };
  actor.start();
  return actor;
}
