import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { serviceOffersMachine, type ServiceOffersOutput } from '../../machines/service-offers.machine';
import {
  hasOffers,
  isOfferedSku,
  serviceOffersOf,
  type OfferSku,
  type ServiceOffer,
} from '../../machines/service-offers.rules';
import { provideServiceOffers } from '../../src/features/services/service-offers-effects';
import type { Api } from '../../src/api';
import { outage, usOffers } from './models/serviceOffers.model';
import { hrefOfDestination, type Destination } from '../../src/routing/route-target';

const sku = (SkuID: number, ProductID: string, FormattedUnitPrice = '$10.00'): OfferSku => ({
  SkuID,
  ProductID,
  FormattedUnitPrice,
});

describe('service offers rules', () => {
  const catalogue = [
    sku(1, 'RSMBLD'),
    sku(2, 'CLWRIT'),
    sku(3, 'RSMRVW', '$19.95'),
    sku(4, 'RSTUNE'),
    sku(5, 'RSWRIT-UK'),
    sku(6, 'RSMRVW', '$29.95'),
    sku(7, 'BOLDPRO'),
  ];

  it('offers each service of the market once, with its first SKU, in the order of the page', () => {
    expect(serviceOffersOf(catalogue, 'offers').map((o) => [o.kind, o.skuId])).toEqual([
      ['resumeReview', 3],
      ['tuneUp', 4],
      ['resumeWriting', 5],
      ['coverLetterWriting', 2],
    ]);
    expect(serviceOffersOf(catalogue, 'offers')[0]!.formattedPrice).toBe('$19.95');
  });

  it('after the big-interview order, the services that prepare the interview come first', () => {
    expect(serviceOffersOf(catalogue, 'bigInterview').map((o) => o.kind)).toEqual([
      'tuneUp',
      'resumeReview',
      'coverLetterWriting',
      'resumeWriting',
    ]);
  });

  it('a market without services has no offers; only an offered SKU can be added', () => {
    expect(serviceOffersOf([sku(1, 'RSMBLD')], 'offers')).toEqual([]);
    expect(hasOffers([])).toBe(false);
    expect(hasOffers(usOffers)).toBe(true);
    expect(isOfferedSku(usOffers, 120)).toBe(true);
    expect(isOfferedSku(usOffers, 7)).toBe(false);
  });
});

function start(load: () => Promise<ServiceOffer[]>) {
  const left: ServiceOffersOutput[] = [];
  let loads = 0;
  const machine = serviceOffersMachine.provide({
    actors: { loadOffers: fromPromise(async () => (loads++, load())) },
    actions: { leaveOffers: (_, output) => left.push(output) },
  });
  const actor = createActor(machine, { input: { userUid: 'u-1', page: 'offers' } }).start();
  return { actor, left, loads: () => loads };
}

describe('serviceOffers machine', () => {
  it('adds an offered service: checkout of that SKU, once', async () => {
    const { actor, left } = start(async () => usOffers);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'offers.add', skuId: 999 });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'offers.add', skuId: 121 });
    actor.send({ type: 'offers.add', skuId: 120 });
    expect(left).toEqual([{ next: 'checkout', skuId: 121 }]);
    expect(actor.getSnapshot().output).toEqual({ next: 'checkout', skuId: 121 });
  });

  it('a failed load offers a retry and the dashboard; the retry loads again', async () => {
    let attempt = 0;
    const { actor, left, loads } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw outage;
      return usOffers;
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().can({ type: 'offers.skip' })).toBe(true);
    actor.send({ type: 'offers.retry' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(loads()).toBe(2);
    actor.send({ type: 'offers.skip' });
    expect(left).toEqual([{ next: 'dashboard' }]);
  });

  it('the app reads the catalogue of the person and leads to the (mobile) checkout or the dashboard', async () => {
    const asked: unknown[] = [];
    const went: string[] = [];
    const api = {
      skus: {
        list: async (query: unknown) => {
          asked.push(query);
          return { Skus: [{ ...sku(31, 'RSTUNE', '$49.95'), IsAccessPlan: false }, sku(32, 'RSMRVW', '$19.95')] };
        },
      },
    } as unknown as Pick<Api, 'skus'>;
    const machine = provideServiceOffers({
      api,
      navigation: { go: (destination: Destination) => went.push(hrefOfDestination(destination)) },
      dashboardUrl: '/dashboard',
      mobile: true,
    });
    const actor = createActor(machine, { input: { userUid: 'u-9', page: 'bigInterview' } }).start();
    const shown = await waitFor(actor, (s) => s.matches('choosing'));
    expect(asked).toEqual([{ userUID: 'u-9' }]);
    expect(shown.context.offers.map((o) => o.skuId)).toEqual([31, 32]);
    actor.send({ type: 'offers.add', skuId: 32 });
    expect(went).toEqual(['/payment/mobile/checkout?skuid=32']);
  });
});
