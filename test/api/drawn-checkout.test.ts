/**
 * Checkout drawn at once: for a signed-in person on checkout, the server settles start-up and the
 * purchase funnel with their machines and, where checkout would show, sends its top in the page.
 * Wherever it cannot be sure, the page is sent as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_UID, startTestApi, type TestApi } from '../support/api-client';
import { standInFrontEnd } from '../support/stand-in-front-end';
import { formatMoney } from '../../src/domain/money';
import { planPriceOf } from '../../src/domain/sell-plans';
import type { Sku } from '../../src/api/schemas/skus';
import { FRAME_START_HEIGHT } from '../../machines/checkout-frame.rules';

describe('checkout drawn by the server for a signed-in person', () => {
  let api: TestApi;
  const cookies: Record<string, string> = {};
  let plan: Sku;
  let service: Sku | undefined;

  beforeAll(async () => {
    api = await startTestApi('pglite', { DIST_DIR: standInFrontEnd() });
    for (const persona of ['new-us', 'active-us', 'suspended-us', 'new-in'])
      cookies[persona] = await api.signIn(persona);
    const plans = await api.get<{ Skus: Sku[] }>(
      `/api/skus?userUID=${PERSONA_UID['new-us']}&sellPageOnly=true`,
      cookies['new-us'],
    );
    plan = plans.body.Skus.find((s) => s.PlanTier)!;
    const all = await api.get<{ Skus: Sku[] }>(`/api/skus?userUID=${PERSONA_UID['new-us']}`, cookies['new-us']);
    service = all.body.Skus.find(
      (s) => !s.PlanTier && s.SkuTypeCD !== 'REBT' && /review|tune|writ/i.test(`${s.ProductID} ${s.Label}`),
    );
  });
  afterAll(() => api.close());

  const page = async (path: string, cookie?: string) => {
    const response = await api.raw(path, { headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en-US' } });
    return {
      status: response.status,
      html: await response.text(),
      cacheControl: response.headers.get('cache-control'),
    };
  };
  const summaryOf = (html: string) =>
    html.match(/<section class="[^"]*\border-summary\b[^"]*".*?<\/section>/)?.[0] ?? null;

  it('new-us on checkout with a plan of the sell page gets the summary with its price, the frame slot and the data the app draws from', async () => {
    const { status, html, cacheControl } = await page(`/payment/checkout?skuid=${plan.SkuID}`, cookies['new-us']);
    expect(status).toBe(200);
    const summary = summaryOf(html);
    expect(summary).toContain(`data-sku-id="${plan.SkuID}"`);
    expect(summary).toContain(formatMoney(planPriceOf(plan).today, plan.CurrencyCD, 'en-US'));
    expect(html).toContain(`class="checkout__frame-slot" style="min-height:${FRAME_START_HEIGHT}px"`);
    expect(html).toContain('data-testid="payment-method-PYPL"');
    expect(html).toMatch(/<h1 id="checkout-heading"/);
    const data = JSON.parse(
      html.match(/<script type="application\/json" id="drawn-checkout">(.*?)<\/script>/)![1]!,
    ) as { href: string; sku: Sku };
    expect(data.href).toBe(`/payment/checkout?skuid=${plan.SkuID}`);
    expect(data.sku.SkuID).toBe(plan.SkuID);
    expect(cacheControl).toContain('private');
  });

  it("a signed-in person's other pages are theirs too (they name the person's own reads): no shared cache keeps them, unlike a guest's", async () => {
    expect((await page('/payment/mysettings', cookies['active-us'])).cacheControl).toContain('private');
    expect((await page('/payment/mysettings')).cacheControl).not.toContain('private');
  });

  it('the mobile checkout is drawn too', async () => {
    const { html } = await page(`/payment/mobile/checkout?skuid=${plan.SkuID}`, cookies['new-us']);
    expect(summaryOf(html)).toContain(`data-sku-id="${plan.SkuID}"`);
  });

  it('new-in sees the price in rupees and UPI among the methods', async () => {
    const plans = await api.get<{ Skus: Sku[] }>(
      `/api/skus?userUID=${PERSONA_UID['new-in']}&sellPageOnly=true`,
      cookies['new-in'],
    );
    const indian = plans.body.Skus.find((s) => s.PlanTier)!;
    const { html } = await page(`/payment/checkout?skuid=${indian.SkuID}`, cookies['new-in']);
    const summary = summaryOf(html)!;
    expect(summary).toContain(formatMoney(planPriceOf(indian).today, indian.CurrencyCD, 'en-IN'));
    expect(html).toContain('data-testid="payment-method-DUPI"');
  });

  it('every plan of the sell page is drawn with its catalogue name and its renewal terms, the annual plan too', async () => {
    const plans = await api.get<{ Skus: Sku[] }>(
      `/api/skus?userUID=${PERSONA_UID['new-us']}&sellPageOnly=true`,
      cookies['new-us'],
    );
    const renewals: Record<string, string> = {};
    for (const sku of plans.body.Skus.filter((s) => s.PlanTier)) {
      const summary = summaryOf((await page(`/payment/checkout?skuid=${sku.SkuID}`, cookies['new-us'])).html)!;
      renewals[sku.PlanTier!] = summary.match(/data-testid="summary-renewal">(.*?)<\/dd>/)?.[1] ?? '';
    }
    expect(renewals).toEqual({
      limitedAccess: 'After 14 days it renews at $23.95 every month until you cancel.',
      fullAccess: 'After 14 days it renews at $23.95 every month until you cancel.',
      annualAccess: 'One payment of $59.40 for 1 year. It does not renew.',
    });
  });

  it('a service named at checkout is drawn with its service name', async () => {
    if (!service) return expect.fail('the seed has a service for the US');
    const { html } = await page(`/payment/checkout?skuid=${service.SkuID}`, cookies['new-us']);
    expect(summaryOf(html)).toContain(`data-sku-id="${service.SkuID}"`);
  });

  for (const [name, path, persona] of [
    [
      'an active subscriber (the funnel tells them they have a plan)',
      () => `/payment/checkout?skuid=${plan.SkuID}`,
      'active-us',
    ],
    ['an unknown plan', () => '/payment/checkout?skuid=999999', 'new-us'],
    ['no plan in the address', () => '/payment/checkout', 'new-us'],
    ['a guest', () => `/payment/checkout?skuid=${plan.SkuID}`, null],
    ['a stale session cookie', () => `/payment/checkout?skuid=${plan.SkuID}`, 'stale'],
    ['a winback checkout', () => `/payment/checkout?skuid=${plan.SkuID}&mode=winback`, 'new-us'],
    ['the sell page', () => `/payment/pricing?skuid=${plan.SkuID}`, 'new-us'],
  ] as const) {
    it(`nothing new is drawn for ${name}`, async () => {
      const cookie = persona === 'stale' ? 'rp_session=not-a-session' : persona ? cookies[persona] : undefined;
      const { status, html } = await page(path(), cookie);
      expect(status).toBe(200);
      expect(summaryOf(html)).toBeNull();
      expect(html).not.toContain('id="drawn-checkout"');
      expect(html).toContain('<header class="site-header">');
    });
  }

  it('a suspended person is drawn checkout as the funnel opens it for them (no active plan)', async () => {
    const plans = await api.get<{ Skus: Sku[] }>(
      `/api/skus?userUID=${PERSONA_UID['suspended-us']}&sellPageOnly=true`,
      cookies['suspended-us'],
    );
    const own = plans.body.Skus.find((s) => s.PlanTier)!;
    const { html } = await page(`/payment/checkout?skuid=${own.SkuID}`, cookies['suspended-us']);
    const subscribed = await api.get<{ IsAlreadySubscribed: boolean }>(
      '/api/payments/alreadysubscribeduser',
      cookies['suspended-us'],
    );
    expect(summaryOf(html) !== null).toBe(!subscribed.body.IsAlreadySubscribed);
  });
});
