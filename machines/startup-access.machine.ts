import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  areClaimsUsable,
  displayNameOf,
  isEmployer,
  isGuest,
  isGuestAllowedOn,
  isGuestOnlyPage,
  isMobileBlogVisitor,
  isSignedInUser,
  type AccessClaims,
  type AccessPolicy,
  type StartupRequest,
} from './startup-access.rules';

export interface StartupInput {
  request: StartupRequest;
  policy: AccessPolicy;
}

export interface StartupContext extends StartupInput {
  claims: AccessClaims | null;
  displayName: string | null;
  theme: string | null;
  userDataLoaded: boolean;
  destination: StartupOutput['destination'] | null;
}

export type StartupOutput = { destination: 'timeout' | 'employerSurvey' | 'resumePage' | 'mySettings' };

export type StartupEvent = { type: 'startup.retry' };

/**
 * Start-up access: who is this visitor, and may they be here? Decides between the signed-in
 * flow, the unauthenticated flow, and the redirects (timeout, employer survey, resume page),
 * and holds the loader until user and theme data are in.
 */
export const startupAccessMachine = setup({
  types: {
    input: {} as StartupInput,
    context: {} as StartupContext,
    events: {} as StartupEvent,
    output: {} as StartupOutput,
  },
  actors: {
    loadClaims: fromPromise<unknown>(async () => {
      throw new Error('loadClaims is provided by the app');
    }),
    loadUserData: fromPromise<void, { claims: AccessClaims }>(async () => {
      throw new Error('loadUserData is provided by the app');
    }),
    decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => {
      throw new Error('decideTheme is provided by the app');
    }),
  },
  guards: {
    claimsAreUnusable: (_, params: { claims: unknown }) => !areClaimsUsable(params.claims),
    isEmployer: ({ context }) => isEmployer(context.request),
    isSignedInUser: (_, params: { claims: unknown }) => areClaimsUsable(params.claims) && isSignedInUser(params.claims),
    isSignedInOnGuestOnlyPage: ({ context }, params: { claims: unknown }) =>
      areClaimsUsable(params.claims) && isSignedInUser(params.claims) && isGuestOnlyPage(context.request.pageCode, context.policy),
    isMobileBlogVisitor: ({ context }, params: { claims: unknown }) =>
      areClaimsUsable(params.claims) && isGuest(params.claims) && isMobileBlogVisitor(context.request),
    isGuestAllowedHere: ({ context }, params: { claims: unknown }) =>
      areClaimsUsable(params.claims) && isGuest(params.claims) && isGuestAllowedOn(context.request, context.policy),
  },
  actions: {
    rememberClaims: assign((_, params: { claims: unknown }) => {
      const claims = areClaimsUsable(params.claims) ? params.claims : null;
      return { claims, displayName: displayNameOf(claims) };
    }),
    markUserDataLoaded: assign({ userDataLoaded: true }),
    rememberTheme: assign((_, params: { theme: string }) => ({ theme: params.theme })),
    useDefaultTheme: assign({ theme: 'default' }),
    redirectTo: assign((_, params: StartupOutput) => ({ destination: params.destination })),
  },
}).createMachine({
  id: 'startupAccess',
  context: ({ input }) => ({ ...input, claims: null, displayName: null, theme: null, userDataLoaded: false, destination: null }),
  initial: 'checkingClaims',
  states: {
    checkingClaims: {
      tags: ['loading'],
      invoke: {
        id: 'claims',
        src: 'loadClaims',
        onDone: [
          { guard: { type: 'claimsAreUnusable', params: ({ event }) => ({ claims: event.output }) }, target: 'timeout' },
          { guard: 'isEmployer', target: 'employerSurvey', actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) } },
          { guard: { type: 'isSignedInOnGuestOnlyPage', params: ({ event }) => ({ claims: event.output }) }, target: 'mySettings', actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) } },
          { guard: { type: 'isSignedInUser', params: ({ event }) => ({ claims: event.output }) }, target: 'signedIn', actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) } },
          { guard: { type: 'isMobileBlogVisitor', params: ({ event }) => ({ claims: event.output }) }, target: 'resumePage' },
          { guard: { type: 'isGuestAllowedHere', params: ({ event }) => ({ claims: event.output }) }, target: 'guest', actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) } },
          { target: 'timeout' },
        ],
        onError: { target: 'timeout' },
      },
    },
    signedIn: {
      initial: 'loadingUserData',
      states: {
        loadingUserData: {
          tags: ['loading'],
          invoke: {
            id: 'userData',
            src: 'loadUserData',
            input: ({ context }) => ({ claims: context.claims! }),
            onDone: { target: 'decidingTheme', actions: 'markUserDataLoaded' },
            onError: { target: 'userDataFailed' },
          },
        },
        userDataFailed: {
          on: { 'startup.retry': { target: 'loadingUserData' } },
        },
        decidingTheme: {
          tags: ['loading'],
          invoke: {
            id: 'theme',
            src: 'decideTheme',
            input: ({ context }) => ({ claims: context.claims }),
            onDone: { target: 'ready', actions: { type: 'rememberTheme', params: ({ event }) => ({ theme: event.output }) } },
            onError: { target: 'ready', actions: 'useDefaultTheme' },
          },
        },
        ready: { tags: ['themeFinal'] },
      },
    },
    guest: {
      initial: 'decidingTheme',
      states: {
        decidingTheme: {
          tags: ['loading'],
          invoke: {
            id: 'guestTheme',
            src: 'decideTheme',
            input: ({ context }) => ({ claims: context.claims }),
            onDone: { target: 'ready', actions: { type: 'rememberTheme', params: ({ event }) => ({ theme: event.output }) } },
            onError: { target: 'ready', actions: 'useDefaultTheme' },
          },
        },
        ready: { tags: ['themeFinal'] },
      },
    },
    employerSurvey: { type: 'final', entry: { type: 'redirectTo', params: { destination: 'employerSurvey' } } },
    mySettings: { type: 'final', entry: { type: 'redirectTo', params: { destination: 'mySettings' } } },
    resumePage: { type: 'final', entry: { type: 'redirectTo', params: { destination: 'resumePage' } } },
    timeout: { type: 'final', entry: { type: 'redirectTo', params: { destination: 'timeout' } } },
  },
  output: ({ context }) => ({ destination: context.destination ?? 'timeout' }),
});

export type StartupAccessActor = ActorRefFrom<typeof startupAccessMachine>;
