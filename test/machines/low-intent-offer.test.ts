import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  lowIntentOfferMachine,
  type LowIntentOfferEvent,
  type LowIntentOfferInput,
} from '../../machines/low-intent-offer.machine';
import { LOW_INTENT_OFFERS, type AnalyticsEvent, type LowIntentChoice } from '../../machines/low-intent-offer.rules';

const returning: LowIntentOfferInput = {
  block: { shown: true, offers: [...LOW_INTENT_OFFERS] },
  localFlag: false,
  preference: 'true',
  signedIn: true,
  claimed: null,
  visitedSecondTime: true,
};

/** Starts the machine with recording stubs for every effect the app provides. */
function start(overrides: Partial<LowIntentOfferInput> = {}) {
  const effects = { saved: 0, claimed: [] as LowIntentChoice[], tracked: [] as AnalyticsEvent[] };
  const machine = lowIntentOfferMachine.provide({
    actions: {
      saveLowIntentPreference: () => {
        effects.saved += 1;
      },
      recordClaimedOffer: (_, params) => {
        effects.claimed.push(params.offer);
      },
      trackEvent: (_, params) => {
        effects.tracked.push(params);
      },
    },
  });
  const actor = createActor(machine, { input: { ...returning, ...overrides } }).start();
  const send = (event: LowIntentOfferEvent) => actor.send(event);
  return { actor, effects, send };
}

describe('low-intent offer: whether the popup shows', () => {
  it.each([
    ['a returning low-intent visitor by preference', {}, true],
    ['a returning visitor marked only by the local flag', { localFlag: true, preference: null }, true],
    ['the preference written in capitals', { preference: ' TRUE ' }, true],
    ['configuration hides the block', { block: { shown: false, offers: [...LOW_INTENT_OFFERS] } }, false],
    ['configuration lists no offer we know', { block: { shown: true, offers: [] } }, false],
    ['neither flag nor preference', { preference: null }, false],
    ['the preference says false', { preference: 'false' }, false],
    ['an offer was accepted before', { claimed: 'CVReview' as const }, false],
    ['the popup was declined before', { claimed: 'SkipOffer' as const }, false],
    ['the first visit to the sell page', { visitedSecondTime: false }, false],
  ] as const)('%s → shown: %s', (_name, overrides, shown) => {
    const { actor, effects, send } = start(overrides as Partial<LowIntentOfferInput>);
    expect(actor.getSnapshot().can({ type: 'offer.show', at: 0 })).toBe(shown);
    send({ type: 'offer.show', at: 0 });
    expect(actor.getSnapshot().value).toBe(shown ? 'shown' : 'notShown');
    expect(effects.tracked.map((e) => e.name)).toEqual(shown ? ['offer shown'] : []);
  });

  it('nothing happens before the page asks: the popup starts not shown', () => {
    const { actor, effects } = start();
    expect(actor.getSnapshot().value).toBe('notShown');
    expect(effects.tracked).toEqual([]);
    expect(effects.claimed).toEqual([]);
  });

  it('"offer shown" names the pop-up, the offers, and the second-visit state', () => {
    const { effects, send } = start({ block: { shown: true, offers: ['BoldPro', 'CVCheck'] } });
    send({ type: 'offer.show', at: 0 });
    expect(effects.tracked).toEqual([
      {
        name: 'offer shown',
        props: {
          popup_name: 'low intent offer',
          visited_second_time_to_sell_page: true,
          offers: ['BoldPro', 'CVCheck'],
        },
      },
    ]);
  });

  it('a second show does nothing once shown', () => {
    const { actor, effects, send } = start();
    send({ type: 'offer.show', at: 0 });
    expect(actor.getSnapshot().can({ type: 'offer.show', at: 1 })).toBe(false);
    send({ type: 'offer.show', at: 1 });
    expect(effects.tracked).toHaveLength(1);
  });
});

describe('low-intent offer: saving the preference', () => {
  it.each([
    ['local flag, preference unset', { localFlag: true, preference: null }, 1],
    ['local flag, preference false', { localFlag: true, preference: 'false' }, 1],
    ['local flag, preference already true', { localFlag: true, preference: 'true' }, 0],
    ['no local flag', { localFlag: false, preference: null }, 0],
    ['local flag but no account', { localFlag: true, preference: null, signedIn: false }, 0],
  ] as const)('%s → saved %s time(s)', (_name, overrides, times) => {
    const { effects } = start(overrides);
    expect(effects.saved).toBe(times);
  });

  it('is saved on the way in, even when the popup does not show this visit', () => {
    const { actor, effects } = start({ localFlag: true, preference: null, visitedSecondTime: false });
    expect(effects.saved).toBe(1);
    expect(actor.getSnapshot().can({ type: 'offer.show', at: 0 })).toBe(false);
  });
});

describe('low-intent offer: the decision', () => {
  it.each(LOW_INTENT_OFFERS)('accepting %s records it, reports it with the time spent and ends accepted', (offer) => {
    const { actor, effects, send } = start();
    send({ type: 'offer.show', at: 10_000 });
    send({ type: 'offer.accept', offer, at: 17_400 });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('accepted');
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ outcome: 'accepted', offer });
    expect(effects.claimed).toEqual([offer]);
    expect(effects.tracked[1]).toEqual({
      name: 'offer accepted',
      props: { popup_name: 'low intent offer', visited_second_time_to_sell_page: true, offer, time_spent: 7 },
    });
  });

  it('"no thanks" declines with SkipOffer, recorded so the popup does not return', () => {
    const { actor, effects, send } = start();
    send({ type: 'offer.show', at: 0 });
    send({ type: 'offer.decline', at: 3_000 });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'declined', offer: 'SkipOffer' });
    expect(effects.claimed).toEqual(['SkipOffer']);
    expect(effects.tracked[1]).toEqual({
      name: 'offer declined',
      props: {
        popup_name: 'low intent offer',
        visited_second_time_to_sell_page: true,
        offer: 'SkipOffer',
        declined_by: 'skipped',
        time_spent: 3,
      },
    });
  });

  it('closing the popup (Escape) counts as declining, reported as dismissed', () => {
    const { actor, effects, send } = start();
    send({ type: 'offer.show', at: 0 });
    send({ type: 'offer.dismiss', at: 1_499 });
    expect(actor.getSnapshot().value).toBe('declined');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'declined', offer: 'SkipOffer' });
    expect(effects.claimed).toEqual(['SkipOffer']);
    expect(effects.tracked[1]!.props).toMatchObject({ declined_by: 'dismissed', time_spent: 1 });
  });

  it('an offer that configuration does not list cannot be accepted', () => {
    const { actor, effects, send } = start({ block: { shown: true, offers: ['CVCheck'] } });
    send({ type: 'offer.show', at: 0 });
    expect(actor.getSnapshot().can({ type: 'offer.accept', offer: 'BoldPro', at: 1 })).toBe(false);
    send({ type: 'offer.accept', offer: 'BoldPro', at: 1 });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(effects.claimed).toEqual([]);
  });

  it('nothing can be accepted or declined before the popup is shown', () => {
    const { actor, effects, send } = start();
    for (const event of [
      { type: 'offer.accept', offer: 'CVCheck', at: 0 },
      { type: 'offer.decline', at: 0 },
      { type: 'offer.dismiss', at: 0 },
    ] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
      send(event);
    }
    expect(actor.getSnapshot().value).toBe('notShown');
    expect(effects.claimed).toEqual([]);
  });
});
