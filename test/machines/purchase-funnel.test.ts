import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, waitFor } from 'xstate';
import { funnelStepOf, purchaseFunnelMachine, type PurchaseFunnelInput } from '../../machines/purchase-funnel.machine';
import type { CheckoutFrameActor } from '../../machines/checkout-frame.machine';
import { offerWith, PAYMENT, SKUS } from './fixtures/purchase-funnel';
import {
  applyUrlOf,
  explainedFailureOf,
  isJobStillOpen,
  isSuspendedAccount,
  opensCoverLetterAfterPayment,
  preselectedPlan,
  sellablePlans,
  showsCartReminder,
  serviceSkus,
  isBuyableAtCheckout,
  blocksAsAlreadySubscribed,
  type FunnelOffer,
  type JobLookup,
} from '../../machines/purchase-funnel.rules';

const skus = SKUS;
const offer = offerWith;
const payment = PAYMENT;
const input = (overrides: Partial<PurchaseFunnelInput> = {}): PurchaseFunnelInput => ({
  entry: 'sell',
  requestedSkuId: null,
  jobId: null,
  apmReturn: null,
  frameOrigin: 'http://127.0.0.1:8080',
  ...overrides,
});

function startFunnel(
  options: { offer?: FunnelOffer; job?: () => Promise<JobLookup>; input?: Partial<PurchaseFunnelInput> } = {},
) {
  let sessions = 0;
  const cart: (number | null)[] = [];
  const slowLogs: string[] = [];
  const steps: number[] = [];
  const moves: string[] = [];
  const actor = createActor(
    purchaseFunnelMachine.provide({
      actors: {
        loadOffer: fromPromise(async () => options.offer ?? offer()),
        lookUpJob: fromPromise(async () =>
          options.job ? options.job() : { IsEligible: true, IsJobExpired: false, applyURL: null },
        ),
        completeApmPayment: fromPromise(async () => ({ ...payment, paymentMethod: 'PYPL' })),
      },
      actions: {
        startCheckoutSession: assign({ sessionGuid: () => `session-${++sessions}` }),
        rememberCart: (_, params) => void cart.push(params.skuId),
        forgetCart: () => void cart.push(null),
        logSlowProcessing: (_, params) => void slowLogs.push(params.method),
        reportStep: (_, params) => void steps.push(params.step),
        showPlans: (_, params) => void moves.push(`plans ${params.skuId}`),
        showCheckout: (_, params) => void moves.push(`checkout ${params.skuId}`),
        leaveFunnel: (_, params) => void moves.push(`leave ${params.output.kind}`),
      },
    }),
    { input: input(options.input) },
  ).start();
  return { actor, cart, slowLogs, steps, moves };
}
type Funnel = ReturnType<typeof startFunnel>['actor'];
const settled = (actor: Funnel) =>
  waitFor(actor, (s) => !s.matches('loading') && !s.matches('lookingUpJob') && !s.matches('completingApm'));
const frame = (actor: Funnel) => actor.getSnapshot().children.checkoutFrame as CheckoutFrameActor;

describe('purchase funnel', () => {
  it('preselects the catalogue plan, lets the person choose another, and keeps it through checkout', async () => {
    const { actor, cart, steps } = startFunnel();
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('choosingPlan');
    expect(actor.getSnapshot().context.selectedSkuId).toBe(102);
    actor.send({ type: 'plan.select', skuId: 999 });
    expect(actor.getSnapshot().context.selectedSkuId, 'a plan that is not offered cannot be chosen').toBe(102);
    actor.send({ type: 'plan.select', skuId: 103 });
    actor.send({ type: 'plan.continue' });
    expect(actor.getSnapshot().matches({ checkout: 'editing' })).toBe(true);
    expect(funnelStepOf(actor.getSnapshot())).toBe(2);
    expect(cart).toEqual([103]);
    expect(steps).toEqual([1, 2]);
    expect(frame(actor).getSnapshot().context.skuId).toBe(103);
  });

  it('a decline keeps the plan and the checkout session; the retry that succeeds ends paid with that plan', async () => {
    const { actor, cart, steps } = startFunnel({ input: { entry: 'checkout', requestedSkuId: 103 } });
    await settled(actor);
    const session = actor.getSnapshot().context.sessionGuid;
    frame(actor).send({ type: 'frame.loaded', skuId: 103, sessionGuid: session! });
    frame(actor).send({ type: 'frame.loaderShown' });
    expect(actor.getSnapshot().matches({ checkout: 'processing' })).toBe(true);
    frame(actor).send({ type: 'frame.paymentFailed', failure: { code: 'card_declined' } });
    expect(actor.getSnapshot().matches({ checkout: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      selectedSkuId: 103,
      sessionGuid: session,
      failure: { code: 'card_declined' },
    });
    frame(actor).send({ type: 'frame.loaderShown' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    frame(actor).send({ type: 'frame.paymentSucceeded', payment });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ kind: 'paid', payment, sku: skus[2] });
    expect(cart).toEqual([103, null]);
    expect(steps).toEqual([2, 3]);
  });

  it('a checkout address with a plan that is not offered lands on the plan choice', async () => {
    const { actor } = startFunnel({ input: { entry: 'checkout', requestedSkuId: 555 } });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('choosingPlan');
    expect(actor.getSnapshot().context.selectedSkuId).toBe(102);
  });

  it('the sell page preselects the plan its address names, when offered', async () => {
    const { actor } = startFunnel({ input: { entry: 'sell', requestedSkuId: 101 } });
    await settled(actor);
    expect(actor.getSnapshot().context.selectedSkuId).toBe(101);
  });

  it('the abandoned cart brings back the plan left at checkout', async () => {
    const { actor } = startFunnel({ offer: offer({ savedCartSkuId: 101 }), input: { entry: 'abandonCart' } });
    await settled(actor);
    expect(actor.getSnapshot().context.selectedSkuId).toBe(101);
  });

  it('a visitor who is not signed in chooses a plan, then is asked to sign in with it', async () => {
    const { actor } = startFunnel({ offer: offer({ signedIn: false }) });
    await settled(actor);
    actor.send({ type: 'plan.select', skuId: 101 });
    actor.send({ type: 'plan.continue' });
    expect(actor.getSnapshot().output).toEqual({ kind: 'signIn', skuId: 101 });
  });

  it('someone who already has a plan is not sold another', async () => {
    const { actor } = startFunnel({
      offer: offer({ alreadySubscribed: true }),
      input: { entry: 'checkout', requestedSkuId: 103 },
    });
    await settled(actor);
    expect(actor.getSnapshot().output).toEqual({ kind: 'alreadySubscribed' });
  });

  it.each([
    ['an open job', async () => ({ IsEligible: true, IsJobExpired: false, applyURL: 'jobs.example/1' }), 'open'],
    ['an expired job', async () => ({ IsEligible: true, IsJobExpired: true, applyURL: null }), 'expired'],
    [
      'a job the person may not apply to',
      async () => ({ IsEligible: false, IsJobExpired: false, applyURL: null }),
      'expired',
    ],
    ['a failed lookup', async () => Promise.reject(new Error('down')), 'expired'],
  ])('the job-apply flow with %s continues to the plans, job %s', async (_, job, status) => {
    const { actor } = startFunnel({ job: job as () => Promise<JobLookup>, input: { jobId: 'J-1' } });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('choosingPlan');
    expect(actor.getSnapshot().context.job.status).toBe(status);
  });

  it('returning from an approved PayPal payment completes it and ends paid', async () => {
    const { actor } = startFunnel({
      input: { entry: 'apmReturn', apmReturn: { transactionId: 9, skuId: 103, method: 'PYPL', approved: true } },
    });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toMatchObject({ kind: 'paid', payment: { paymentMethod: 'PYPL' } });
  });

  it('the payment method can only be one the market offers, and changing it starts a fresh frame', async () => {
    const { actor } = startFunnel({ input: { entry: 'checkout', requestedSkuId: 102 } });
    await settled(actor);
    const first = frame(actor);
    actor.send({ type: 'payment.methodSelect', method: 'DUPI' });
    expect(actor.getSnapshot().context.paymentMethod).toBe('CRCD');
    actor.send({ type: 'payment.methodSelect', method: 'PYPL' });
    expect(actor.getSnapshot().context.paymentMethod).toBe('PYPL');
    expect(frame(actor)).not.toBe(first);
  });

  it('the plans cannot load: a retry loads them again', async () => {
    let calls = 0;
    const actor = createActor(
      purchaseFunnelMachine.provide({
        actors: {
          loadOffer: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new Error('offline');
            return offer();
          }),
        },
      }),
      { input: input() },
    ).start();
    await waitFor(actor, (s) => s.matches('unavailable'));
    actor.send({ type: 'offer.retry' });
    await waitFor(actor, (s) => s.matches('choosingPlan'));
    expect(calls).toBe(2);
  });

  describe('while a payment is processing', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    async function processingWith(method: 'CRCD' | 'PYPL') {
      const funnel = startFunnel({ input: { entry: 'checkout', requestedSkuId: 102 } });
      await vi.waitFor(() => expect(funnel.actor.getSnapshot().matches('checkout')).toBe(true));
      if (method === 'PYPL') funnel.actor.send({ type: 'payment.methodSelect', method });
      frame(funnel.actor).send({
        type: 'frame.loaded',
        skuId: 102,
        sessionGuid: funnel.actor.getSnapshot().context.sessionGuid!,
      });
      frame(funnel.actor).send({ type: 'frame.loaderShown' });
      return funnel;
    }

    it('a card payment shows the delayed-processing notice after 3 s and logs once past the threshold', async () => {
      const { actor, slowLogs } = await processingWith('CRCD');
      vi.advanceTimersByTime(2_999);
      expect(actor.getSnapshot().hasTag('notice.delayedProcessing')).toBe(false);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().hasTag('notice.delayedProcessing')).toBe(true);
      vi.advanceTimersByTime(60_000);
      expect(slowLogs).toEqual(['CRCD']);
      vi.advanceTimersByTime(120_000);
      expect(slowLogs).toEqual(['CRCD']);
    });

    it('waits as long as configuration says before the notice', async () => {
      const funnel = startFunnel({
        input: { entry: 'checkout', requestedSkuId: 102 },
        offer: offer({ delayedNoticeMs: 1_500 }),
      });
      await vi.waitFor(() => expect(funnel.actor.getSnapshot().matches('checkout')).toBe(true));
      frame(funnel.actor).send({
        type: 'frame.loaded',
        skuId: 102,
        sessionGuid: funnel.actor.getSnapshot().context.sessionGuid!,
      });
      frame(funnel.actor).send({ type: 'frame.loaderShown' });
      vi.advanceTimersByTime(1_499);
      expect(funnel.actor.getSnapshot().hasTag('notice.delayedProcessing')).toBe(false);
      vi.advanceTimersByTime(1);
      expect(funnel.actor.getSnapshot().hasTag('notice.delayedProcessing')).toBe(true);
    });

    it('PayPal never shows the notice', async () => {
      const { actor } = await processingWith('PYPL');
      vi.advanceTimersByTime(120_000);
      expect(actor.getSnapshot().hasTag('notice.delayedProcessing')).toBe(false);
    });
  });
});

describe('where the funnel moves the person', () => {
  it('plans, then checkout with the chosen plan, back to the plans, and out once paid', async () => {
    const { actor, moves } = startFunnel();
    await settled(actor);
    const chosen = actor.getSnapshot().context.selectedSkuId;
    actor.send({ type: 'plan.continue' });
    actor.send({ type: 'plan.change' });
    actor.send({ type: 'plan.continue' });
    frame(actor).send({ type: 'frame.loaded', skuId: chosen!, sessionGuid: actor.getSnapshot().context.sessionGuid! });
    frame(actor).send({ type: 'frame.paymentSucceeded', payment: { ...payment, skuId: chosen! } });
    expect(moves).toEqual([
      `plans ${chosen}`,
      `checkout ${chosen}`,
      `plans ${chosen}`,
      `checkout ${chosen}`,
      'leave paid',
    ]);
    expect(actor.getSnapshot().output).toMatchObject({ kind: 'paid' });
  });

  it('a guest who continues leaves to sign in; someone with a plan stays to be told', async () => {
    const guest = startFunnel({ offer: offer({ signedIn: false }) });
    await settled(guest.actor);
    guest.actor.send({ type: 'plan.continue' });
    expect(guest.moves.at(-1)).toBe('leave signIn');
    const subscribed = startFunnel({ offer: offer({ alreadySubscribed: true }) });
    await waitFor(subscribed.actor, (s) => s.status === 'done');
    expect(subscribed.moves).toEqual([]);
  });
});

describe('services at checkout', () => {
  const review = { SkuID: 120, ProductID: 'RSMRVW', PlanTier: null };

  it('a service named at checkout is charged there and leaves with its own SKU; the sell page never lists it', async () => {
    const { actor, moves } = startFunnel({
      offer: offer({ services: [review] }),
      input: { entry: 'checkout', requestedSkuId: 120 },
    });
    await settled(actor);
    expect(actor.getSnapshot().matches('checkout')).toBe(true);
    expect(actor.getSnapshot().context.offer!.skus.some((s) => s.SkuID === 120)).toBe(false);
    frame(actor).send({ type: 'frame.loaded', skuId: 120, sessionGuid: actor.getSnapshot().context.sessionGuid! });
    frame(actor).send({ type: 'frame.paymentSucceeded', payment: { ...payment, skuId: 120 } });
    expect(moves).toEqual(['checkout 120', 'leave paid']);
    expect(actor.getSnapshot().output).toMatchObject({ kind: 'paid', sku: review });
  });

  it('a service cannot be chosen among the plans; someone with a plan may still buy a service, not another plan', async () => {
    const sell = startFunnel({ offer: offer({ services: [review] }), input: { entry: 'sell', requestedSkuId: 120 } });
    await settled(sell.actor);
    sell.actor.send({ type: 'plan.select', skuId: 120 });
    expect(sell.actor.getSnapshot().context.selectedSkuId).not.toBe(120);
    const subscribed = startFunnel({
      offer: offer({ services: [review], alreadySubscribed: true }),
      input: { entry: 'checkout', requestedSkuId: 120 },
    });
    await settled(subscribed.actor);
    expect(subscribed.actor.getSnapshot().matches('checkout')).toBe(true);
    const planAgain = startFunnel({
      offer: offer({ services: [review], alreadySubscribed: true }),
      input: { entry: 'checkout', requestedSkuId: skus[1]!.SkuID },
    });
    await waitFor(planAgain.actor, (s) => s.status === 'done');
    expect(planAgain.actor.getSnapshot().output).toEqual({ kind: 'alreadySubscribed' });
  });

  it('the services of a market are its review, tune-up and writing SKUs', () => {
    const list = [
      { SkuID: 1, ProductID: 'RSMBLD', PlanTier: 'fullAccess' as const },
      review,
      { SkuID: 121, ProductID: 'BOLDPRO', PlanTier: null },
      { SkuID: 125, ProductID: 'RSTUNE', PlanTier: null },
      { SkuID: 126, ProductID: 'CLWRIT-UK', PlanTier: null },
    ];
    expect(serviceSkus(list).map((s) => s.SkuID)).toEqual([120, 125, 126]);
    expect(isBuyableAtCheckout({ skus: [list[0]!], services: [review] }, 120)).toBe(true);
    expect(isBuyableAtCheckout({ skus: [list[0]!] }, 120)).toBe(false);
    expect(blocksAsAlreadySubscribed({ alreadySubscribed: true, services: [review] }, 'sell', 120)).toBe(true);
  });
});

describe('funnel rules', () => {
  it('only plans with a tier are sold', () => {
    const list = [
      { SkuID: 1, ProductID: 'RSMBLD', PlanTier: 'fullAccess' as const },
      { SkuID: 2, ProductID: 'RSMRVW', PlanTier: null },
      { SkuID: 3, ProductID: 'RSMBLD', PlanTier: 'annualAccess' as const },
    ];
    expect(sellablePlans(list).map((s) => s.SkuID)).toEqual([1, 3]);
  });

  it.each([
    ['SUSP', true],
    [' susp ', true],
    ['ACTV', false],
    [null, false],
    [undefined, false],
  ])('user type %j is suspended: %s', (userType, suspended) => {
    expect(isSuspendedAccount(userType)).toBe(suspended);
  });

  it.each([
    [true, 'LETR', true],
    [true, 'letr', true],
    [true, 'RESM', false],
    [true, null, false],
    [false, 'LETR', false],
  ])('cover-letter flag %s with doctype %j opens the cover-letter builder: %s', (flag, doctype, opens) => {
    expect(opensCoverLetterAfterPayment(flag, doctype)).toBe(opens);
  });

  it.each([
    ['abandonCart', 2, 2, true],
    ['abandonCart', 3, 2, false],
    ['abandonCart', null, null, false],
    ['sell', 2, 2, false],
  ])(
    'entry %s with plan %j chosen and %j in the cart shows the reminder: %s',
    (entry, selectedSkuId, savedCartSkuId, shows) => {
      expect(showsCartReminder({ entry, selectedSkuId, offer: { savedCartSkuId } })).toBe(shows);
    },
  );

  it.each([
    ['card_declined', 'card_declined'],
    ['apm_cancelled', 'apm_cancelled'],
    ['not_signed_in', 'not_signed_in'],
    ['insufficient_funds', 'other'],
    ['', 'other'],
    ['CARD_DECLINED', 'other'],
  ])('failure %j is explained as %s', (code, explained) => {
    expect(explainedFailureOf(code)).toBe(explained);
  });

  it.each([
    [
      [
        { SkuID: 1, ProductID: 'A', PlanTier: null },
        { SkuID: 2, ProductID: 'A', PlanTier: null, IsSelected: true },
      ],
      2,
    ],
    [
      [
        { SkuID: 1, ProductID: 'A', PlanTier: null },
        { SkuID: 2, ProductID: 'A', PlanTier: null, IsMostPopular: true },
      ],
      2,
    ],
    [[{ SkuID: 1, ProductID: 'A', PlanTier: null }], 1],
    [[], null],
  ])('preselects %j → %s', (list, expected) => {
    expect(preselectedPlan(list)).toBe(expected);
  });

  it.each([
    [{ IsEligible: true, IsJobExpired: false, applyURL: null }, true],
    [{ IsEligible: true, IsJobExpired: true, applyURL: null }, false],
    [{ IsEligible: false, IsJobExpired: false, applyURL: null }, false],
    [null, false],
  ])('job %j still open: %s', (lookup, open) => {
    expect(isJobStillOpen(lookup)).toBe(open);
  });

  it.each([
    ['jobs.example/apply/1', 'https://jobs.example/apply/1'],
    ['http://jobs.example/1', 'http://jobs.example/1'],
    ['https://jobs.example/1', 'https://jobs.example/1'],
    ['  ', null],
    [null, null],
  ])('apply URL %s → %s', (applyURL, expected) => {
    expect(applyUrlOf({ IsEligible: true, IsJobExpired: false, applyURL })).toBe(expected);
  });
});
