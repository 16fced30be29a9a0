import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  paymentMethodMachine,
  type PaymentMethodAccount,
  type SaveCardInput,
} from '../../machines/payment-method.machine';
import {
  canChangeCardFor,
  missingBillingField,
  readUpdateFrameMessage,
  renewalRecovered,
  renewalStillFailing,
  retriesRenewal,
  wasDeclined,
  type CardUpdateResult,
} from '../../machines/payment-method.rules';
import { accounts, activePlan, expiringPlan, suspendedPlan, updates } from './models/accountFixtures';

const billing = { firstName: 'Sam', lastName: 'Keller', zipCode: '', countryCd: 'US' };
const approved = { cardType: 'VISA', lastFour: '4242', outcome: 'approved' } as const;

function start(account: PaymentMethodAccount, answers: (() => Promise<CardUpdateResult>)[]) {
  const saves: SaveCardInput[] = [];
  const actor = createActor(
    paymentMethodMachine.provide({
      actors: {
        loadAccount: fromPromise<PaymentMethodAccount, { userUid: string }>(async () => account),
        saveCard: fromPromise<CardUpdateResult, SaveCardInput>(async ({ input }) => {
          saves.push(input);
          return answers.shift()!();
        }),
      },
    }),
    { input: { userUid: 'u-1', sessionGuid: 'key-1', billing } },
  ).start();
  return { actor, saves };
}

describe('change payment method machine', () => {
  it('saves the card once however often it is pressed while saving, then shows the new card', async () => {
    let finish!: (result: CardUpdateResult) => void;
    const { actor, saves } = start({ ...accounts.active, billing: null }, [
      () => new Promise((resolve) => (finish = resolve)),
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'card.entered', card: approved });
    actor.send({ type: 'card.entered', card: approved });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    finish(updates.saved);
    const done = await waitFor(actor, (s) => s.matches('saved'));
    expect(saves).toHaveLength(1);
    expect(saves[0]).toEqual({ userUid: 'u-1', sessionGuid: 'key-1', card: approved, billing });
    expect(done.context.paymentMethod).toEqual(updates.saved.PaymentMethod);
  });

  it('a declined card keeps the old one and lets the person try another', async () => {
    const { actor } = start({ ...accounts.active, billing: null }, [
      () => Promise.resolve(updates.declined),
      () => Promise.resolve(updates.saved),
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'card.entered', card: { ...approved, lastFour: '0002', outcome: 'declined' } });
    const declined = await waitFor(actor, (s) => s.matches('ready') && s.context.declined);
    expect(declined.context.paymentMethod).toEqual(accounts.active.paymentMethod);
    actor.send({ type: 'card.entered', card: approved });
    await waitFor(actor, (s) => s.matches('saved'));
  });

  it('a save that fails is retried with the same key; the old card is kept meanwhile', async () => {
    const { actor, saves } = start({ ...accounts.suspended, billing: null }, [
      () => Promise.reject(new Error('503')),
      () => Promise.resolve(updates.recovered),
    ]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'card.entered', card: approved });
    const failed = await waitFor(actor, (s) => s.matches('saveFailed'));
    expect(failed.context.paymentMethod).toEqual(accounts.suspended.paymentMethod);
    actor.send({ type: 'card.retry' });
    const done = await waitFor(actor, (s) => s.matches('saved'));
    expect(saves.map((s) => s.sessionGuid)).toEqual(['key-1', 'key-1']);
    expect(done.context.result?.Renewal?.Status).toBe('SUCC');
  });

  it('asks for the billing name before saving; the postcode is optional', async () => {
    const { actor, saves } = start({ ...accounts.active, billing: null }, [() => Promise.resolve(updates.saved)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'billing.changed', field: 'lastName', value: '  ' });
    actor.send({ type: 'card.entered', card: approved });
    expect(actor.getSnapshot().context.billingMissing).toBe('lastName');
    expect(saves).toHaveLength(0);
    actor.send({ type: 'billing.changed', field: 'lastName', value: 'Keller' });
    actor.send({ type: 'card.entered', card: approved });
    await waitFor(actor, (s) => s.matches('saved'));
  });

  it('a retried renewal declined again ends in the subscription error; no plan to charge ends in unavailable', async () => {
    const failing = start({ ...accounts.suspended, billing }, [() => Promise.resolve(updates.stillFailing)]);
    await waitFor(failing.actor, (s) => s.matches('ready'));
    failing.actor.send({ type: 'card.entered', card: approved });
    await waitFor(failing.actor, (s) => s.matches('renewalFailed'));
    const none = start({ ...accounts.none, billing: null }, []);
    await waitFor(none.actor, (s) => s.matches('unavailable'));
  });
});

describe('change payment method rules', () => {
  it('a card is changed for a plan that will charge it again, or one whose renewal failed', () => {
    expect(canChangeCardFor(activePlan)).toBe(true);
    expect(canChangeCardFor(suspendedPlan)).toBe(true);
    expect(canChangeCardFor(expiringPlan)).toBe(false);
    expect(canChangeCardFor({ StatusCD: 'ACTV', NextBillingDate: ' ' })).toBe(false);
    expect(canChangeCardFor(null)).toBe(false);
    expect(retriesRenewal(suspendedPlan)).toBe(true);
    expect(retriesRenewal(activePlan)).toBe(false);
  });

  it('names the first missing billing name', () => {
    expect(missingBillingField(billing)).toBeNull();
    expect(missingBillingField({ ...billing, firstName: ' ' })).toBe('firstName');
    expect(missingBillingField({ ...billing, lastName: '' })).toBe('lastName');
  });

  it('reads the outcome of an update', () => {
    expect(wasDeclined(updates.declined)).toBe(true);
    expect(renewalRecovered(updates.recovered)).toBe(true);
    expect(renewalStillFailing(updates.stillFailing)).toBe(true);
    expect(renewalStillFailing(updates.saved)).toBe(false);
  });

  it('takes only the update frame messages from its own origin and window, with a well-formed body', () => {
    const origin = 'https://shop.example';
    const message = (data: unknown, over: Partial<{ origin: string; fromFrameWindow: boolean }> = {}) =>
      readUpdateFrameMessage({ origin, fromFrameWindow: true, data, ...over }, origin);
    const card = { source: 'payment-sandbox', type: 'CARD-READY', payload: approved };
    expect(message(card)).toEqual({ type: 'CARD-READY', payload: approved });
    expect(message(card, { origin: 'https://evil.example' })).toBeNull();
    expect(message(card, { fromFrameWindow: false })).toBeNull();
    expect(message({ ...card, payload: { ...approved, lastFour: '42424' } })).toBeNull();
    expect(message({ ...card, type: 'constructor' })).toBeNull();
    expect(message({ ...card, source: 'other' })).toBeNull();
  });
});
