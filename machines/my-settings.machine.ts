import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { SettingsPlan } from './my-settings.rules';

export interface MySettingsInput {
  userUid: string;
}

export interface MySettingsContext extends MySettingsInput {
  /** The current plan once loaded; null when the person has none. */
  plan: SettingsPlan | null;
}

export type MySettingsEvent = { type: 'plan.retry' };

/**
 * My settings (spec §2 "Other screens"): loads the signed-in person's current plan, and on a
 * failure offers a retry instead of an empty page.
 */
export const mySettingsMachine = setup({
  types: {
    input: {} as MySettingsInput,
    context: {} as MySettingsContext,
    events: {} as MySettingsEvent,
  },
  actors: {
    loadPlan: fromPromise<SettingsPlan | null, { userUid: string }>(async () => {
      throw new Error('loadPlan is provided by the app');
    }),
  },
}).createMachine({
  id: 'mySettings',
  context: ({ input }) => ({ ...input, plan: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        input: ({ context }) => ({ userUid: context.userUid }),
        onDone: { target: 'loaded', actions: assign({ plan: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'plan.retry': { target: 'loading' } },
    },
    loaded: {},
  },
});

export type MySettingsActor = ActorRefFrom<typeof mySettingsMachine>;
