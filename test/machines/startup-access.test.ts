import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { startupAccessMachine, type StartupInput, type UserData } from '../../machines/startup-access.machine';
import {
  displayNameOf,
  isGuestAllowedOn,
  isGuestOnlyPage,
  isSignedInUser,
  loaderFor,
  policyWithConfig,
  routeAccess,
  type AccessClaims,
  type AccessPolicy,
  type StartupConfig,
  type UnauthenticatedPagesFeature,
} from '../../machines/startup-access.rules';

const user: AccessClaims = {
  UserUID: '5eed0000-0000-4000-8000-000000000003',
  Role: 'user',
  EmailAddress: 'ava@example.com',
  FirstName: 'Ava',
  LastName: 'Martinez',
  AccDisplayName: null,
};
const guest: AccessClaims = {
  UserUID: '00000000-0000-0000-0000-000000000000',
  Role: 'guest',
  EmailAddress: '',
  FirstName: '',
  LastName: '',
  AccDisplayName: null,
};
const policy: StartupInput['policy'] = {
  permittedPages: ['CancellationRequest'],
  supportingPages: [{ page: 'CheckoutPage', sources: ['affiliate'] }],
  allowAllByConfig: false,
  guestOnlyPages: ['CancellationRequest'],
};

const noConfig: StartupConfig = { unauthenticatedPages: null, testimonialLoaderVariation: null };

async function decide(
  claims: AccessClaims | null | Error,
  request: Partial<StartupInput['request']>,
  overrides: Partial<StartupInput['policy']> = {},
  config: StartupConfig | Error = noConfig,
) {
  const machine = startupAccessMachine.provide({
    actors: {
      loadConfig: fromPromise<StartupConfig>(async () => {
        if (config instanceof Error) throw config;
        return config;
      }),
      loadClaims: fromPromise<AccessClaims | null>(async () => {
        if (claims instanceof Error) throw claims;
        return claims;
      }),
      loadUserData: fromPromise<UserData, { claims: AccessClaims }>(async () => ({ preferences: [] })),
      decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'wlb'),
    },
  });
  const actor = createActor(machine, {
    input: {
      request: { pageCode: 'SellPage', device: 'Desktop', source: null, subRole: null, ...request },
      policy: { ...policy, ...overrides },
    },
  }).start();
  const snapshot = await waitFor(actor, (s) => s.status === 'done' || s.hasTag('themeFinal'));
  actor.stop();
  return snapshot.status === 'done'
    ? snapshot.output!.destination
    : (snapshot.value as Record<string, string>) && Object.keys(snapshot.value as object)[0];
}

describe('start-up access', () => {
  it.each([
    ['no claims', null, {}, {}, 'timeout'],
    ['a failed claims call', new Error('offline'), {}, {}, 'timeout'],
    // A response the API client let through malformed: the machine still checks before it trusts it.
    ['claims without a role', JSON.parse('{"UserUID":"x"}') as AccessClaims, {}, {}, 'timeout'],
    ['a signed-in user', user, {}, {}, 'signedIn'],
    [
      'a signed-in user on the logged-out cancellation form',
      user,
      { pageCode: 'CancellationRequest' },
      {},
      'mySettings',
    ],
    [
      'a signed-in user on the form, whose role has capitals',
      { ...user, Role: 'User' },
      { pageCode: 'CancellationRequest' },
      {},
      'mySettings',
    ],
    ['a user whose role has spaces and capitals', { ...user, Role: '  USER ' }, {}, {}, 'signedIn'],
    ['a user without an e-mail, on a closed page', { ...user, EmailAddress: '' }, { pageCode: 'MYSET' }, {}, 'timeout'],
    [
      'a user with the all-zero id on a permitted page',
      { ...user, UserUID: guest.UserUID },
      { pageCode: 'CancellationRequest' },
      {},
      'guest',
    ],
    ['a guest on a permitted page', guest, { pageCode: 'CancellationRequest' }, {}, 'guest'],
    ['a guest on a closed page', guest, { pageCode: 'MYSET' }, {}, 'timeout'],
    [
      'a guest on a supporting page from its source',
      guest,
      { pageCode: 'CheckoutPage', source: 'affiliate' },
      {},
      'guest',
    ],
    [
      'a guest on a supporting page from elsewhere',
      guest,
      { pageCode: 'CheckoutPage', source: 'email' },
      {},
      'timeout',
    ],
    ['a guest anywhere when config opens the flow', guest, { pageCode: 'MYSET' }, { allowAllByConfig: true }, 'guest'],
    ['an employer', user, { subRole: 'Employer' }, {}, 'employerSurvey'],
    [
      'a mobile guest from the interview blog',
      guest,
      { pageCode: 'MYSET', device: 'Mobile', source: 'interviewblog' },
      {},
      'resumePage',
    ],
    [
      'a desktop guest from the interview blog on a closed page',
      guest,
      { pageCode: 'MYSET', source: 'interviewblog' },
      {},
      'timeout',
    ],
  ] as const)('%s → %s', async (_name, claims, request, overrides, expected) => {
    expect(await decide(claims, request, overrides)).toBe(expected);
  });

  const opens = (pages: string[], show = true): StartupConfig => ({
    unauthenticatedPages: { Rule: { Pages: pages }, Config: { Show: show } },
    testimonialLoaderVariation: null,
  });

  it.each([
    ['a guest on a page configuration opens', guest, { pageCode: 'SellPage' }, opens(['SellPage']), 'guest'],
    ['a guest on a page configuration does not name', guest, { pageCode: 'MYSET' }, opens(['SellPage']), 'timeout'],
    ['a guest anywhere when configuration opens All', guest, { pageCode: 'MYSET' }, opens(['All']), 'guest'],
    [
      'a guest on a configured page while the feature is switched off',
      guest,
      { pageCode: 'SellPage' },
      opens(['SellPage'], false),
      'timeout',
    ],
    [
      'a guest on the form when configuration leaves it out',
      guest,
      { pageCode: 'CancellationRequest' },
      opens(['SellPage']),
      'guest',
    ],
    [
      'a guest on a configured page during a configuration outage',
      guest,
      { pageCode: 'SellPage' },
      new Error('503'),
      'timeout',
    ],
    [
      'a guest on the form during a configuration outage',
      guest,
      { pageCode: 'CancellationRequest' },
      new Error('503'),
      'guest',
    ],
    [
      'a signed-in user on the form that configuration opens to guests',
      user,
      { pageCode: 'CancellationRequest' },
      opens(['CancellationRequest']),
      'mySettings',
    ],
  ] as const)('%s → %s', async (_name, claims, request, config, expected) => {
    expect(await decide(claims, request, {}, config as StartupConfig | Error)).toBe(expected);
  });

  it('a claims call the server could not answer just now offers a retry, and the retry asks again', async () => {
    const answers: (AccessClaims | Error)[] = [Object.assign(new Error('503'), { retryable: true }), user];
    let asked = 0;
    const machine = startupAccessMachine.provide({
      actors: {
        loadConfig: fromPromise<StartupConfig>(async () => noConfig),
        loadClaims: fromPromise<AccessClaims | null>(async () => {
          const answer = answers[asked++];
          if (answer instanceof Error) throw answer;
          return answer ?? null;
        }),
        loadUserData: fromPromise<UserData, { claims: AccessClaims }>(async () => ({ preferences: [] })),
        decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'default'),
      },
    });
    const actor = createActor(machine, {
      input: { request: { pageCode: 'MYSET', device: 'Desktop', source: null, subRole: null }, policy },
    }).start();
    const waiting = await waitFor(actor, (s) => s.matches('claimsUnavailable'));
    expect(waiting.status).toBe('active');
    expect(waiting.hasTag('loading')).toBe(false);
    // The route guard waits for the retry too: no access decision is made without claims.
    expect(waiting.hasTag('awaitingRetry')).toBe(true);
    expect(waiting.can({ type: 'startup.retry' })).toBe(true);
    actor.send({ type: 'startup.retry' });
    const ready = await waitFor(actor, (s) => s.hasTag('themeFinal'));
    actor.stop();
    expect(asked).toBe(2);
    expect(ready.matches('signedIn')).toBe(true);
  });

  it('keeps the resolved policy and the testimonial-loader variation in its context, for the route guard and the loader', async () => {
    const machine = startupAccessMachine.provide({
      actors: {
        loadConfig: fromPromise<StartupConfig>(async () => ({
          ...opens(['SellPage', 'IndexPage']),
          testimonialLoaderVariation: 4,
        })),
        loadClaims: fromPromise<AccessClaims | null>(async () => guest),
        decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'default'),
      },
    });
    const actor = createActor(machine, {
      input: { request: { pageCode: 'SellPage', device: 'Desktop', source: null, subRole: null }, policy },
    }).start();
    const ready = await waitFor(actor, (s) => s.hasTag('themeFinal'));
    actor.stop();
    expect(ready.context.policy.permittedPages).toEqual(['CancellationRequest', 'SellPage', 'IndexPage']);
    expect(ready.context.policy.guestOnlyPages).toEqual(['CancellationRequest']);
    expect(ready.context.testimonialLoaderVariation).toBe(4);
  });

  it('shows the loader while configuration is read, and keeps the static policy when it fails', async () => {
    let failConfig!: (error: Error) => void;
    const machine = startupAccessMachine.provide({
      actors: {
        loadConfig: fromPromise<StartupConfig>(
          () => new Promise<StartupConfig>((_resolve, reject) => (failConfig = reject)),
        ),
        loadClaims: fromPromise<AccessClaims | null>(async () => guest),
        decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'default'),
      },
    });
    const actor = createActor(machine, {
      input: { request: { pageCode: 'CancellationRequest', device: 'Desktop', source: null, subRole: null }, policy },
    }).start();
    expect(actor.getSnapshot().matches('loadingConfig')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    failConfig(new Error('config down'));
    const ready = await waitFor(actor, (s) => s.hasTag('themeFinal'));
    actor.stop();
    expect(ready.matches('guest')).toBe(true);
    expect(ready.context.policy).toEqual(policy);
    expect(ready.context.testimonialLoaderVariation).toBeNull();
  });

  it('holds the loading tag until user data and theme are in', async () => {
    let releaseUser!: () => void;
    const machine = startupAccessMachine.provide({
      actors: {
        loadConfig: fromPromise<StartupConfig>(async () => noConfig),
        loadClaims: fromPromise<AccessClaims | null>(async () => user),
        loadUserData: fromPromise<UserData, { claims: AccessClaims }>(
          () =>
            new Promise<UserData>(
              (resolve) =>
                (releaseUser = () => resolve({ preferences: [{ code: 'CANCELLATION_REMINDER', value: 'false' }] })),
            ),
        ),
        decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'mpr'),
      },
    });
    const actor = createActor(machine, {
      input: { request: { pageCode: 'SellPage', device: 'Desktop', source: null, subRole: null }, policy },
    }).start();
    await waitFor(actor, (s) => s.matches({ signedIn: 'loadingUserData' }));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    releaseUser();
    const ready = await waitFor(actor, (s) => s.hasTag('themeFinal'));
    expect(ready.hasTag('loading')).toBe(false);
    expect(ready.context).toMatchObject({
      theme: 'mpr',
      userDataLoaded: true,
      displayName: 'Ava Martinez',
      preferences: [{ code: 'CANCELLATION_REMINDER', value: 'false' }],
    });
    actor.stop();
  });
});

describe('start-up rules', () => {
  it('needs role user, a real id and an e-mail for the signed-in flow', () => {
    expect(isSignedInUser(user)).toBe(true);
    expect(isSignedInUser({ ...user, UserUID: '' })).toBe(false);
    expect(isSignedInUser({ ...user, EmailAddress: '   ' })).toBe(false);
    expect(isSignedInUser({ ...user, Role: 'guest' })).toBe(false);
    expect(isSignedInUser(null), 'claims not read yet').toBe(false);
  });

  it('greets by display name, then by full name', () => {
    expect(displayNameOf({ ...user, AccDisplayName: 'Ava M.' })).toBe('Ava M.');
    expect(displayNameOf(user)).toBe('Ava Martinez');
    expect(displayNameOf({ ...user, FirstName: '', LastName: '' })).toBeNull();
  });

  it.each([
    [{ animateCv: true, pageCode: 'MYSET', device: 'Mobile', testimonialVariation: null }, 'animation'],
    [{ animateCv: false, pageCode: 'SellPage', device: 'Desktop', testimonialVariation: 3 }, 'testimonial'],
    [{ animateCv: false, pageCode: 'IndexPage', device: 'Tablet', testimonialVariation: 4 }, 'testimonial'],
    [{ animateCv: false, pageCode: 'SellPage', device: 'Mobile', testimonialVariation: 3 }, 'spinner'],
    [{ animateCv: false, pageCode: 'SellPage', device: 'Desktop', testimonialVariation: 2 }, 'spinner'],
    [{ animateCv: false, pageCode: 'CheckoutPage', device: 'Desktop', testimonialVariation: 4 }, 'spinner'],
    [{ animateCv: false, pageCode: 'PricingPage', device: 'Desktop', testimonialVariation: 3 }, 'testimonial'],
    [{ animateCv: false, pageCode: 'PricingV2', device: 'Tablet', testimonialVariation: 4 }, 'testimonial'],
    [{ animateCv: false, pageCode: 'PricingPage', device: 'Desktop', testimonialVariation: 5 }, 'spinner'],
    [{ animateCv: false, pageCode: 'PricingPage', device: 'Desktop', testimonialVariation: null }, 'spinner'],
    [{ animateCv: false, pageCode: 'MobileSellPage', device: 'Mobile', testimonialVariation: 3 }, 'spinner'],
    [{ animateCv: true, pageCode: 'PricingPage', device: 'Desktop', testimonialVariation: 3 }, 'animation'],
    [{ animateCv: false, pageCode: 'OrderPage', device: 'Desktop', testimonialVariation: 3 }, 'spinner'],
  ] as const)('loader for %o is %s', (options, expected) => {
    expect(loaderFor(options)).toBe(expected);
  });
});

describe('the unauthenticated-pages policy from configuration', () => {
  const base: AccessPolicy = {
    permittedPages: ['CancellationRequest', 'Others'],
    supportingPages: [],
    allowAllByConfig: false,
    guestOnlyPages: ['CancellationRequest'],
  };
  const feature = (Pages: string[] | undefined, Show = true): UnauthenticatedPagesFeature => ({
    Rule: { Pages },
    Config: { Show },
  });

  it.each([
    ['no feature in configuration', null, base],
    ['the feature switched off', feature(['SellPage', 'All'], false), base],
    ['a feature without pages', feature(undefined), base],
    ['pages the app already opens', feature(['CancellationRequest', ' Others ']), base],
    [
      'new pages, each once, blanks dropped',
      feature(['SellPage', 'IndexPage', 'SellPage', '  ', 'sellpage']),
      { ...base, permittedPages: [...base.permittedPages, 'SellPage', 'IndexPage'] },
    ],
    ['All, in any case', feature(['PricingPage', 'all']), { ...base, allowAllByConfig: true }],
  ] as const)('%s', (_name, given, expected) => {
    expect(policyWithConfig(base, given)).toEqual(expected);
  });

  it('never closes the pages the app itself opens, nor changes who counts as guest-only', () => {
    const resolved = policyWithConfig(base, feature(['SellPage']));
    for (const page of base.permittedPages)
      expect(isGuestAllowedOn({ pageCode: page, device: 'Desktop', source: null, subRole: null }, resolved)).toBe(true);
    expect(isGuestOnlyPage('CancellationRequest', resolved)).toBe(true);
    expect(isGuestOnlyPage('SellPage', resolved)).toBe(false);
  });

  it.each([
    ['SellPage', true],
    [' sellpage ', true],
    ['MYSET', false],
  ])('after configuration opens SellPage, a guest on %j is allowed: %s', (pageCode, allowed) => {
    const resolved = policyWithConfig(base, feature(['SellPage']));
    expect(isGuestAllowedOn({ pageCode, device: 'Desktop', source: null, subRole: null }, resolved)).toBe(allowed);
  });
});

describe('later moves inside the app follow the resolved policy', () => {
  const resolved = policyWithConfig(policy, { Rule: { Pages: ['SellPage'] }, Config: { Show: true } });
  const request = { pageCode: 'CancellationRequest', device: 'Desktop', source: null, subRole: null } as const;

  it.each([
    ['a guest to a page configuration opened', guest, resolved, 'SellPage', 'allow'],
    ['a guest to the same page under the static policy', guest, policy, 'SellPage', 'timeout'],
    ['a guest to a closed page', guest, resolved, 'MYSET', 'timeout'],
    ['a visitor whose claims never came, to a closed page', null, resolved, 'MYSET', 'timeout'],
    ['a guest to the form', guest, resolved, 'CancellationRequest', 'allow'],
    ['a signed-in user to the guest-only form', user, resolved, 'CancellationRequest', 'mySettings'],
    ['a signed-in user to a page closed to guests', user, resolved, 'MYSET', 'allow'],
  ] as const)('%s: %s', (_name, claims, given, pageCode, expected) => {
    expect(routeAccess({ claims, policy: given, request }, pageCode)).toBe(expected);
  });
});
