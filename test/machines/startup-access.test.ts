import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { startupAccessMachine, type StartupInput } from '../../machines/startup-access.machine';
import { displayNameOf, isSignedInUser, loaderFor, type AccessClaims } from '../../machines/startup-access.rules';

const user: AccessClaims = { UserUID: '5eed0000-0000-4000-8000-000000000003', Role: 'user', EmailAddress: 'ava@example.com', FirstName: 'Ava', LastName: 'Martinez', AccDisplayName: null };
const guest: AccessClaims = { UserUID: '00000000-0000-0000-0000-000000000000', Role: 'guest', EmailAddress: '', FirstName: '', LastName: '', AccDisplayName: null };
const policy: StartupInput['policy'] = { permittedPages: ['CancellationRequest'], supportingPages: [{ page: 'CheckoutPage', sources: ['affiliate'] }], allowAllByConfig: false, guestOnlyPages: ['CancellationRequest'] };

async function decide(claims: unknown, request: Partial<StartupInput['request']>, overrides: Partial<StartupInput['policy']> = {}) {
  const machine = startupAccessMachine.provide({
    actors: {
      loadClaims: fromPromise<unknown>(async () => {
        if (claims instanceof Error) throw claims;
        return claims;
      }),
      loadUserData: fromPromise<void, { claims: AccessClaims }>(async () => {}),
      decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'wlb'),
    },
  });
  const actor = createActor(machine, {
    input: { request: { pageCode: 'SellPage', device: 'Desktop', source: null, subRole: null, ...request }, policy: { ...policy, ...overrides } },
  }).start();
  const snapshot = await waitFor(actor, (s) => s.status === 'done' || s.hasTag('themeFinal'));
  actor.stop();
  return snapshot.status === 'done' ? snapshot.output!.destination : (snapshot.value as Record<string, string>) && Object.keys(snapshot.value as object)[0];
}

describe('start-up access', () => {
  it.each([
    ['no claims', null, {}, {}, 'timeout'],
    ['a failed claims call', new Error('offline'), {}, {}, 'timeout'],
    ['claims without a role', { UserUID: 'x' }, {}, {}, 'timeout'],
    ['a signed-in user', user, {}, {}, 'signedIn'],
    ['a signed-in user on the logged-out cancellation form', user, { pageCode: 'CancellationRequest' }, {}, 'mySettings'],
    ['a signed-in user on the form, whose role has capitals', { ...user, Role: 'User' }, { pageCode: 'CancellationRequest' }, {}, 'mySettings'],
    ['a user whose role has spaces and capitals', { ...user, Role: '  USER ' }, {}, {}, 'signedIn'],
    ['a user without an e-mail, on a closed page', { ...user, EmailAddress: '' }, { pageCode: 'MYSET' }, {}, 'timeout'],
    ['a user with the all-zero id on a permitted page', { ...user, UserUID: guest.UserUID }, { pageCode: 'CancellationRequest' }, {}, 'guest'],
    ['a guest on a permitted page', guest, { pageCode: 'CancellationRequest' }, {}, 'guest'],
    ['a guest on a closed page', guest, { pageCode: 'MYSET' }, {}, 'timeout'],
    ['a guest on a supporting page from its source', guest, { pageCode: 'CheckoutPage', source: 'affiliate' }, {}, 'guest'],
    ['a guest on a supporting page from elsewhere', guest, { pageCode: 'CheckoutPage', source: 'email' }, {}, 'timeout'],
    ['a guest anywhere when config opens the flow', guest, { pageCode: 'MYSET' }, { allowAllByConfig: true }, 'guest'],
    ['an employer', user, { subRole: 'Employer' }, {}, 'employerSurvey'],
    ['a mobile guest from the interview blog', guest, { pageCode: 'MYSET', device: 'Mobile', source: 'interviewblog' }, {}, 'resumePage'],
    ['a desktop guest from the interview blog on a closed page', guest, { pageCode: 'MYSET', source: 'interviewblog' }, {}, 'timeout'],
  ] as const)('%s → %s', async (_name, claims, request, overrides, expected) => {
    expect(await decide(claims, request, overrides)).toBe(expected);
  });

  it('holds the loading tag until user data and theme are in', async () => {
    let releaseUser!: () => void;
    const machine = startupAccessMachine.provide({
      actors: {
        loadClaims: fromPromise<unknown>(async () => user),
        loadUserData: fromPromise<void, { claims: AccessClaims }>(() => new Promise<void>((resolve) => (releaseUser = resolve))),
        decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => 'mpr'),
      },
    });
    const actor = createActor(machine, { input: { request: { pageCode: 'SellPage', device: 'Desktop', source: null, subRole: null }, policy } }).start();
    await waitFor(actor, (s) => s.matches({ signedIn: 'loadingUserData' }));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    releaseUser();
    const ready = await waitFor(actor, (s) => s.hasTag('themeFinal'));
    expect(ready.hasTag('loading')).toBe(false);
    expect(ready.context).toMatchObject({ theme: 'mpr', userDataLoaded: true, displayName: 'Ava Martinez' });
    actor.stop();
  });
});

describe('start-up rules', () => {
  it('needs role user, a real id and an e-mail for the signed-in flow', () => {
    expect(isSignedInUser(user)).toBe(true);
    expect(isSignedInUser({ ...user, UserUID: '' })).toBe(false);
    expect(isSignedInUser({ ...user, EmailAddress: '   ' })).toBe(false);
    expect(isSignedInUser({ ...user, Role: 'guest' })).toBe(false);
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
  ] as const)('loader for %o is %s', (options, expected) => {
    expect(loaderFor(options)).toBe(expected);
  });
});
