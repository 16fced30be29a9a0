import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CheckoutFrameActor } from '../../machines/checkout-frame.machine';
import { priceInfoMachine } from '../../machines/price-info.machine';
import {
  isPayPerPlan,
  payPerOptionOf,
  periodKeyOf,
  type PayPerOption,
  type PriceSku,
} from '../../machines/price-info.rules';
import {
  upsellOffersMachine,
  type StoredSurveyAnswer,
  type SurveyAnswerInput,
} from '../../machines/upsell-offers.machine';
import {
  asksSurvey,
  canAddOffer,
  isSurveyReason,
  offersPath,
  statusOf,
  surveyKey,
  SURVEY_REASONS,
} from '../../machines/upsell-offers.rules';
import { chargeOfFrame, upsellSequenceMachine, type ChargeAddOnInput } from '../../machines/upsell-sequence.machine';
import {
  chargeKey,
  includedInPlan,
  OFFER_ORDER,
  OFFER_PRODUCTS,
  offerPath,
  orderOffers,
  type AddOnCharge,
  type OfferSku,
} from '../../machines/upsell-sequence.rules';
import { generatePaths } from '../paths/generate';
import { offersData, offersInput, surveyInput, upsellOffersModel } from './models/upsellOffers.model';
import { upsellCatalogue, upsellData, upsellInput } from './models/upsellSequence.model';

const paid: AddOnCharge = {
  status: 'SUCC',
  transactionId: 7001,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
  failureCode: null,
};
const declined: AddOnCharge = {
  status: 'FAIL',
  transactionId: null,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
  failureCode: 'card_declined',
};
const framePaid = {
  kind: 'paid' as const,
  payment: {
    transactionId: 7009,
    subscriptionId: null,
    skuId: 121,
    amount: 9.95,
    currency: 'USD',
    replayed: false,
    paymentMethod: 'CRCD',
    cardType: 'MASTERCARD',
  },
};
const sku = (offer: OfferSku['offer'], skuId: number): OfferSku => ({
  offer,
  skuId,
  label: offer,
  price: 4.95,
  formattedPrice: '$4.95',
  currencyCD: 'USD',
  skuTypeCD: 'SING',
});

describe('the calm, feedback-tool and AI-tool offers', () => {
  it('are sold under their own upsell codes of §9 and have pages of their own', () => {
    const codes = ['SCF', 'DRR', 'PRO', 'BIF', 'FJB', 'CLB', 'RTR', 'CUF', 'RCF', 'FTF', 'ATF'];
    for (const offer of OFFER_ORDER) expect(codes).toContain(OFFER_PRODUCTS[offer].upsellCode);
    expect(new Set(OFFER_ORDER.map((o) => OFFER_PRODUCTS[o].upsellCode)).size).toBe(OFFER_ORDER.length);
    expect([
      OFFER_PRODUCTS.calm.upsellCode,
      OFFER_PRODUCTS.feedbackTool.upsellCode,
      OFFER_PRODUCTS.aiTool.upsellCode,
    ]).toEqual(['CUF', 'FTF', 'ATF']);
    expect([offerPath('calm', 'Mobile'), offerPath('feedbackTool', 'Desktop'), offerPath('aiTool', 'Desktop')]).toEqual(
      ['upsell/calm', 'feedback-tool', 'ai-tool'],
    );
  });

  it('offers the friend feedback tool only after a plan that leaves it out (the limited one) or an unknown tier', () => {
    expect(includedInPlan('feedbackTool', 'fullAccess')).toBe(true);
    expect(includedInPlan('feedbackTool', 'annualAccess')).toBe(true);
    expect(includedInPlan('feedbackTool', 'limitedAccess')).toBe(false);
    expect(includedInPlan('feedbackTool', null)).toBe(false);
    expect(includedInPlan('aiTool', 'fullAccess')).toBe(false);
    const data = { ...upsellData, available: [sku('feedbackTool', 127), sku('aiTool', 128)] };
    const only = (offer: 'feedbackTool') => ({ ...upsellInput.purchase, only: offer });
    expect(orderOffers(only('feedbackTool'), data, [])).toEqual([]);
    expect(
      orderOffers(only('feedbackTool'), { ...data, order: { ...data.order!, planTier: 'limitedAccess' } }, []).map(
        (o) => o.offer,
      ),
    ).toEqual(['feedbackTool']);
    // After the first four, the new offers fill the places of those already owned.
    const all = {
      ...upsellData,
      available: [...upsellCatalogue, sku('calm', 126), sku('aiTool', 128)],
      ownedProducts: ['RSMRVW', 'BOLDPRO'],
    };
    expect(orderOffers(upsellInput.purchase, all, []).map((o) => o.offer)).toEqual([
      'socialCard',
      'coverLetter',
      'calm',
      'aiTool',
    ]);
  });

  it('a payment in the card frame is the add-on charge it stands for', () => {
    expect(chargeOfFrame(framePaid)).toEqual({
      status: 'SUCC',
      transactionId: 7009,
      paymentMethod: 'CRCD',
      cardType: 'MASTERCARD',
      failureCode: null,
    });
    expect(chargeOfFrame({ kind: 'redirect', url: 'http://x/apm' }).status).toBe('FAIL');
  });

  it('a declined one-click charge offers the card frame under the same key; paid there, the offer is Taken', async () => {
    const keys: string[] = [];
    const actor = createActor(
      upsellSequenceMachine.provide({
        actors: {
          loadSequence: fromPromise(async () => ({ ...upsellData, available: [sku('aiTool', 128)] })),
          chargeAddOn: fromPromise<AddOnCharge, ChargeAddOnInput>(async ({ input }) => {
            keys.push(input.key);
            return declined;
          }),
        },
      }),
      { input: { ...upsellInput, purchase: { ...upsellInput.purchase, only: 'aiTool' } } },
    ).start();
    await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
    actor.send({ type: 'offer.take' });
    await waitFor(actor, (s) => s.matches({ offer: 'declined' }));
    const frame = actor.getSnapshot().children.cardFrame as CheckoutFrameActor;
    expect(frame.getSnapshot().context).toMatchObject({
      skuId: 128,
      sessionGuid: keys[0],
      frameOrigin: upsellInput.frameOrigin,
    });
    // The frame reports the good card's payment (its loaded and paid messages, as the page passes them on).
    frame.send({ type: 'frame.loaded', skuId: 128, sessionGuid: keys[0]! });
    frame.send({ type: 'frame.paymentSucceeded', payment: { ...framePaid.payment, skuId: 128 } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output!.taken).toEqual([{ offer: 'aiTool', skuId: 128, transactionId: 7009 }]);
    expect(keys).toEqual([chargeKey(upsellInput.purchase.sequenceId, 'aiTool')]);
  });
});

describe('upsell offers page rules', () => {
  it('adds an offer on the page while it is not taken; skipping with nothing added asks why, once', () => {
    const offers = [sku('resumeReview', 120), sku('boldPro', 121)];
    expect(canAddOffer(offers, {}, 'boldPro')).toBe(true);
    expect(canAddOffer(offers, { boldPro: 'declined' }, 'boldPro')).toBe(true);
    expect(canAddOffer(offers, { boldPro: 'taken' }, 'boldPro')).toBe(false);
    expect(canAddOffer(offers, {}, 'calm')).toBe(false);
    expect(statusOf({}, 'calm')).toBe('shown');
    expect(asksSurvey(0, 2, false)).toBe(true);
    expect(asksSurvey(1, 2, false)).toBe(false);
    expect(asksSurvey(0, 0, false)).toBe(false);
    expect(asksSurvey(0, 2, true)).toBe(false);
    expect(isSurveyReason('tooExpensive')).toBe(true);
    expect(isSurveyReason('constructor')).toBe(false);
    expect(SURVEY_REASONS).toHaveLength(5);
    expect(offersPath('Mobile')).toBe('mobile/upsell/multiple-offers');
    expect(offersPath('Desktop')).toBe('upsell/offers');
  });

  it('one survey key per sequence, apart from every add-on key', () => {
    const id = upsellInput.purchase.sequenceId;
    expect(surveyKey(id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(surveyKey(id)).toBe(surveyKey(id));
    for (const offer of OFFER_ORDER) expect(chargeKey(id, offer)).not.toBe(surveyKey(id));
  });
});

describe('upsell offers machine', () => {
  it('generated paths include skipping everything to a stored survey answer, and adding one then going on', () => {
    const paths = generatePaths(upsellOffersMachine, upsellOffersModel).map((p) =>
      p.events.map((e) => e.type).join(' '),
    );
    expect(paths).toContain(
      'xstate.done.actor.loadSequence offers.skip survey.choose survey.submit xstate.done.actor.saveSurveyAnswer',
    );
    expect(paths.some((p) => p.includes('xstate.done.actor.chargeAddOn offers.skip'))).toBe(true);
  });

  it('stores the survey answer with the sequence key and ends; a lost answer leaves the survey for a retry', async () => {
    const sent: SurveyAnswerInput[] = [];
    let fail = true;
    const actor = createActor(
      upsellOffersMachine.provide({
        actors: {
          loadSequence: fromPromise(async () => offersData),
          saveSurveyAnswer: fromPromise<StoredSurveyAnswer, SurveyAnswerInput>(async ({ input }) => {
            sent.push(input);
            if (fail) throw new Error('503');
            return { answerId: 1, reason: 'notNeeded' };
          }),
        },
      }),
      { input: offersInput },
    ).start();
    await waitFor(actor, (s) => s.matches({ choosing: 'idle' }));
    actor.send({ type: 'offers.skip' });
    expect(actor.getSnapshot().matches('survey')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'survey.submit' })).toBe(false);
    actor.send({ type: 'survey.choose', reason: 'notNeeded' });
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (s) => s.matches('survey') && s.context.surveyFailed);
    fail = false;
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent.map((s) => s.key)).toEqual([
      surveyKey(offersInput.purchase.sequenceId),
      surveyKey(offersInput.purchase.sequenceId),
    ]);
    expect(actor.getSnapshot().output!.skipped).toEqual(['resumeReview', 'boldPro']);
  });

  it('adds one offer (one key each), declines another into the card frame, and leads on without the survey', async () => {
    const keys: string[] = [];
    const announced: string[][] = [];
    const actor = createActor(
      upsellOffersMachine.provide({
        actions: { announceOffers: (_, { offers }) => void announced.push(offers) },
        actors: {
          loadSequence: fromPromise(async () => offersData),
          chargeAddOn: fromPromise<AddOnCharge, ChargeAddOnInput>(async ({ input }) => {
            keys.push(input.key);
            return input.sku.offer === 'boldPro' ? declined : paid;
          }),
        },
      }),
      { input: offersInput },
    ).start();
    await waitFor(actor, (s) => s.matches({ choosing: 'idle' }));
    expect(announced).toEqual([actor.getSnapshot().context.offers.map((sku) => sku.offer)]);
    expect(announced[0]).toContain('resumeReview');
    actor.send({ type: 'offers.add', offer: 'resumeReview' });
    await waitFor(actor, (s) => s.matches({ choosing: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'offers.add', offer: 'resumeReview' })).toBe(false);
    actor.send({ type: 'offers.add', offer: 'boldPro' });
    await waitFor(actor, (s) => s.matches({ choosing: 'declined' }));
    expect(actor.getSnapshot().children.cardFrame).toBeDefined();
    actor.send({ type: 'offers.skip' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output!.taken.map((t) => t.offer)).toEqual(['resumeReview']);
    expect(keys).toEqual([
      chargeKey(offersInput.purchase.sequenceId, 'resumeReview'),
      chargeKey(offersInput.purchase.sequenceId, 'boldPro'),
    ]);
    // Coming back to the list after a charge does not show the offers again.
    expect(announced).toHaveLength(1);
  });

  it('the survey page opened on its own asks at once', async () => {
    const actor = createActor(
      upsellOffersMachine.provide({ actors: { loadSequence: fromPromise(async () => offersData) } }),
      { input: surveyInput },
    ).start();
    await waitFor(actor, (s) => s.matches('survey'));
  });
});

describe('pay-per price information', () => {
  const base: PriceSku = {
    SkuID: 1,
    Label: 'x',
    PlanTier: 'fullAccess',
    PlanKind: 'Trial',
    SubscriptionTypeCD: 'AUTO',
    ScheduleTypeCD: 'DAYS',
    Duration: 14,
    UnitPrice: 23.95,
    FormattedUnitPrice: '$23.95',
    CurrencyCD: 'USD',
  };
  const annual: PriceSku = {
    ...base,
    SkuID: 103,
    Label: 'Annual Access',
    PlanTier: 'annualAccess',
    PlanKind: 'AnnualNonRecurring',
    SubscriptionTypeCD: 'EXPR',
    ScheduleTypeCD: 'YRLY',
    Duration: 1,
    FormattedUnitPrice: '$59.40',
    IsSellPagePlan: true,
  };
  it('the one-time option is an access plan paid once that does not renew', () => {
    expect(isPayPerPlan(annual)).toBe(true);
    expect(isPayPerPlan(base)).toBe(false);
    expect(isPayPerPlan({ ...annual, PlanTier: null })).toBe(false);
    expect(isPayPerPlan({ ...annual, SubscriptionTypeCD: 'AUTO' })).toBe(false);
    expect(payPerOptionOf([base, annual])).toEqual({
      skuId: 103,
      label: 'Annual Access',
      formattedPrice: '$59.40',
      scheduleTypeCD: 'YRLY',
      duration: 1,
    });
    expect(payPerOptionOf([base])).toBeNull();
    expect(periodKeyOf({ scheduleTypeCD: 'YRLY', duration: 1 })).toEqual({ key: 'year', count: 1 });
    expect(periodKeyOf({ scheduleTypeCD: 'SEMI', duration: 1 })).toEqual({ key: 'months', count: 6 });
  });

  it('choosing leads to the checkout of the option; closing, even while loading, leads back', async () => {
    const option = payPerOptionOf([annual])!;
    const chosen = createActor(
      priceInfoMachine.provide({
        actors: { loadPayPerOption: fromPromise<PayPerOption | null, void>(async () => option) },
      }),
      { input: { device: 'Mobile' } },
    ).start();
    await waitFor(chosen, (s) => s.matches('shown'));
    chosen.send({ type: 'priceInfo.choose' });
    expect(chosen.getSnapshot().output).toEqual({ kind: 'checkout', skuId: 103, device: 'Mobile' });
    const closed = createActor(
      priceInfoMachine.provide({
        actors: { loadPayPerOption: fromPromise<PayPerOption | null, void>(() => new Promise<never>(() => undefined)) },
      }),
      { input: { device: 'Desktop' } },
    ).start();
    closed.send({ type: 'priceInfo.close' });
    expect(closed.getSnapshot().output).toEqual({ kind: 'closed' });
  });
});
