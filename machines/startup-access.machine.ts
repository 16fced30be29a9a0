import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  areClaimsUsable,
  displayNameOf,
  isEmployer,
  isGuest,
  isGuestAllowedOn,
  isGuestOnlyPage,
  isMobileBlogVisitor,
  isRetryableFailure,
  isSignedInUser,
  policyWithConfig,
  type AccessClaims,
  type AccessPolicy,
  type StartupConfig,
  type StartupRequest,
} from './startup-access.rules';

export interface StartupInput {
  request: StartupRequest;
  /** The app's own guest pages; remote configuration may open more, and this is what holds when it cannot be read. */
  policy: AccessPolicy;
}

/**
 * The machine reads only the access fields of the claims (`AccessClaims`) but keeps the whole
 * response the app's loader hands it: `TClaims` is the API's claims type in the app.
 */
export interface StartupContext<TClaims extends AccessClaims = AccessClaims> extends StartupInput {
  /** The policy every access decision reads, start-up's and the route guard's alike. */
  policy: AccessPolicy;
  testimonialLoaderVariation: number | null;
  claims: TClaims | null;
  displayName: string | null;
  theme: string | null;
  userDataLoaded: boolean;
  /** The signed-in account's saved preferences, read with the rest of its data. */
  preferences: AccountPreference[] | null;
  destination: StartupOutput['destination'] | null;
}

export type StartupOutput = { destination: 'timeout' | 'employerSurvey' | 'resumePage' | 'mySettings' };

export type StartupEvent = { type: 'startup.retry' };

export interface AccountPreference {
  code: string;
  value: string;
}

/** What loading a signed-in account's data answers with (its texts are switched on the way). */
export interface UserData {
  preferences: AccountPreference[];
}

/**
 * Start-up access: who is this visitor, and may they be here? Reads which pages configuration
 * opens to guests (falling back to the app's own list), then decides between the signed-in
 * flow, the unauthenticated flow, and the redirects (timeout, employer survey, resume page),
 * and holds the loader until user and theme data are in.
 *
 * Generic over the claims type so the app keeps the API's full claims in context without a cast;
 * the loader's response is still checked (`areClaimsUsable`) before anything trusts it.
 */
export const startupAccessMachineFor = <TClaims extends AccessClaims>() =>
  setup({
    types: {
      input: {} as StartupInput,
      context: {} as StartupContext<TClaims>,
      events: {} as StartupEvent,
      output: {} as StartupOutput,
    },
    actors: {
      loadConfig: fromPromise<StartupConfig>(async () => {
        throw new Error('loadConfig is provided by the app');
      }),
      loadClaims: fromPromise<TClaims | null>(async () => {
        throw new Error('loadClaims is provided by the app');
      }),
      loadUserData: fromPromise<UserData, { claims: TClaims }>(async () => {
        throw new Error('loadUserData is provided by the app');
      }),
      decideTheme: fromPromise<string, { claims: TClaims | null }>(async () => {
        throw new Error('decideTheme is provided by the app');
      }),
    },
    guards: {
      claimsAreUnusable: (_, params: { claims: TClaims | null }) => !areClaimsUsable(params.claims),
      claimsMayAnswerOnRetry: (_, params: { error: unknown }) => isRetryableFailure(params.error),
      isEmployer: ({ context }) => isEmployer(context.request),
      isSignedInUser: (_, params: { claims: TClaims | null }) =>
        areClaimsUsable(params.claims) && isSignedInUser(params.claims),
      isSignedInOnGuestOnlyPage: ({ context }, params: { claims: TClaims | null }) =>
        areClaimsUsable(params.claims) &&
        isSignedInUser(params.claims) &&
        isGuestOnlyPage(context.request.pageCode, context.policy),
      isMobileBlogVisitor: ({ context }, params: { claims: TClaims | null }) =>
        areClaimsUsable(params.claims) && isGuest(params.claims) && isMobileBlogVisitor(context.request),
      isGuestAllowedHere: ({ context }, params: { claims: TClaims | null }) =>
        areClaimsUsable(params.claims) && isGuest(params.claims) && isGuestAllowedOn(context.request, context.policy),
    },
    actions: {
      applyConfig: assign(({ context }, params: { config: StartupConfig }) => ({
        policy: policyWithConfig(context.policy, params.config.unauthenticatedPages),
        testimonialLoaderVariation: params.config.testimonialLoaderVariation,
      })),
      rememberClaims: assign((_, params: { claims: TClaims | null }) => {
        const claims = areClaimsUsable(params.claims) ? params.claims : null;
        return { claims, displayName: displayNameOf(claims) };
      }),
      rememberUserData: assign((_, params: UserData) => ({ userDataLoaded: true, preferences: params.preferences })),
      rememberTheme: assign((_, params: { theme: string }) => ({ theme: params.theme })),
      useDefaultTheme: assign({ theme: 'default' }),
      redirectTo: assign((_, params: StartupOutput) => ({ destination: params.destination })),
    },
  }).createMachine({
    id: 'startupAccess',
    context: ({ input }) => ({
      ...input,
      testimonialLoaderVariation: null,
      claims: null,
      displayName: null,
      theme: null,
      userDataLoaded: false,
      preferences: null,
      destination: null,
    }),
    initial: 'loadingConfig',
    states: {
      loadingConfig: {
        tags: ['loading'],
        invoke: {
          id: 'config',
          src: 'loadConfig',
          onDone: {
            target: 'checkingClaims',
            actions: { type: 'applyConfig', params: ({ event }) => ({ config: event.output }) },
          },
          // A configuration outage keeps the static policy: guests must still reach the cancellation form.
          onError: { target: 'checkingClaims' },
        },
      },
      checkingClaims: {
        tags: ['loading'],
        invoke: {
          id: 'claims',
          src: 'loadClaims',
          onDone: [
            {
              guard: { type: 'claimsAreUnusable', params: ({ event }) => ({ claims: event.output }) },
              target: 'timeout',
            },
            {
              guard: 'isEmployer',
              target: 'employerSurvey',
              actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) },
            },
            {
              guard: { type: 'isSignedInOnGuestOnlyPage', params: ({ event }) => ({ claims: event.output }) },
              target: 'mySettings',
              actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) },
            },
            {
              guard: { type: 'isSignedInUser', params: ({ event }) => ({ claims: event.output }) },
              target: 'signedIn',
              actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) },
            },
            {
              guard: { type: 'isMobileBlogVisitor', params: ({ event }) => ({ claims: event.output }) },
              target: 'resumePage',
            },
            {
              guard: { type: 'isGuestAllowedHere', params: ({ event }) => ({ claims: event.output }) },
              target: 'guest',
              actions: { type: 'rememberClaims', params: ({ event }) => ({ claims: event.output }) },
            },
            { target: 'timeout' },
          ],
          onError: [
            {
              guard: { type: 'claimsMayAnswerOnRetry', params: ({ event }) => ({ error: event.error }) },
              target: 'claimsUnavailable',
            },
            { target: 'timeout' },
          ],
        },
      },
      // The server could not say who this is just now: ask the visitor to try again instead of
      // treating a brief outage as a lost session.
      claimsUnavailable: {
        tags: ['awaitingRetry'],
        on: { 'startup.retry': { target: 'checkingClaims' } },
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
              onDone: {
                target: 'decidingTheme',
                actions: { type: 'rememberUserData', params: ({ event }) => event.output },
              },
              onError: { target: 'userDataFailed' },
            },
          },
          userDataFailed: {
            tags: ['awaitingRetry'],
            on: { 'startup.retry': { target: 'loadingUserData' } },
          },
          decidingTheme: {
            tags: ['loading'],
            invoke: {
              id: 'theme',
              src: 'decideTheme',
              input: ({ context }) => ({ claims: context.claims }),
              onDone: {
                target: 'ready',
                actions: { type: 'rememberTheme', params: ({ event }) => ({ theme: event.output }) },
              },
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
              onDone: {
                target: 'ready',
                actions: { type: 'rememberTheme', params: ({ event }) => ({ theme: event.output }) },
              },
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

/** The machine over the access fields alone: for the diagrams, the path tests and the server. */
export const startupAccessMachine = startupAccessMachineFor<AccessClaims>();

export type StartupAccessMachine<TClaims extends AccessClaims = AccessClaims> = ReturnType<
  typeof startupAccessMachineFor<TClaims>
>;
export type StartupAccessActor<TClaims extends AccessClaims = AccessClaims> = ActorRefFrom<
  StartupAccessMachine<TClaims>
>;
