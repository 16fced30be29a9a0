import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/failure';
import type { FlowTransition } from '../../src/api/schemas/flows';
import { flowTransitionSender } from '../../src/app/analytics';

const step = (id: string, machine = 'purchaseFunnel') => ({ id, machine }) as unknown as FlowTransition;

function fakeEvents(answer: (transitions: FlowTransition[]) => void) {
  const calls: string[][] = [];
  const api = {
    events: {
      flowTransitions: async ({ transitions }: { transitions: FlowTransition[] }) => {
        calls.push(transitions.map((t) => t.id));
        answer(transitions);
        return { recorded: transitions.length, duplicates: 0 };
      },
    },
  };
  return { api: api as never, calls };
}

describe('sending flow transitions in batches', () => {
  it('sends a batch in one request', async () => {
    const { api, calls } = fakeEvents(() => undefined);
    await flowTransitionSender(api)([step('a'), step('b')]);
    expect(calls).toEqual([['a', 'b']]);
  });

  it('when the API refuses a batch for one bad transition, sends the others again one by one, and drops the bad one', async () => {
    const { api, calls } = fakeEvents((transitions) => {
      if (transitions.some((t) => t.machine === 'gone'))
        throw new ApiFailure('rejected', 400, 'VALIDATION', 'unknown machine');
    });
    await expect(flowTransitionSender(api)([step('a'), step('bad', 'gone'), step('c')])).resolves.toBeUndefined();
    expect(calls).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('lets an outage through, so the queue keeps the batch for a retry', async () => {
    const { api } = fakeEvents(() => {
      throw new ApiFailure('network', null, null, 'offline');
    });
    await expect(flowTransitionSender(api)([step('a'), step('b')])).rejects.toThrow('offline');
  });
});
