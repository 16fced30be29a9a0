import type { PathModel } from '../coverage';
import type { StartupInput } from '../../../machines/startup-access.machine';

const policy = {
  permittedPages: ['CancellationRequest', 'SellPage'],
  supportingPages: [{ page: 'CheckoutPage', sources: ['interviewblog'] }],
  allowAllByConfig: false,
  guestOnlyPages: ['CancellationRequest'],
};

const claims = {
  user: {
    UserUID: '5eed0000-0000-4000-8000-000000000001',
    Role: ' User ',
    EmailAddress: 'a@example.com',
    FirstName: 'Nora',
    LastName: 'Newman',
    AccDisplayName: null,
  },
  guest: {
    UserUID: '00000000-0000-0000-0000-000000000000',
    Role: 'guest',
    EmailAddress: '',
    FirstName: '',
    LastName: '',
    AccDisplayName: null,
  },
  userWithoutEmail: {
    UserUID: '5eed0000-0000-4000-8000-000000000001',
    Role: 'user',
    EmailAddress: '',
    FirstName: 'A',
    LastName: 'B',
    AccDisplayName: null,
  },
};

const request = (overrides: Partial<StartupInput['request']>): StartupInput['request'] => ({
  pageCode: 'SellPage',
  device: 'Desktop',
  source: null,
  subRole: null,
  ...overrides,
});

export const startupAccessModel: PathModel = {
  inputs: [
    { request: request({}), policy },
    { request: request({ pageCode: 'MYSET' }), policy },
    { request: request({ pageCode: 'MYSET', device: 'Mobile', source: 'interviewblog' }), policy },
    { request: request({ subRole: 'Employer' }), policy },
    { request: request({ pageCode: 'CancellationRequest' }), policy },
  ] satisfies StartupInput[],
  events: (snapshot) => {
    if (snapshot.matches('loadingConfig')) {
      return [
        {
          type: 'xstate.done.actor.config',
          output: {
            unauthenticatedPages: { Rule: { Pages: ['MYSET'] }, Config: { Show: true } },
            testimonialLoaderVariation: 3,
          },
        },
        { type: 'xstate.error.actor.config', error: new Error('config down') },
      ];
    }
    if (snapshot.matches('checkingClaims')) {
      return [
        ...Object.values(claims).map((output) => ({ type: 'xstate.done.actor.claims', output })),
        { type: 'xstate.done.actor.claims', output: null },
        { type: 'xstate.error.actor.claims', error: new Error('offline') },
        { type: 'xstate.error.actor.claims', error: Object.assign(new Error('503'), { retryable: true }) },
      ];
    }
    if (snapshot.matches({ signedIn: 'loadingUserData' })) {
      return [
        { type: 'xstate.done.actor.userData', output: { preferences: [{ code: 'LOW_INTENT_USER', value: 'false' }] } },
        { type: 'xstate.error.actor.userData', error: new Error('500') },
      ];
    }
    if (snapshot.matches({ signedIn: 'decidingTheme' })) {
      return [
        { type: 'xstate.done.actor.theme', output: 'wlb' },
        { type: 'xstate.error.actor.theme', error: new Error('500') },
      ];
    }
    if (snapshot.matches({ guest: 'decidingTheme' })) {
      return [
        { type: 'xstate.done.actor.guestTheme', output: 'default' },
        { type: 'xstate.error.actor.guestTheme', error: new Error('500') },
      ];
    }
    return [{ type: 'startup.retry' }];
  },
};
