import type { AnyActorRef } from 'xstate';

/**
 * Actors that outlive the page that started them, kept in the app's services: the upsell
 * sequence runs over several addresses, and each of its pages asks for the run it belongs to.
 * One actor is kept per slot; asking for another id stops the kept one and starts a new one.
 */
export interface KeptActors {
  /** The actor kept in `slot` under `id` while it still runs, else the one `start` creates and starts. */
  keep<A extends AnyActorRef>(slot: string, id: string, start: () => A): A;
}

export function createKeptActors(): KeptActors {
  const kept = new Map<string, { id: string; actor: AnyActorRef }>();
  return {
    keep<A extends AnyActorRef>(slot: string, id: string, start: () => A): A {
      const current = kept.get(slot);
      if (current && current.id === id && current.actor.getSnapshot().status === 'active') return current.actor as A;
      current?.actor.stop();
      const actor = start();
      kept.set(slot, { id, actor });
      actor.start();
      return actor;
    },
  };
}
