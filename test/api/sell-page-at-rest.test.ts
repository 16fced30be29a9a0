/**
 * A guest's sell page at rest: on the plain sell page the server settles start-up, the funnel and
 * the page's configuration as the app would, and sends the whole page drawn, with what the app
 * needs to take it over later. Anything else (a query, a session) gets the page as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { standInFrontEnd } from '../support/stand-in-front-end';
import { formatMoney } from '../../src/domain/money';
import { planPriceOf } from '../../src/domain/sell-plans';
import type { Sku } from '../../src/api/schemas/skus';
import { guessDevice } from '../../server/http/drawn-sell-page';
import deFunnel from '../../src/i18n/locales/de-DE/funnel.json';
import enFunnel from '../../src/i18n/locales/en-US/funnel.json';
import enCommon from '../../src/i18n/locales/en-US/common.json';

const PHONE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe("a guest's sell page drawn whole, at rest", () => {
  // As shoppers get it (outside demo mode); the demo server signs personas in, and gets the app at once.
  let api: TestApi;
  let demo: TestApi;
  let plans: Sku[];

  beforeAll(async () => {
    [api, demo] = await Promise.all([
      startTestApi('pglite', { DIST_DIR: standInFrontEnd(), DEMO_LOGIN: '0' }),
      startTestApi('pglite', { DIST_DIR: standInFrontEnd() }),
    ]);
    plans = (await api.get<{ Skus: Sku[] }>('/api/skus?countryCD=US&sellPageOnly=true')).body.Skus.filter(
      (s) => s.PlanTier,
    );
  });
  afterAll(() => Promise.all([api.close(), demo.close()]));

  const page = async (path: string, headers: Record<string, string> = {}, server = api) => {
    const response = await server.raw(path, {
      headers: { 'accept-language': 'en-US', 'user-agent': DESKTOP, ...headers },
    });
    return { status: response.status, html: await response.text(), vary: response.headers.get('vary') ?? '' };
  };
  const atRestData = (html: string) => {
    const found = html.match(/<script type="application\/json" id="page-at-rest">(.*?)<\/script>/);
    return found
      ? (JSON.parse(found[1]!) as {
          href: string;
          randoms: { socialProof: number[]; liveActivity: number[] };
          view: unknown;
        })
      : null;
  };
  const planOption = (html: string, tier: string) =>
    html.match(new RegExp(`<label[^>]*data-testid="plan-option-${tier}".*?</label>`))?.[0] ?? null;

  it('draws every plan with its price, the plan the funnel chooses checked, "continue", and the blocks below the plans', async () => {
    const { status, html } = await page('/payment/pricing');
    expect(status).toBe(200);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans)
      expect(planOption(html, plan.PlanTier!), plan.PlanTier!).toContain(
        formatMoney(planPriceOf(plan).today, plan.CurrencyCD, 'en-US'),
      );
    // The most popular plan is the one the funnel chooses for a guest: its native radio is checked, the others are not.
    const chosen = plans.find((p) => p.IsMostPopular)!;
    expect(planOption(html, chosen.PlanTier!)).toMatch(/<input[^>]*type="radio"[^>]*checked=""/);
    for (const other of plans.filter((p) => p !== chosen))
      expect(planOption(html, other.PlanTier!)).not.toMatch(/checked=""/);
    expect(html).toMatch(/<button[^>]*data-testid="continue-to-checkout"[^>]*>Sign in to continue<\/button>/);
    for (const block of [
      'social-proof',
      'trust-rating',
      'live-activity',
      'payment-logos',
      'feature-list',
      'money-back',
      'testimonial-carousel',
      'disclaimers',
    ])
      expect(html, block).toContain(`data-testid="${block}"`);
    expect(html).toContain(
      `<section class="sell-page" data-testid="page-sell" aria-labelledby="sell-heading" aria-busy="false">`,
    );
    expect(html).not.toContain(`<p role="status">${enFunnel.sell.loading}</p>`);
    // The statutory link to the cancellation form is on the page before the app comes.
    expect(html).toContain(
      `<a href="/payment/cancellation/request" class="site-footer__cancel" data-testid="footer-cancel-contracts">${enCommon.app.footerCancelContracts}</a>`,
    );
  });

  it('says so after the root, with the address and the random draws its blocks made, and reads nothing ahead for an app that is not coming yet', async () => {
    const { html, vary } = await page('/payment/pricing');
    const data = atRestData(html);
    expect(data?.href).toBe('/payment/pricing');
    expect(data!.randoms.socialProof.length).toBeGreaterThan(0);
    expect(data!.randoms.liveActivity.length).toBeGreaterThan(0);
    // The view main.tsx reports while the page is at rest: the app's own event for a guest.
    expect(data!.view).toEqual({
      user_id: '00000000-0000-0000-0000-000000000000',
      event_name: 'screen viewed',
      identify: false,
      props: { page_code: 'PricingPage', path: '/payment/pricing' },
    });
    expect(html).not.toContain('id="drawn-sell-top"');
    expect(html).not.toContain('rel="preload" as="fetch"');
    expect(vary).toContain('User-Agent');
    expect(
      (await page('/payment/cancellation/request')).vary,
      'only the sell page depends on the device',
    ).not.toContain('User-Agent');
    // A first visit (no cookie at all) is drawn once for a while, for every such guest alike; a
    // visitor with cookies (which may hold their own count or feed) gets a drawing of their own.
    expect(atRestData((await page('/payment/pricing')).html)!.randoms).toEqual(data!.randoms);
    const withCookies = async () => atRestData((await page('/payment/pricing', { cookie: 'visited=1' })).html)!.randoms;
    expect(await withCookies()).not.toEqual(await withCookies());
  });

  it('draws the page for the device the request names: the app blade only for a phone', async () => {
    expect((await page('/payment/pricing', { 'user-agent': PHONE })).html).toContain('data-testid="app-blade"');
    expect((await page('/payment/pricing', { 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' })).html).toContain(
      'data-testid="app-blade"',
    );
    expect((await page('/payment/pricing', { 'user-agent': DESKTOP })).html).not.toContain('data-testid="app-blade"');
  });

  it("in the visitor's language and market", async () => {
    const { html } = await page('/payment/pricing', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(atRestData(html)).not.toBeNull();
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toContain(`<title>${deFunnel.sell.title}</title>`);
    expect(html).toContain(`<h1 id="sell-heading" tabindex="-1">${deFunnel.sell.title}</h1>`);
    expect(html).toContain('€');
  });

  it('a query, a session, another sell address or demo mode get the page as before: its top, and the app at once', async () => {
    const cookie = await demo.signIn('new-us');
    for (const [path, headers, server] of [
      ['/payment/pricing?countrycd=IN', {}, api],
      ['/payment/pricing?skuid=102', {}, api],
      ['/payment/plans', {}, api],
      // Any session cookie: start-up decides a signed-in visitor's page.
      ['/payment/pricing', { cookie: 'rp_session=not-a-session-of-ours' }, api],
      // A session (signed in through demo mode, whose server gives no one the page at rest).
      ['/payment/pricing', { cookie }, demo],
      ['/payment/pricing', {}, demo],
    ] as const) {
      const { html } = await page(path, headers, server);
      expect(atRestData(html), path).toBeNull();
    }
    expect((await page('/payment/pricing?countrycd=IN')).html).toContain('id="drawn-sell-top"');
    expect((await page('/payment/pricing', {}, demo)).html).toContain('id="drawn-sell-top"');
  });
});

describe('the device a page request comes from', () => {
  it("is the browser's mobile hint when it sends one, else a phone's user agent", () => {
    expect(guessDevice({ mobileHint: '?1', userAgent: DESKTOP })).toBe('Mobile');
    expect(guessDevice({ mobileHint: '?0', userAgent: PHONE })).toBe('Desktop');
    expect(guessDevice({ mobileHint: undefined, userAgent: PHONE })).toBe('Mobile');
    expect(guessDevice({ mobileHint: undefined, userAgent: DESKTOP })).toBe('Desktop');
    // An iPad's Safari sends no "Mobi": a tablet is drawn as a desktop until the app measures the screen.
    expect(
      guessDevice({
        mobileHint: undefined,
        userAgent:
          'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
      }),
    ).toBe('Desktop');
    expect(guessDevice({ mobileHint: undefined, userAgent: undefined })).toBe('Desktop');
  });
});
