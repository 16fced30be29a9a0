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
          segment: {
            country: 'US',
            device: 'desktop',
            userType: 'NEW',
            variations: { 'e1000000-0000-4000-8000-000000000023': 2 },
          },
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
          {
            from: 'purchaseFunnel.loading',
            event: 'xstate.done.actor.loadOffer',
            to: 'purchaseFunnel.alreadySubscribed',
            count: 0,
          },
        ],
        states: [
          { state: 'purchaseFunnel.loading', entries: 0, dropOff: 0 },
          { state: 'purchaseFunnel.unavailable', entries: 0, dropOff: 0 },
        ],
      },
    },
  },
  'GET /flows/segments': {
    query: { from: '2026-11-01', to: '2026-11-30' },
    responses: { 200: { countries: [], devices: [], userTypes: [], variations: [] } },
  },
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
  'GET /flows/experiments': {
    responses: {
      200: {
        experiments: [
          {
            guid: 'e1000000-0000-4000-8000-000000000002',
            name: 'Cancel flow',
            variations: [1, 2, 3, 4],
            control: 2,
            split: [
              {
                variation: 1,
                share: 0.25,
              },
              {
                variation: 2,
                share: 0.25,
              },
              {
                variation: 3,
                share: 0.25,
              },
              {
                variation: 4,
                share: 0.25,
              },
            ],
            suggestedGoal: {
              machine: 'cancellationConfirm',
              goal: 'cancellationConfirm.cancelled',
            },
          },
          {
            guid: 'e1000000-0000-4000-8000-000000000011',
            name: 'Checkout migration A',
            variations: [1, 2, 3],
            control: 1,
            split: [
              {
                variation: 1,
                share: 0.3333333333333333,
              },
              {
                variation: 2,
                share: 0.3333333333333333,
              },
              {
                variation: 3,
                share: 0.3333333333333333,
              },
            ],
            suggestedGoal: {
              machine: 'purchaseFunnel',
              goal: 'purchaseFunnel.paid',
            },
          },
        ],
      },
    },
  },
  'GET /flows/experiments/:guid/results': {
    params: { guid: 'e1000000-0000-4000-8000-000000000001' },
    query: { machine: 'purchaseFunnel', goal: 'purchaseFunnel.paid', from: '2026-11-01', to: '2026-11-30' },
    // Six layouts were shown; the control and two of them are listed here.
    responses: {
      200: {
        experiment: 'e1000000-0000-4000-8000-000000000001',
        name: 'Sell page layout',
        machine: 'purchaseFunnel',
        goal: 'purchaseFunnel.paid',
        from: '2026-11-01',
        to: '2026-11-30',
        control: 1,
        srm: {
          chiSquare: 0.25612806403201605,
          pValue: 0.9983877680840288,
          mismatch: false,
          expected: [
            {
              variation: 1,
              share: 0.16666666666666666,
            },
            {
              variation: 2,
              share: 0.16666666666666666,
            },
            {
              variation: 3,
              share: 0.16666666666666666,
            },
            {
              variation: 4,
              share: 0.16666666666666666,
            },
            {
              variation: 5,
              share: 0.16666666666666666,
            },
            {
              variation: 6,
              share: 0.16666666666666666,
            },
          ],
        },
        warning: null,
        method: {
          alpha: 0.05,
          srmAlpha: 0.001,
          mixingVariance: 0.001,
          looks: 1,
        },
        variations: [
          {
            variation: 1,
            visits: 2000,
            conversions: 400,
            rate: 0.2,
            ci95: [0.1831, 0.2181],
            vsControl: null,
          },
          {
            variation: 2,
            visits: 1985,
            conversions: 404,
            rate: 0.2035,
            ci95: [0.1864, 0.2218],
            vsControl: {
              diff: 0.0035,
              ci95: [-0.0214, 0.0285],
              relativeLift: 0.0176,
              pValue: 1,
              significant: false,
              fixedHorizonPValue: 0.7815069985762666,
            },
          },
          {
            variation: 3,
            visits: 2000,
            conversions: 480,
            rate: 0.24,
            ci95: [0.2218, 0.2592],
            vsControl: {
              diff: 0.04,
              ci95: [0.0143, 0.0656],
              relativeLift: 0.2,
              pValue: 0.048864796747263024,
              significant: true,
              fixedHorizonPValue: 0.0022617056754883243,
            },
          },
        ],
      },
    },
  },
};
