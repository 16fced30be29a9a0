import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiFailure } from '../../src/api/failure';
import type { ConfigFeatures } from '../../src/api/schemas/pages';
import type { Transaction } from '../../src/api/schemas/payments';
import type { Sku } from '../../src/api/schemas/skus';
import type { Subscription } from '../../src/api/schemas/subscriptions';
import { parseQueryParams } from '../../src/domain/query-params';
import { affiliateTargetOrigin, postToAffiliateParent } from '../../src/features/order-confirmation/affiliate-parent';
import { attributionFrom, confirmationRequestFrom } from '../../src/features/order-confirmation/confirmation-request';
import {
  createOrderLoader,
  emailIdOf,
  lastCancellationBefore,
  orderSettingsFrom,
  toConfirmedOrder,
} from '../../src/features/order-confirmation/load-order';
import {
  confirmationDashboardUrl,
  confirmationExit,
  provideOrderConfirmation,
  type OrderConfirmationDeps,
} from '../../src/features/order-confirmation/order-confirmation-effects';
import {
  readTrackedOrders,
  rememberTrackedOrder,
  TRACKED_ORDERS_KEY,
  TRACKED_ORDERS_LIMIT,
} from '../../src/features/order-confirmation/tracked-orders';
import { MemoryStore } from '../support/memory-store';
import { hrefOfDestination } from '../../src/routing/route-target';

/** Session storage in a map, with removeItem as the storage helpers expect. */
class SessionStore extends MemoryStore {
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const USER = '5eed0000-0000-4000-8000-000000000003';

const transaction = (overrides: Partial<Transaction> = {}): Transaction => ({
  transaction_id: 5001,
  transaction_type: 'SALE',
  sub_type: null,
  status_cd: 'SUCC',
  sku_detail: { label: 'Monthly Access', type_cd: 'SUBS', product_id: 'RSMBLD', trial_days: 0, trial_amount: 0 },
  price: 23.95,
  currency_cd: 'USD',
  formatted_price: '$23.95',
  payment_items: [],
  service_start_date: null,
  service_end_date: null,
  card_type: 'MASTERCARD',
  last_four_digits: '5454',
  payment_method_cd: 'CRCD',
  subscription_id: 30,
  created_at: '2026-03-10T12:00:00.000Z',
  ...overrides,
});

const sku = (overrides: Partial<Sku> = {}): Sku => ({
  SkuID: 4,
  ProductID: 'RSMBLD',
  Label: 'Monthly Access',
  Title: 'Monthly',
  SkuTypeCD: 'SUBS',
  ScheduleTypeCD: 'MNTH',
  ScheduleLabel: 'month',
  Duration: 1,
  ExpectedDays: 30,
  SubscriptionTypeCD: 'AUTO',
  PlanKind: 'Monthly',
  PlanTier: 'fullAccess',
  TrialDays: 0,
  TrialAmount: 0,
  UnitPrice: 23.95,
  FormattedTrialPrice: '$0.00',
  FormattedUnitPrice: '$23.95',
  CurrencyCD: 'USD',
  CurrencySymbol: '$',
  MonthlyPrice: 23.95,
  DiscountPercentage: 0,
  IsSelected: false,
  IsMostPopular: false,
  UpsellCD: null,
  PromoUID: null,
  AlternateSkuContents: null,
  LowerPriceSkuID: null,
  HigherPriceSkuID: null,
  ...overrides,
});

const subscription = (overrides: Partial<Subscription>): Subscription => ({
  SubscriptionID: 1,
  UserUID: USER,
  SkuID: 4,
  SkuLabel: 'Monthly Access',
  PlanKind: 'Monthly',
  StatusCD: 'EXPD',
  SubscriptionTypeCD: 'EXPD',
  StartDate: '2025-01-01T00:00:00.000Z',
  EndDate: '2025-02-01T00:00:00.000Z',
  NextBillingDate: null,
  CancelledOn: null,
  CancellationNumber: null,
  DaysRemaining: 0,
  UnitPrice: 23.95,
  FormattedUnitPrice: '$23.95',
  CurrencyCD: 'USD',
  RenewalDiscountPercent: null,
  NextRenewalPrice: 23.95,
  FormattedNextRenewalPrice: '$23.95',
  PausedFrom: null,
  ResumesOn: null,
  IsPaused: false,
  ...overrides,
});

const config = (features: { code: string; show?: boolean; data?: unknown }[]): ConfigFeatures => ({
  Flags: [],
  Experiments: [],
  Features: features.map((f) => ({
    FeatureCD: f.code,
    ModuleName: 'OrderConfirmation',
    Rule: { SupportedForAll: true },
    Config: { Show: f.show ?? true, Data: f.data },
  })),
});

interface FakeApiOptions {
  transaction?: Transaction | ApiFailure;
  sku?: Sku | ApiFailure;
  subscriptions?: Subscription[] | ApiFailure;
  config?: ConfigFeatures | ApiFailure;
}

function fakeApi(options: FakeApiOptions = {}) {
  const calls: string[] = [];
  const answer = <T>(value: T | ApiFailure) =>
    value instanceof ApiFailure ? Promise.reject(value) : Promise.resolve(value);
  const api = {
    payments: {
      transactionDetail: (userId: string, id: number) => {
        calls.push(`transaction ${userId} ${id}`);
        return answer(options.transaction ?? transaction({ transaction_id: id }));
      },
    },
    skus: {
      byId: (id: number) => {
        calls.push(`sku ${id}`);
        return answer(options.sku ?? sku({ SkuID: id }));
      },
    },
    subscriptions: { list: () => answer(options.subscriptions ?? []).then((Subscriptions) => ({ Subscriptions })) },
    config: {
      features: (moduleName?: string) =>
        answer(options.config ?? config([])).then((c) => (calls.push(`config ${moduleName}`), c)),
    },
  } as unknown as OrderConfirmationDeps['api'];
  return { api, calls };
}

describe('the confirmation request from the address and the page', () => {
  const page = { pathname: '/payment/orderconfirmation', viewportWidth: 1280, cookieHeader: '', framed: false };

  it('reads the URL contract', () => {
    const query = parseQueryParams(
      '?orderid=5001&skuid=4&flow=Save&purchaseft=1&showLegacyOrderConfirmation=true&isFeedBackTool=true&doctype=LETR&mode=winback',
    );
    expect(confirmationRequestFrom(query, page)).toEqual({
      orderId: 5001,
      skuId: 4,
      flow: 'save',
      mode: 'winback',
      pageCode: 'OrderPage',
      device: 'Desktop',
      legacyForced: true,
      dashboardForced: true,
      freeTrial: true,
      inAffiliateFrame: false,
      docType: 'LETR',
      attribution: { campaignId: null, templateId: null },
    });
  });

  it('leaves out what is absent or invalid', () => {
    expect(confirmationRequestFrom(parseQueryParams('?orderid=abc'), page)).toMatchObject({
      orderId: null,
      skuId: null,
      flow: null,
      legacyForced: false,
      freeTrial: false,
    });
  });

  it.each([
    ['/payment/mobile/orderconfirmation', 1280, 'MobileOrderPage', 'Mobile'],
    ['/payment/orderconfirmation', 400, 'OrderPage', 'Mobile'],
    ['/payment/offer/orderconfirmation', 1280, 'SaveOfferOrderPage', 'Desktop'],
    ['/payment/orderpopup', 900, 'OrderPage', 'Tablet'],
  ])('%s at %i px is %s on %s', (pathname, viewportWidth, pageCode, device) => {
    expect(confirmationRequestFrom({ orderid: 1 }, { ...page, pathname, viewportWidth })).toMatchObject({
      pageCode,
      device,
    });
  });

  it.each([
    ['/payment/confirmation', 'Confirmation'],
    ['/payment/confirmation/detail', 'ConfirmationDetails'],
  ])('%s (%s) is the order detail: the receipt, whose way on is the dashboard', (pathname, pageCode) => {
    expect(confirmationRequestFrom({ orderid: 1 }, { ...page, pathname })).toMatchObject({
      pageCode,
      legacyForced: true,
    });
    expect(
      confirmationRequestFrom({ orderid: 1 }, { ...page, pathname: '/payment/purchase-confirmation' }),
    ).toMatchObject({ pageCode: 'PurchaseConfirmation', legacyForced: false });
  });

  it('takes Iterable ids from their cookies only when they look like ids', () => {
    expect(attributionFrom('a=1; iterableEmailCampaignId=123456; iterableTemplateId=7890')).toEqual({
      campaignId: '123456',
      templateId: '7890',
    });
    expect(attributionFrom('iterableEmailCampaignId=%3Cscript%3E')).toEqual({ campaignId: null, templateId: null });
    expect(attributionFrom('')).toEqual({ campaignId: null, templateId: null });
  });
});

describe('orders reported in this session', () => {
  it('remembers each order once, keeps the newest and survives junk', () => {
    const store = new SessionStore();
    expect(readTrackedOrders(store)).toEqual([]);
    rememberTrackedOrder(store, 5001);
    rememberTrackedOrder(store, 5002);
    rememberTrackedOrder(store, 5001);
    expect(readTrackedOrders(store)).toEqual([5002, 5001]);
    for (let id = 1; id <= TRACKED_ORDERS_LIMIT + 5; id += 1) rememberTrackedOrder(store, id);
    expect(readTrackedOrders(store)).toHaveLength(TRACKED_ORDERS_LIMIT);
    expect(readTrackedOrders(store)).not.toContain(1);
    store.setItem(TRACKED_ORDERS_KEY, '{not json');
    expect(readTrackedOrders(store)).toEqual([]);
    store.setItem(TRACKED_ORDERS_KEY, '["5001"]');
    expect(readTrackedOrders(store)).toEqual([]);
  });

  it('reports a refused write and reads nothing without storage', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    expect(rememberTrackedOrder(full, 1)).toBe(false);
    expect(readTrackedOrders(null)).toEqual([]);
  });
});

describe('the affiliate parent', () => {
  it.each([
    [
      {
        configured: 'https://partner.example',
        ancestorOrigin: 'https://other.example',
        referrer: 'https://ref.example/x',
      },
      'https://partner.example',
    ],
    [
      { configured: null, ancestorOrigin: 'https://frame.example', referrer: 'https://ref.example/x' },
      'https://frame.example',
    ],
    [
      { configured: 'not a url', ancestorOrigin: null, referrer: 'https://ref.example/path?q=1' },
      'https://ref.example',
    ],
    [{ configured: null, ancestorOrigin: 'null', referrer: '' }, null],
    [{ configured: 'javascript:alert(1)', ancestorOrigin: null, referrer: 'data:text/html,x' }, null],
  ])('%j → %s', (sources, origin) => {
    expect(affiliateTargetOrigin(sources)).toBe(origin);
  });

  it('posts to the named origin only, and nothing without one', () => {
    const posted: [unknown, string][] = [];
    const parent = { postMessage: (message: unknown, origin: string) => void posted.push([message, origin]) };
    expect(
      postToAffiliateParent(parent, { type: 'iframe-paymentconfirmed', orderId: 5001 }, 'https://partner.example'),
    ).toBe(true);
    expect(postToAffiliateParent(parent, { type: 'iframe-pageloaded', orderId: 5001 }, null)).toBe(false);
    expect(posted).toEqual([
      [{ source: 'order-confirmation', type: 'iframe-paymentconfirmed', orderId: 5001 }, 'https://partner.example'],
    ]);
  });
});

describe('loading the order', () => {
  it('reads the configured data-layer event and parent origin from switched-on blocks', () => {
    expect(orderSettingsFrom(null)).toEqual({ dataLayerEventName: null, affiliateParentOrigin: null });
    expect(
      orderSettingsFrom(
        config([
          { code: 'dataLayer', data: { eventName: ' purchaseComplete ' } },
          { code: 'affiliateFlow', data: { parentOrigin: 'https://partner.example' } },
        ]),
      ),
    ).toEqual({
      dataLayerEventName: 'purchaseComplete',
      affiliateParentOrigin: 'https://partner.example',
    });
    expect(
      orderSettingsFrom(
        config([
          { code: 'dataLayer', show: false, data: { eventName: 'x' } },
          { code: 'affiliateFlow', data: { parentOrigin: 42 } },
        ]),
      ),
    ).toEqual({
      dataLayerEventName: null,
      affiliateParentOrigin: null,
    });
  });

  it('finds the newest earlier cancellation of another subscription', () => {
    const subs = [
      subscription({ SubscriptionID: 30, CancelledOn: '2026-03-09T00:00:00.000Z', StatusCD: 'ACTV' }),
      subscription({ SubscriptionID: 10, CancelledOn: '2025-12-01T12:00:00.000Z', StatusCD: 'EXPD' }),
      subscription({ SubscriptionID: 20, CancelledOn: '2026-01-24T12:00:00.000Z', StatusCD: 'EXPR' }),
      subscription({ SubscriptionID: 40, CancelledOn: '2026-04-01T00:00:00.000Z', StatusCD: 'EXPD' }),
      subscription({ SubscriptionID: 50, CancelledOn: null }),
    ];
    expect(lastCancellationBefore(subs, '2026-03-10T12:00:00.000Z', 30)).toEqual({ stage: 'EXPR', daysSince: 45 });
    expect(lastCancellationBefore([], '2026-03-10T12:00:00.000Z', 30)).toBeNull();
    expect(lastCancellationBefore(subs, 'not a date', 30)).toBeNull();
  });

  it('hashes the normalised e-mail and gives nothing without a hasher', async () => {
    const id = await emailIdOf('  Ava.Martinez@Example.com ');
    expect(id).toBe(createHash('sha256').update('ava.martinez@example.com').digest('hex'));
    expect(await emailIdOf('ava.martinez@example.com', null)).toBe('');
    expect(await emailIdOf('   ')).toBe('');
  });

  it('falls back to the transaction when no SKU is named', () => {
    const order = toConfirmedOrder({
      transaction: transaction(),
      sku: null,
      subscriptions: [],
      settings: { dataLayerEventName: null, affiliateParentOrigin: null },
      emailId: '',
    });
    expect(order).toMatchObject({
      orderId: 5001,
      skuId: null,
      skuTypeCD: 'SUBS',
      offering: 'Monthly Access',
      productId: 'RSMBLD',
      price: 23.95,
    });
  });

  it('loads the signed-in person’s transaction and the named SKU', async () => {
    const { api, calls } = fakeApi({
      config: config([{ code: 'dataLayer', data: { eventName: 'purchaseComplete' } }]),
    });
    const settings: unknown[] = [];
    const order = await createOrderLoader({
      api,
      userId: USER,
      email: 'ava@example.com',
      onSettings: (s) => settings.push(s),
    })({ orderId: 5001, skuId: 4 });
    expect(calls).toEqual(expect.arrayContaining([`transaction ${USER} 5001`, 'sku 4', 'config OrderConfirmation']));
    expect(order).toMatchObject({
      orderId: 5001,
      skuId: 4,
      offering: 'Monthly',
      skuLabel: 'Monthly Access',
      currencyCD: 'USD',
      paymentMethod: 'CRCD',
      cardType: 'MASTERCARD',
      dataLayerEventName: 'purchaseComplete',
    });
    expect(order.emailId).toMatch(/^[0-9a-f]{64}$/);
    expect(settings).toEqual([{ dataLayerEventName: 'purchaseComplete', affiliateParentOrigin: null }]);
  });

  it('rejects a SKU that is not the one the order charged for', async () => {
    const { api } = fakeApi({ sku: sku({ SkuID: 3, Label: 'Annual Access', Title: 'Annual Access' }) });
    await expect(
      createOrderLoader({ api, userId: USER, email: '' })({ orderId: 5001, skuId: 3 }),
    ).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('passes the server’s not-found through and shrugs off missing extras', async () => {
    const missing = fakeApi({ transaction: new ApiFailure('notFound', 404, 'NOT_FOUND', 'no') });
    await expect(
      createOrderLoader({ api: missing.api, userId: USER, email: '' })({ orderId: 9, skuId: null }),
    ).rejects.toMatchObject({ kind: 'notFound' });
    const extrasDown = fakeApi({
      subscriptions: new ApiFailure('server', 500, null, 'x'),
      config: new ApiFailure('network', null, null, 'x'),
    });
    await expect(
      createOrderLoader({ api: extrasDown.api, userId: USER, email: '' })({ orderId: 5001, skuId: null }),
    ).resolves.toMatchObject({ orderId: 5001, lastCancellation: null, dataLayerEventName: null });
  });
});

describe('the machine with the app’s effects', () => {
  function run(
    options: FakeApiOptions & {
      framed?: boolean;
      session?: SessionStore;
      referrer?: string;
      query?: string;
      pathname?: string;
    } = {},
  ) {
    const { api } = fakeApi(options);
    const tracked: { name: string; props: Record<string, unknown> }[] = [];
    const pushed: unknown[] = [];
    const posted: [unknown, string][] = [];
    const moves: string[] = [];
    const session = options.session ?? new SessionStore();
    const machine = provideOrderConfirmation({
      api,
      user: { UserUID: USER, EmailAddress: 'ava@example.com' },
      analytics: {
        track: async (name, props = {}) => {
          tracked.push({ name, props });
          return 'sent' as never;
        },
        pushOrderDataLayer: (input) => (pushed.push(input), true),
      },
      session: session,
      virtualUrl: '/payment/orderconfirmation',
      parent: { postMessage: (message, origin) => void posted.push([message, origin]) },
      ancestorOrigin: null,
      referrer: options.referrer ?? 'https://partner.example/checkout',
      navigation: { go: (destination) => void moves.push(hrefOfDestination(destination)) },
      dashboardUrl: '/dashboard',
    });
    const request = confirmationRequestFrom(
      parseQueryParams(`?orderid=5001&skuid=4&purchaseft=1${options.query ?? ''}`),
      {
        pathname: options.pathname ?? '/payment/orderconfirmation',
        viewportWidth: 1280,
        cookieHeader: 'iterableEmailCampaignId=55',
        framed: options.framed ?? false,
      },
    );
    const actor = createActor(machine, {
      input: { request, trackedOrderIds: readTrackedOrders(session), welcomedOrderIds: [] },
    }).start();
    return { actor, tracked, pushed, posted, session, moves };
  }

  it('continue leads on to the upsells (the mobile ones after a mobile confirmation), or to the big-interview offers; the dashboard link and isFeedBackTool lead to the dashboard', async () => {
    const leave = async (
      how: 'confirmation.continue' | 'confirmation.dashboard',
      options: Parameters<typeof run>[0] = {},
    ) => {
      const { actor, moves } = run(options);
      await waitFor(actor, (s) => s.matches('shown'));
      if (actor.getSnapshot().hasTag('welcomeOpen')) actor.send({ type: 'welcome.close' });
      actor.send({ type: how });
      expect(actor.getSnapshot().status).toBe('done');
      return moves;
    };
    // The upsell sequence is entered for this order.
    expect(await leave('confirmation.continue')).toEqual([
      expect.stringMatching(/^\/payment\/upsell\/resume-review\?orderid=\d+$/),
    ]);
    expect(await leave('confirmation.continue', { pathname: '/payment/mobile/orderconfirmation' })).toEqual([
      expect.stringMatching(/^\/payment\/mobile\/upsell\/resume-review\?orderid=\d+$/),
    ]);
    expect(await leave('confirmation.dashboard')).toEqual(['/dashboard']);
    expect(await leave('confirmation.continue', { pathname: '/payment/mobile/purchase-confirmation' })).toEqual([
      expect.stringMatching(/^\/payment\/mobile\/upsell\/resume-review\?orderid=\d+$/),
    ]);
    expect(await leave('confirmation.continue', { pathname: '/payment/big-interview/orderconfirmation' })).toEqual([
      '/payment/big-interview/offers?orderid=5001',
    ]);
    // isFeedBackTool: continue is not offered, the dashboard is.
    const forced = run({ query: '&isFeedBackTool=true' });
    await waitFor(forced.actor, (s) => s.matches('shown'));
    forced.actor.send({ type: 'welcome.close' });
    expect(forced.actor.getSnapshot().context.continueOffered).toBe(false);
    expect(forced.actor.getSnapshot().can({ type: 'confirmation.continue' })).toBe(false);
    forced.actor.send({ type: 'confirmation.dashboard' });
    expect(forced.moves).toEqual(['/dashboard']);
  });

  it('the popup container leads the page that opened it on, then closes; without one the page moves on itself', async () => {
    const { api } = fakeApi({});
    const calls: string[] = [];
    const machine = provideOrderConfirmation({
      api,
      user: { UserUID: USER, EmailAddress: 'ava@example.com' },
      session: new SessionStore(),
      virtualUrl: '/payment/orderpopup',
      parent: { postMessage: () => undefined },
      ancestorOrigin: null,
      referrer: '',
      navigation: { go: (destination) => void calls.push(`go ${hrefOfDestination(destination)}`) },
      dashboardUrl: '/dashboard',
      popup: { leadOpener: (url) => void calls.push(`opener ${url}`), close: () => void calls.push('close') },
    });
    const request = confirmationRequestFrom(parseQueryParams('?orderid=5001&skuid=4'), {
      pathname: '/payment/orderpopup',
      viewportWidth: 1280,
      cookieHeader: '',
      framed: false,
    });
    const actor = createActor(machine, { input: { request, trackedOrderIds: [], welcomedOrderIds: [] } }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'welcome.close' });
    actor.send({ type: 'confirmation.continue' });
    expect(calls).toEqual(['opener /payment/upsell/resume-review?orderid=5001', 'close']);
  });

  it('the dashboard after a confirmation is the mobile one on a phone, with the billing-append parameters of the page', () => {
    const urls = {
      dashboardUrl: '/dashboard',
      search: '?orderid=71&autodownload=true&doctype=LETR&isFeedBackTool=true',
    };
    expect(
      hrefOfDestination(
        confirmationExit({ exit: 'dashboard', variant: 'standard', orderId: 71, flow: 'initial' }, urls),
      ),
    ).toBe('/dashboard?doctype=LETR&orderid=71&autodownload=true');
    expect(
      hrefOfDestination(
        confirmationExit({ exit: 'dashboard', variant: 'purchase', mobile: true, orderId: 71, flow: 'initial' }, urls),
      ),
    ).toBe('/dashboard?device=mobile&doctype=LETR&orderid=71&autodownload=true');
    expect(confirmationDashboardUrl('/dashboard', false)).toBe('/dashboard');
  });

  it('the confirmation of a service leads on to its intake for the order; the dashboard stays the dashboard', () => {
    const urls = { dashboardUrl: '/dashboard' };
    expect(
      hrefOfDestination(
        confirmationExit(
          { exit: 'upsells', variant: 'standard', productId: 'RSTUNE', orderId: 71, flow: 'initial' },
          urls,
        ),
      ),
    ).toBe('/payment/resume-tuneup?orderid=71');
    expect(
      hrefOfDestination(
        confirmationExit(
          { exit: 'upsells', variant: 'mobile', productId: 'RSMRVW', orderId: 71, flow: 'initial' },
          urls,
        ),
      ),
    ).toBe('/payment/resume-review?orderid=71');
    // The confirmation the upsell sequence ends on passes that on, so the intake may be left for later.
    expect(
      hrefOfDestination(
        confirmationExit(
          { exit: 'upsells', variant: 'mobile', productId: 'RSMRVW', orderId: 71, flow: 'initial' },
          { ...urls, search: '?orderid=71&from=upsell' },
        ),
      ),
    ).toBe('/payment/resume-review?orderid=71&from=upsell');
    expect(
      hrefOfDestination(
        confirmationExit(
          { exit: 'dashboard', variant: 'standard', productId: 'CLWRIT', orderId: 71, flow: 'initial' },
          urls,
        ),
      ),
    ).toBe('/dashboard');
    expect(
      hrefOfDestination(
        confirmationExit(
          { exit: 'upsells', variant: 'standard', productId: 'RSMBLD', orderId: 71, flow: 'initial' },
          urls,
        ),
      ),
    ).toBe('/payment/upsell/resume-review?orderid=71');
    // The sequence is told a save-offer or winback purchase, so that its purchase event is named by it.
    expect(
      hrefOfDestination(
        confirmationExit(
          { exit: 'upsells', variant: 'saveFlow', productId: 'RSMBLD', orderId: 71, flow: 'save' },
          urls,
        ),
      ),
    ).toBe('/payment/upsell/resume-review?orderid=71&flow=save');
    expect(
      hrefOfDestination(
        confirmationExit(
          { exit: 'upsells', variant: 'mobile', productId: 'RSMBLD', orderId: 71, flow: 'winback' },
          urls,
        ),
      ),
    ).toBe('/payment/mobile/upsell/resume-review?orderid=71&flow=winback');
  });

  it('sends the purchase event and the data layer once, across a reload of the page', async () => {
    const first = run();
    await waitFor(first.actor, (s) => s.matches('shown'));
    expect(first.tracked).toEqual([
      {
        name: 'purchased initial',
        props: expect.objectContaining({ TransactionID: 5001, mixPanelSkuId: 4, campaignId: '55', price: 23.95 }),
      },
    ]);
    expect(first.pushed).toEqual([
      {
        eventName: 'orderConfirmation',
        transactionId: 5001,
        price: 23.95,
        productId: 'RSMBLD',
        emailId: expect.stringMatching(/^[0-9a-f]{64}$/),
        currencyCode: 'USD',
        virtualUrl: '/payment/orderconfirmation',
      },
    ]);
    expect(readTrackedOrders(first.session)).toEqual([5001]);

    const reload = run({ session: first.session });
    await waitFor(reload.actor, (s) => s.matches('shown'));
    expect(reload.tracked).toEqual([]);
    expect(reload.pushed).toEqual([]);
  });

  it('posts to the framing page’s origin, with the configured origin winning', async () => {
    const framed = run({ framed: true });
    await waitFor(framed.actor, (s) => s.matches('shown'));
    expect(framed.posted).toEqual([
      [{ source: 'order-confirmation', type: 'iframe-pageloaded', orderId: 5001 }, 'https://partner.example'],
      [
        { source: 'order-confirmation', type: 'iframe-freeTrial-paymentconfirmed', orderId: 5001 },
        'https://partner.example',
      ],
    ]);
    const configured = run({
      framed: true,
      config: config([{ code: 'affiliateFlow', data: { parentOrigin: 'https://configured.example' } }]),
    });
    await waitFor(configured.actor, (s) => s.matches('shown'));
    expect(configured.posted.map(([, origin]) => origin)).toEqual([
      'https://configured.example',
      'https://configured.example',
    ]);
  });

  it('posts nothing when the parent’s origin cannot be known', async () => {
    const framed = run({ framed: true, referrer: '' });
    await waitFor(framed.actor, (s) => s.matches('shown'));
    expect(framed.posted).toEqual([]);
  });
});
