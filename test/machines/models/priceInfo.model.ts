import type { PathModel } from '../coverage';
import type { PriceInfoContext, PriceInfoInput } from '../../../machines/price-info.machine';
import type { PayPerOption } from '../../../machines/price-info.rules';

export const payPerOption: PayPerOption = {
  skuId: 103,
  label: 'Annual Access',
  formattedPrice: '$59.40',
  scheduleTypeCD: 'YRLY',
  duration: 1,
};
export const priceInfoInput: PriceInfoInput = { device: 'Desktop' };

export const priceInfoModel: PathModel = {
  inputs: [priceInfoInput],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadPayPerOption', output: payPerOption },
        { type: 'xstate.done.actor.loadPayPerOption', output: null },
        { type: 'xstate.error.actor.loadPayPerOption', error: new Error('503') },
        { type: 'priceInfo.close' },
      ];
    }
    return [{ type: 'priceInfo.choose' }, { type: 'priceInfo.close' }, { type: 'priceInfo.retry' }];
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      option: (snapshot.context as PriceInfoContext).option !== null,
    }),
};
