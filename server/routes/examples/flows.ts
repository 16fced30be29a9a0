import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the flows operations, from the seeded demo data. */
export const flowsExamples: ExamplesByOperation = {
  'POST /flows/transitions': {
    body: {
      transitions: [
        {
          id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
          machine: 'purchaseFunnel',
          flowId: '6c5b4a39-2817-4f06-a5e4-d3c2b1a09f8e',
          seq: 0,
          from: null,
          event: 'xstate.init',
          to: 'purchaseFunnel.loading',
          at: '2026-12-07T23:24:53.663Z',
          segment: { country: 'US', device: 'desktop', userType: 'NEW', variations: { 'e1000000-0000-4000-8000-000000000023': 2 } },
        },
      ],
    },
    responses: { 202: { recorded: 1, duplicates: 0 } },
  },
  'GET /flows/machines': {
    query: { from: '2026-11-01', to: '2026-11-30' },
    responses: {
      200: {
        from: '2026-11-01',
        to: '2026-11-30',
        machines: [
          { name: 'startupAccess', states: 15, transitions: 18, guards: 7, visits: 0 },
          { name: 'cancellationRequest', states: 21, transitions: 25, guards: 7, visits: 0 },
        ],
      },
    },
  },
  'GET /flows/machines/:machine/counts': {
    params: { machine: 'purchaseFunnel' },
    query: { from: '2026-11-01', to: '2026-11-30', country: 'US', device: 'desktop' },
    responses: {
      200: {
        machine: 'purchaseFunnel',
        from: '2026-11-01',
        to: '2026-11-30',
        visits: 0,
        edges: [
          { from: null, event: 'xstate.init', to: 'purchaseFunnel.loading', count: 0 },
          { from: 'purchaseFunnel.loading', event: 'xstate.done.actor.loadOffer', to: 'purchaseFunnel.alreadySubscribed', count: 0 },
        ],
        states: [{ state: 'purchaseFunnel.loading', entries: 0, dropOff: 0 }, { state: 'purchaseFunnel.unavailable', entries: 0, dropOff: 0 }],
      },
    },
  },
  'GET /flows/segments': { query: { from: '2026-11-01', to: '2026-11-30' }, responses: { 200: { countries: [], devices: [], userTypes: [], variations: [] } } },
  'GET /flows/simulate/options': {
    responses: {
      200: {
        personas: [
          { id: 'active-de', name: 'Lena Schneider', country: 'DE', userType: 'ACTV' },
          { id: 'active-uk', name: 'Oliver Hughes', country: 'GB', userType: 'ACTV' },
        ],
        experiments: [
          { guid: 'e1000000-0000-4000-8000-000000000023', name: 'Auto-download delay', variations: 3 },
          { guid: 'e1000000-0000-4000-8000-000000000021', name: 'Cancel button order', variations: 3 },
        ],
        queryParams: ['flow', 'mode'],
      },
    },
  },
  'POST /flows/simulate': {
    body: { persona: 'active-de', country: null, device: 'mobile', variations: {}, query: { flow: 'save' } },
    responses: {
      200: {
        persona: { id: 'active-de', userType: 'ACTV', country: 'DE', portal: 'RNDE', signedIn: true },
        device: 'mobile',
        variations: {},
        purchase: [
          {
            path: '/payment/mobile/plans?flow=save',
            pageCode: 'MobileSellPage',
            machine: 'purchaseFunnel',
            state: 'purchaseFunnel.alreadySubscribed',
            offers: [],
            blocks: ['breadcrumb', 'alreadySubscribed'],
            facts: { plansPriced: 'limitedAccess,fullAccess,annualAccess' },
            next: null,
          },
        ],
        cancellation: [
          {
            path: '/payment/mysettings?flow=save',
            pageCode: 'MYSET',
            machine: 'mySettings',
            state: 'mySettings.loaded',
            offers: [],
            blocks: ['entry:cancel', 'entry:pause'],
            facts: { planStatus: 'ACTV', cancelFlowVariation: null },
            next: 'entry:cancel',
          },
          {
            path: '/payment/cancellation/pre',
            pageCode: 'PrecancelPage',
            machine: 'preCancel',
            state: 'preCancel.offering',
            offers: ['saveOffer:freeMonth'],
            blocks: ['standardPage', 'complaint:technicalProblem'],
            facts: { strategy: 'Default', arm: 'offers', buttonOrder: 'keep,cancel' },
            next: 'preCancel.cancel',
          },
        ],
      },
    },
  },
  'POST /flows/simulate/open': {
    body: { persona: 'new-us', device: 'desktop', path: 'purchase' },
    responses: { 200: { url: '/payment/pricing', accountId: '700000002' } },
  },
};
