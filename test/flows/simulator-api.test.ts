import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import type { SimulationResult } from '../../src/api/schemas/flows-simulator';

const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const SELL_LAYOUT = 'e1000000-0000-4000-8000-000000000001';

describe.each(targets)('flow simulator API (%s)', (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const simulate = (body: unknown) => api.post<SimulationResult>('/api/flows/simulate', body);

  it('active-de on mobile in cancel-flow variation 4: the reminder in my settings, the save offer on the pre-cancel page, then the survey', async () => {
    const { status, body } = await simulate({
      persona: 'active-de',
      device: 'mobile',
      variations: { [CANCEL_FLOW]: 4 },
    });
    expect(status).toBe(200);
    expect(body.purchase.map((p) => p.pageCode)).toEqual(['MobileSellPage']);
    expect(body.purchase[0]!.blocks).toEqual(['breadcrumb', 'alreadySubscribed']);
    expect(body.cancellation.map((p) => p.pageCode)).toEqual(['MYSET', 'PrecancelPage', 'CancellationSurvey']);
    expect(body.cancellation[0]!.offers).toEqual(['cancellationReminder']);
    expect(body.cancellation[1]!.offers).toEqual(['saveOffer:freeMonth']);
    expect(body.cancellation[1]!.facts).toMatchObject({
      strategy: 'Default',
      arm: 'offers',
      buttonOrder: 'keep,cancel',
    });
    // Nothing of the simulation stays behind: its session is gone.
    const sessions = await api.db.query<{ n: number }>('select count(*)::int as n from sessions');
    expect(sessions[0]!.n).toBe(0);
  });

  it('the holdout arm shows no save offer, and the one-click arm goes straight to the confirmation', async () => {
    const holdout = (await simulate({ persona: 'active-us', device: 'desktop', variations: { [CANCEL_FLOW]: 2 } }))
      .body;
    expect(holdout.cancellation[1]).toMatchObject({ pageCode: 'PrecancelPage', offers: [], facts: { arm: 'holdout' } });
    const oneClick = (await simulate({ persona: 'active-us', device: 'desktop', variations: { [CANCEL_FLOW]: 3 } }))
      .body;
    expect(oneClick.cancellation.map((p) => p.pageCode)).toEqual([
      'MYSET',
      'PrecancelPage',
      'CancellationConfirmation',
    ]);
  });

  it('a new person: the sell page with the layout of the variation, checkout, then where the paid plan leads', async () => {
    const { body } = await simulate({
      persona: 'new-us',
      device: 'desktop',
      variations: { [SELL_LAYOUT]: 5 },
      query: { flow: 'x' },
    });
    expect(body.purchase.map((p) => p.pageCode)).toEqual(['PricingPage', 'CheckoutPage', 'OrderPage']);
    expect(body.purchase[0]!.facts.layout).toBe('single');
    expect(body.purchase[0]!.offers).toHaveLength(1);
    // The single plan is the most popular one, not the annual plan the anchor stands above.
    expect(body.purchase[0]!.blocks).not.toContain('priceAnchor');
    expect(body.cancellation.map((p) => p.pageCode)).toEqual(['MYSET']);
  });

  it('a guest is asked to sign in after choosing a plan, and has no cancellation path', async () => {
    const { body } = await simulate({ persona: 'guest', device: 'desktop', country: 'GB' });
    expect(body.persona).toMatchObject({ signedIn: false, country: 'GB' });
    expect(body.purchase[0]!.blocks).not.toContain('docThumbnail');
    expect(body.purchase.at(-1)!.facts).toMatchObject({ signIn: true });
    expect(body.cancellation).toEqual([]);
  });

  it('bad input is a 400, an unknown persona too', async () => {
    expect((await simulate({ persona: 'nobody-here', device: 'desktop' })).status).toBe(400);
    expect((await simulate({ persona: 'active-us', device: 'tablet' })).status).toBe(400);
    expect((await simulate({ persona: 'active-us', device: 'desktop', variations: { 'not-a-guid': 3 } })).status).toBe(
      400,
    );
    expect((await simulate({ persona: 'active-us', device: 'desktop', query: { flow: 'x'.repeat(500) } })).status).toBe(
      400,
    );
  });

  it('open it: a fresh copy signed in, the experiment cookie set, and the first page with the overrides', async () => {
    const response = await api.raw('/api/flows/simulate/open', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        persona: 'active-de',
        device: 'mobile',
        country: 'AT',
        variations: { [CANCEL_FLOW]: 4 },
        query: { flow: 'save' },
        path: 'cancellation',
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; accountId: string };
    expect(body.url).toBe('/payment/mysettings?flow=save&countrycd=AT');
    expect(body.accountId).toMatch(/^7\d{8}$/);
    const cookies = response.headers.getSetCookie().join('\n');
    expect(cookies).toContain('rp_session=');
    expect(decodeURIComponent(cookies)).toContain(`"ExperimentGUID":"${CANCEL_FLOW}","VariationIndex":4,"PortalCD":"`);
  });
});
