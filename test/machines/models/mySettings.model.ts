import type { PathModel } from '../coverage';
import { accounts } from './accountFixtures';

export const mySettingsModel: PathModel = {
  inputs: [{ userUid: '5eed0000-0000-4000-8000-000000000003' }],
  events: (snapshot) => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadAccount', output: accounts.active },
        { type: 'xstate.done.actor.loadAccount', output: accounts.none },
        { type: 'xstate.done.actor.loadAccount', output: accounts.suspended },
        { type: 'xstate.error.actor.loadAccount', error: new Error('503') },
      ];
    }
    return [{ type: 'plan.retry' }];
  },
};
