import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  upsellSequenceMachine,
  type ChargeAddOnInput,
  type UpsellSequenceInput,
  type UpsellSequenceOutput,
} from '../../machines/upsell-sequence.machine';
import {
  chargeKey,
  featureTexts,
  offerFeatureTexts,
  progressStepOf,
  skipLeads,
  flowOf,
  offerPath,
  OFFER_SETTLE_MS,
  orderOffers,
  reviewCtaStrategyOf,
  upsellEventName,
  addedAddOnOf,
  type AddedAddOn,
  type AddOnCharge,
  type SequenceData,
} from '../../machines/upsell-sequence.rules';
import type { Sku } from '../../src/api/schemas/skus';
import i18next from 'i18next';
import {
  addedSentence,
  availableOffers,
  readSequenceRecord,
  recordIdOf,
  sequenceEnd,
} from '../../src/features/upsell/upsell-effects';
import { hrefOfDestination } from '../../src/routing/route-target';
import { generatePaths } from '../paths/generate';
import {
  OFFER_SETTLED,
  upsellCatalogue,
  upsellData,
  upsellInput,
  upsellSequenceModel,
} from './models/upsellSequence.model';

const paid = (n: number): AddOnCharge => ({
  status: 'SUCC',
  transactionId: 7000 + n,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
  failureCode: null,
});
const declined: AddOnCharge = {
  status: 'FAIL',
  transactionId: null,
  paymentMethod: 'CRCD',
  cardType: 'VISA',
  failureCode: 'card_declined',
};

describe('upsell sequence rules', () => {
  it('orders the add-ons after a plan, at most four, none owned or already answered', () => {
    const purchase = upsellInput.purchase;
    expect(orderOffers(purchase, upsellData, []).map((o) => o.offer)).toEqual([
      'resumeReview',
      'boldPro',
      'socialCard',
      'coverLetter',
    ]);
    expect(orderOffers(purchase, { ...upsellData, ownedProducts: ['rsmrvw'] }, []).map((o) => o.offer)).toEqual([
      'boldPro',
      'socialCard',
      'coverLetter',
    ]);
    expect(orderOffers(purchase, upsellData, [{ offer: 'boldPro', state: 'Skipped' }]).map((o) => o.offer)).toEqual([
      'resumeReview',
      'socialCard',
      'coverLetter',
    ]);
    const withWriting = [...upsellCatalogue, { ...upsellCatalogue[0]!, offer: 'resumeWriting' as const, skuId: 124 }];
    expect(orderOffers(purchase, { ...upsellData, available: withWriting }, [])).toHaveLength(4);
    expect(
      orderOffers(purchase, { ...upsellData, available: withWriting, ownedProducts: ['SOCCARD'] }, []).map(
        (o) => o.offer,
      ),
    ).toContain('resumeWriting');
    // A reload after taking and skipping keeps the sequence to its first four: no fifth offer slides in.
    const answered = [
      { offer: 'resumeReview', state: 'Skipped' },
      { offer: 'boldPro', state: 'Skipped' },
      { offer: 'socialCard', state: 'Taken' },
      { offer: 'coverLetter', state: 'Skipped' },
    ] as const;
    expect(
      orderOffers(purchase, { ...upsellData, available: withWriting, ownedProducts: ['SOCCARD'] }, answered),
    ).toEqual([]);
    expect(
      orderOffers(
        { ...purchase, device: 'Mobile' },
        { ...upsellData, available: withWriting, ownedProducts: ['SOCCARD'] },
        [],
      ).map((o) => o.offer),
    ).not.toContain('resumeWriting');
    expect(orderOffers({ ...purchase, only: 'socialCard' }, upsellData, []).map((o) => o.offer)).toEqual([
      'socialCard',
    ]);
    // An add-on bought on its own is followed by nothing.
    expect(orderOffers(purchase, { ...upsellData, order: { ...upsellData.order!, productId: 'RSMRVW' } }, [])).toEqual(
      [],
    );
    expect(orderOffers(purchase, { ...upsellData, order: null }, [])).toEqual([]);
  });

  it('names the pages, the event, the CTA strategy, the feature texts and one key per offer and sequence', () => {
    expect(offerPath('resumeReview', 'Mobile')).toBe('mobile/upsell/resume-review');
    expect(offerPath('coverLetter', 'Desktop')).toBe('cover-letter-addon');
    expect(upsellEventName('initial', 'SUBS')).toBe('purchased initial');
    expect(upsellEventName('save', 'SUBS')).toBe('purchased save offer');
    expect(upsellEventName('initial', 'REBT')).toBe('purchased winback');
    expect(flowOf(null, 'winback')).toBe('winback');
    expect(reviewCtaStrategyOf('skipPurchase')).toBe('skipPurchase');
    expect(reviewCtaStrategyOf('nonsense')).toBe('purchaseReview');
    expect(featureTexts(null)).toHaveLength(3);
    expect(featureTexts(3)).toContain('oneTime_Offer');
    expect(featureTexts(8)).toContain('joinFastestGrowingNetwork');
    expect(featureTexts(6)).not.toContain('joinFastestGrowingNetwork');
    expect(offerFeatureTexts('boldPro', 8)).toEqual(featureTexts(8));
    expect(offerFeatureTexts('socialCard', 8)).toEqual([]);
    expect(skipLeads('resumeReview', 'skipPurchase')).toBe(true);
    expect(skipLeads('resumeReview', 'purchaseReview')).toBe(false);
    expect(skipLeads('boldPro', 'skipPurchase')).toBe(false);
    expect(progressStepOf(0, 0)).toBe(0);
    expect(progressStepOf(1, 2)).toBe(3);
    expect(progressStepOf(3, 2)).toBe(3);
    const a = chargeKey(upsellInput.purchase.sequenceId, 'boldPro');
    expect(a).toBe(chargeKey(upsellInput.purchase.sequenceId, 'boldPro'));
    expect(a).not.toBe(chargeKey(upsellInput.purchase.sequenceId, 'socialCard'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

function start(
  options: {
    charge?: (input: ChargeAddOnInput, n: number) => Promise<AddOnCharge>;
    data?: SequenceData;
    input?: UpsellSequenceInput;
  } = {},
) {
  const calls = {
    charges: [] as ChargeAddOnInput[],
    shown: [] as string[],
    events: [] as { eventName: string; props: Record<string, unknown> }[],
    left: [] as UpsellSequenceOutput[],
    decisions: [] as unknown[],
    added: [] as AddedAddOn[],
  };
  const machine = upsellSequenceMachine.provide({
    actors: {
      loadSequence: fromPromise(async () => options.data ?? upsellData),
      chargeAddOn: fromPromise(async ({ input }: { input: ChargeAddOnInput }) => {
        calls.charges.push(input);
        return options.charge ? options.charge(input, calls.charges.length) : paid(calls.charges.length);
      }),
    },
    actions: {
      showOffer: (_, shown) => calls.shown.push(`${shown.step}:${shown.path}`),
      trackUpsellPurchase: (_, event) => calls.events.push(event),
      announceAdded: (_, added) => calls.added.push(added),
      rememberDecision: (_, decision) => calls.decisions.push(decision),
      leaveSequence: (_, output) => calls.left.push(output),
    },
  });
  return { actor: createActor(machine, { input: options.input ?? upsellInput }).start(), calls };
}

describe('upsellSequence machine', () => {
  it('skip everything: every offer shown once, in order, on the four-step bar; nothing charged', async () => {
    const { actor, calls } = start();
    for (let i = 0; i < 4; i += 1) {
      await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
      actor.send({ type: 'offer.skip' });
    }
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.shown).toEqual([
      '0:upsell/resume-review',
      '1:upsell/bold-pro',
      '2:upsell/social-card',
      '3:cover-letter-addon',
    ]);
    expect(calls.charges).toEqual([]);
    expect(calls.left).toEqual([
      {
        purchase: upsellInput.purchase,
        order: upsellData.order,
        taken: [],
        skipped: ['resumeReview', 'boldPro', 'socialCard', 'coverLetter'],
        leftEarly: false,
      },
    ]);
  });

  it('take everything: one charge per offer with its own key, each reported with its upsell code', async () => {
    const { actor, calls } = start();
    for (let i = 0; i < 4; i += 1) {
      await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
      actor.send({ type: 'offer.take' });
      // A second press while the charge runs does nothing.
      actor.send({ type: 'offer.take' });
    }
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.charges.map((c) => c.sku.offer)).toEqual(['resumeReview', 'boldPro', 'socialCard', 'coverLetter']);
    expect(new Set(calls.charges.map((c) => c.key)).size).toBe(4);
    expect(calls.charges.every((c) => c.orderId === 9001)).toBe(true);
    expect(calls.events.map((e) => [e.eventName, e.props.upsellCode, e.props.TransactionID])).toEqual([
      ['purchased initial', 'DRR', 7001],
      ['purchased initial', 'PRO', 7002],
      ['purchased initial', 'SCF', 7003],
      ['purchased initial', 'CLB', 7004],
    ]);
    expect(calls.left[0]!.taken.map((t) => t.offer)).toEqual(['resumeReview', 'boldPro', 'socialCard', 'coverLetter']);
  });

  it('the first offer after the page opens can be added at once: no earlier press of the page to absorb', async () => {
    const { actor, calls } = start();
    const first = await waitFor(actor, (s) => s.matches('offer'));
    expect(first.matches({ offer: 'shown' })).toBe(true);
    expect(first.can({ type: 'offer.take' })).toBe(true);
    expect(first.can({ type: 'offer.skip' })).toBe(true);
    actor.send({ type: 'offer.take' });
    await waitFor(actor, (s) => s.context.index === 1);
    expect(calls.charges.map((c) => c.sku.offer)).toEqual(['resumeReview']);
    actor.stop();
  });

  it('tells the person what was added, for how much and on which card, before the next offer', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
    actor.send({ type: 'offer.take' });
    await waitFor(actor, (s) => s.matches({ offer: 'settling' }) && s.context.index === 1);
    expect(calls.added).toEqual([
      {
        offer: 'resumeReview',
        amount: 19.95,
        currencyCD: 'USD',
        paymentMethod: 'CRCD',
        cardType: 'VISA',
        lastFour: '4242',
      },
    ]);
    actor.send({ type: 'sequence.leave' });
    // Nothing is announced for what was skipped or left.
    expect(calls.added).toHaveLength(1);
  });

  it('an offer just drawn decides nothing until it has settled: a double click buys one add-on, not the next one too', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
    actor.send({ type: 'offer.take' });
    const next = await waitFor(actor, (s) => s.matches({ offer: 'settling' }) && s.context.index === 1);
    const drawnAt = Date.now();
    expect(next.can({ type: 'sequence.leave' })).toBe(true);
    // The second half of the double click, and a skip, land on the next offer while it settles.
    actor.send({ type: 'offer.take' });
    actor.send({ type: 'offer.skip' });
    expect(actor.getSnapshot().matches({ offer: 'settling' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
    expect(Date.now() - drawnAt).toBeGreaterThanOrEqual(OFFER_SETTLE_MS - 20);
    expect(calls.charges.map((c) => c.sku.offer)).toEqual(['resumeReview']);
    expect(actor.getSnapshot().context.skipped).toEqual([]);
    actor.send({ type: 'offer.take' });
    await waitFor(actor, (s) => s.matches({ offer: 'settling' }) && s.context.index === 2);
    expect(calls.charges.map((c) => c.sku.offer)).toEqual(['resumeReview', 'boldPro']);
    actor.stop();
  });

  it('a decline keeps the offer for another try with the same key; skip and the dashboard stay open', async () => {
    const { actor, calls } = start({ charge: async (_, n) => (n === 1 ? declined : paid(n)) });
    await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
    actor.send({ type: 'offer.take' });
    const s = await waitFor(actor, (x) => x.matches({ offer: 'declined' }));
    expect(s.can({ type: 'offer.skip' })).toBe(true);
    expect(s.can({ type: 'sequence.leave' })).toBe(true);
    actor.send({ type: 'offer.take' });
    await waitFor(actor, (x) => x.matches({ offer: 'shown' }) && x.context.index === 1);
    expect(calls.charges[0]!.key).toBe(calls.charges[1]!.key);
    actor.send({ type: 'sequence.leave' });
    expect(calls.left[0]).toMatchObject({ leftEarly: true, taken: [{ offer: 'resumeReview', transactionId: 7002 }] });
  });

  it('a server that does not answer: the offer stays with a retry, the dashboard one move away', async () => {
    const { actor, calls } = start({ charge: async () => Promise.reject(new Error('503')) });
    await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
    actor.send({ type: 'offer.take' });
    await waitFor(actor, (x) => x.matches({ offer: 'chargeFailed' }));
    actor.send({ type: 'sequence.leave' });
    expect(calls.left[0]).toMatchObject({ leftEarly: true, taken: [] });
  });

  it('after a reload the offers already answered are not shown again', async () => {
    const { actor, calls } = start({
      input: {
        ...upsellInput,
        decided: [
          { offer: 'resumeReview', state: 'Skipped' },
          { offer: 'boldPro', state: 'Taken' },
        ],
      },
    });
    await waitFor(actor, (s) => s.matches({ offer: 'shown' }));
    expect(calls.shown).toEqual(['2:upsell/social-card']);
  });

  it('the generated paths include skip-everything and take-everything', () => {
    const names = generatePaths(upsellSequenceMachine, upsellSequenceModel).map((p) =>
      p.events.map((e) => e.type).join(' '),
    );
    // The first offer follows the load, not a press: it settles only after a take or a skip.
    const skipAll = ['offer.skip', ...Array(3).fill(`${OFFER_SETTLED} offer.skip`)].join(' ');
    const takeAll = [
      'offer.take xstate.done.actor.chargeAddOn',
      ...Array(3).fill(`${OFFER_SETTLED} offer.take xstate.done.actor.chargeAddOn`),
    ].join(' ');
    expect(names).toContain(`xstate.done.actor.loadSequence ${skipAll}`);
    expect(names).toContain(`xstate.done.actor.loadSequence ${takeAll}`);
  });
});

describe('upsell sequence effects', () => {
  const output = (
    taken: { offer: 'resumeReview' | 'boldPro' | 'socialCard' | 'coverLetter'; transactionId: number }[],
    device: 'Desktop' | 'Mobile' = 'Desktop',
    docType: string | null = null,
  ) => ({
    purchase: { ...upsellInput.purchase, device, docType },
    order: upsellData.order,
    taken: taken.map((t) => ({ ...t, skuId: 100 })),
  });
  const urls = { dashboardUrl: '/dashboard' };
  const sequenceEndUrl = (...a: Parameters<typeof sequenceEnd>) => hrefOfDestination(sequenceEnd(...a));

  it('ends where the post-payment rules send the first add-on taken, else on the dashboard', () => {
    expect(sequenceEndUrl(output([]), urls)).toBe('/dashboard');
    // A service's order confirmation enters the sequence too: with nothing taken it ends on the dashboard, never back there.
    expect(sequenceEndUrl({ ...output([]), order: { ...upsellData.order!, productId: 'RSWRIT' } }, urls)).toBe(
      '/dashboard',
    );
    expect(sequenceEndUrl(output([], 'Mobile'), urls)).toBe('/dashboard?device=mobile');
    expect(sequenceEndUrl(output([], 'Desktop', 'LETR'), urls)).toBe('/dashboard?doctype=LETR');
    expect(sequenceEndUrl(output([{ offer: 'socialCard', transactionId: 5 }]), urls)).toBe('/dashboard');
    expect(sequenceEndUrl(output([{ offer: 'resumeReview', transactionId: 5 }]), urls)).toBe(
      '/payment/resume-review?orderid=5&skuid=100&from=upsell',
    );
    expect(sequenceEndUrl(output([{ offer: 'resumeReview', transactionId: 5 }], 'Mobile'), urls)).toBe(
      '/payment/mobile/orderconfirmation?orderid=5&skuid=100&from=upsell',
    );
    expect(sequenceEndUrl(output([{ offer: 'boldPro', transactionId: 5 }]), urls)).toBe('/dashboard/profile/editor');
    // The app's pages are under the router's one base path (routing/route-table.ts APP_BASE).
    expect(sequenceEndUrl(output([{ offer: 'coverLetter', transactionId: 5 }]), urls)).toBe(
      '/payment/orderconfirmation?orderid=5&skuid=100&from=upsell',
    );
  });

  it('says what was added in the person\u2019s language and money, with as much of the card as is known', async () => {
    const i18n = i18next.createInstance();
    const resources = Object.fromEntries(
      ['en-US', 'de-DE'].map((c) => [
        c,
        { upsell: JSON.parse(readFileSync(`src/i18n/locales/${c}/upsell.json`, 'utf8')) },
      ]),
    );
    await i18n.init({ resources, lng: 'en-US', fallbackLng: false, interpolation: { escapeValue: false } });
    const added: AddedAddOn = {
      offer: 'socialCard',
      amount: 4.95,
      currencyCD: 'USD',
      paymentMethod: 'CRCD',
      cardType: 'VISA',
      lastFour: '4242',
    };
    expect(addedSentence(i18n.getFixedT('en-US', 'upsell'), 'en-US', added)).toBe(
      'Social card added to your order — $4.95 charged to Visa •••• 4242',
    );
    expect(
      addedSentence(i18n.getFixedT('de-DE', 'upsell'), 'de-DE', {
        ...added,
        offer: 'resumeReview',
        amount: 24.95,
        currencyCD: 'EUR',
        cardType: 'MASTERCARD',
        lastFour: null,
      }),
    ).toBe(
      'Lebenslauf-Prüfung durch Profis wurde Ihrer Bestellung hinzugefügt – 24,95\u00a0€ von Ihrer Mastercard-Karte abgebucht',
    );
    expect(
      addedSentence(i18n.getFixedT('en-US', 'upsell'), 'en-US', {
        ...added,
        paymentMethod: 'PYPL',
        cardType: null,
        lastFour: null,
      }),
    ).toBe('Social card added to your order — $4.95 charged to PayPal');
  });

  it('names the order\u2019s card for a one-click charge, only the brand of another card paid in the frame', () => {
    const sku = upsellCatalogue[2]!;
    const charge = paid(1);
    expect(addedAddOnOf(sku, charge, upsellData.order, 'oneClick')).toEqual({
      offer: 'socialCard',
      amount: 4.95,
      currencyCD: 'USD',
      paymentMethod: 'CRCD',
      cardType: 'VISA',
      lastFour: '4242',
    });
    expect(addedAddOnOf(sku, { ...charge, cardType: 'AMEX' }, upsellData.order, 'frame')).toMatchObject({
      cardType: 'AMEX',
      lastFour: null,
    });
    expect(
      addedAddOnOf(sku, { ...charge, paymentMethod: 'PYPL', cardType: null }, upsellData.order, 'oneClick'),
    ).toMatchObject({ cardType: null, lastFour: null });
  });

  it('keeps one record per order for a reload, and starts afresh from one it cannot read', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const first = readSequenceRecord(storage, recordIdOf({ orderId: 9001, only: null }), () => 'id-1');
    expect(first).toEqual({ sequenceId: 'id-1', decided: [] });
    expect(readSequenceRecord(storage, '9001', () => 'id-2').sequenceId).toBe('id-1');
    store.set('upsell.sequence.9001', '{not json');
    expect(readSequenceRecord(storage, '9001', () => 'id-3').sequenceId).toBe('id-3');
    expect(recordIdOf({ orderId: null, only: 'socialCard' })).toBe('only-socialCard');
  });

  it('reads the add-ons on sale: the upsell chain first, then the market’s other add-ons; plans are not add-ons', () => {
    const sku = (SkuID: number, ProductID: string, UpsellCD: string | null) =>
      ({
        SkuID,
        ProductID,
        UpsellCD,
        Label: ProductID,
        UnitPrice: 1,
        FormattedUnitPrice: '$1',
        CurrencyCD: 'USD',
        SkuTypeCD: 'SING',
      }) as unknown as Sku;
    const offers = availableOffers(
      [sku(120, 'RSMRVW', 'DRR')],
      [sku(102, 'RSMBLD', null), sku(999, 'RSMRVW', 'DRR'), sku(122, 'SOCCARD', 'SCF')],
    );
    expect(offers.map((o) => [o.offer, o.skuId])).toEqual([
      ['resumeReview', 120],
      ['socialCard', 122],
    ]);
  });
});
