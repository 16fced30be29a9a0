import type { PathModel } from '../coverage';
import type { WinbackData, WinbackInput } from '../../../machines/winback.machine';

const monthly = {
  skuId: 130,
  label: 'Welcome-Back Monthly',
  price: 11.95,
  currency: 'USD',
  scheduleTypeCd: 'MNTH',
  duration: 1,
  discountPercent: 50,
};
const annual = {
  skuId: 131,
  label: 'Welcome-Back Annual',
  price: 39,
  currency: 'USD',
  scheduleTypeCd: 'YRLY',
  duration: 1,
  discountPercent: 86,
};
const eligible: WinbackData = {
  standing: 'eligible',
  expiring: false,
  cancellationDays: 50,
  offers: [monthly, annual],
};

export const winbackModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000005' }] satisfies WinbackInput[],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadWinback', output: eligible },
        {
          type: 'xstate.done.actor.loadWinback',
          output: { standing: 'active', expiring: false, cancellationDays: null, offers: [] } satisfies WinbackData,
        },
        {
          type: 'xstate.done.actor.loadWinback',
          output: { standing: 'redeemed', expiring: false, cancellationDays: null, offers: [] } satisfies WinbackData,
        },
        {
          type: 'xstate.done.actor.loadWinback',
          output: {
            standing: 'notEligible',
            expiring: false,
            cancellationDays: null,
            offers: [],
          } satisfies WinbackData,
        },
        // In the audience, but no offer covers their days: told so like someone outside it.
        {
          type: 'xstate.done.actor.loadWinback',
          output: { standing: 'eligible', expiring: false, cancellationDays: 4000, offers: [] } satisfies WinbackData,
        },
        { type: 'xstate.error.actor.loadWinback', error: new Error('503') },
      ];
    }
    return [
      { type: 'winback.retry' },
      { type: 'winback.choose', skuId: annual.skuId },
      // A SKU that is not one of the offers is refused by the guard.
      { type: 'winback.choose', skuId: 999 },
      { type: 'winback.plans' },
      { type: 'winback.settings' },
    ];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as { data: WinbackData | null; chosenSkuId: number | null };
    return JSON.stringify({
      value: snapshot.value,
      standing: context.data?.standing ?? null,
      offers: context.data?.offers.length ?? null,
      chosen: context.chosenSkuId,
      status: snapshot.status,
    });
  },
};
