import type { PathModel } from '../coverage';
import type { PaymentMethodInput } from '../../../machines/payment-method.machine';
import { accounts, updates } from './accountFixtures';

const billing = { firstName: 'Sam', lastName: 'Keller', zipCode: '85001', countryCd: 'US' };
const approved = { cardType: 'VISA', lastFour: '4242', outcome: 'approved' } as const;
const declinedCard = { cardType: 'VISA', lastFour: '0002', outcome: 'declined' } as const;

export const paymentMethodModel: PathModel = {
  inputs: [
    { userUid: '5eed0000-0000-4000-8000-000000000006', sessionGuid: '0b7c1f4e-6a55-4a43-9d4e-2a4f0f3c2b11', billing },
  ] satisfies PaymentMethodInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadAccount', output: { ...accounts.active, billing: null } },
        { type: 'xstate.done.actor.loadAccount', output: { ...accounts.suspended, billing } },
        { type: 'xstate.done.actor.loadAccount', output: { ...accounts.none, billing: null } },
        { type: 'xstate.error.actor.loadAccount', error: new Error('503') },
      ];
    }
    if (snapshot.matches('saving')) {
      return [
        { type: 'xstate.done.actor.saveCard', output: updates.saved },
        { type: 'xstate.done.actor.saveCard', output: updates.declined },
        { type: 'xstate.done.actor.saveCard', output: updates.recovered },
        { type: 'xstate.done.actor.saveCard', output: updates.stillFailing },
        { type: 'xstate.error.actor.saveCard', error: new Error('503') },
      ];
    }
    return [
      { type: 'account.retry' },
      { type: 'billing.changed', field: 'firstName', value: '' },
      { type: 'billing.changed', field: 'firstName', value: 'Sam' },
      { type: 'card.entered', card: approved },
      { type: 'card.entered', card: declinedCard },
      { type: 'card.retry' },
    ];
  },
  // Context grows with every edit: states count as the same by their value and what the page shows.
  serializeState: (s) => {
    const context = s.context as {
      billing: { firstName: string };
      declined: boolean;
      plan: { StatusCD: string } | null;
      card: { outcome: string } | null;
      billingMissing: string | null;
    };
    return JSON.stringify([
      s.value,
      context.billing.firstName === '',
      context.declined,
      context.plan?.StatusCD ?? null,
      context.card?.outcome ?? null,
      context.billingMissing,
    ]);
  },
};
