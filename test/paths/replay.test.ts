import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { generatePaths, pathName } from './generate';
import { replay, type StateExpectations } from './replay';

/** A tiny machine with an invoked actor, a guard and a final state. */
const door = setup({
  types: { context: {} as { opened: number }, events: {} as { type: 'door.open' } | { type: 'door.close' } },
  actors: { unlock: fromPromise(async () => true) },
}).createMachine({
  id: 'door',
  context: { opened: 0 },
  initial: 'locked',
  states: {
    locked: { invoke: { id: 'unlock', src: 'unlock', onDone: 'closed', onError: 'jammed' } },
    jammed: { type: 'final' },
    closed: {
      on: { 'door.open': { target: 'open', actions: assign({ opened: ({ context }) => context.opened + 1 }) } },
    },
    open: { on: { 'door.close': 'closed' } },
  },
});
const model = {
  inputs: [undefined],
  events: (s: { matches: (v: string) => boolean }) =>
    s.matches('locked')
      ? [
          { type: 'xstate.done.actor.unlock', output: true },
          { type: 'xstate.error.actor.unlock', error: new Error('x') },
        ]
      : [{ type: 'door.open' }, { type: 'door.close' }],
  // The count of openings would make the space endless: states count by value.
  serializeState: (s: { value: unknown }) => JSON.stringify(s.value),
};
const right: StateExpectations = {
  locked: (s) => expect(s.context.opened).toBe(0),
  jammed: (s) => expect(s.status).toBe('done'),
  closed: (s) => expect(s.can({ type: 'door.open' })).toBe(true),
  open: (s) => expect(s.context.opened).toBeGreaterThan(0),
};
const paths = generatePaths(door, model as never);

describe('replaying generated paths', () => {
  it('generates the shortest path to each state and a path for each transition, named after the states', () => {
    expect(paths.map((p) => p.name).sort()).toEqual(
      [
        'locked',
        'locked → closed',
        'locked → closed → open',
        'locked → closed → open → closed',
        'locked → jammed',
      ].sort(),
    );
  });

  it('passes when every state meets its expectation', () => {
    for (const path of paths) replay(door, path, right);
  });

  it('fails when a state does not meet its expectation', () => {
    const wrong = {
      ...right,
      open: (s: { context: { opened: number } }) => expect(s.context.opened).toBe(0),
    } as StateExpectations;
    const path = paths.find((p) => p.name === 'locked → closed → open')!;
    expect(() => replay(door, path, wrong)).toThrow(/step 2 \(door.open\): state open does not meet its expectation/);
  });

  it('fails when a state has no expectation', () => {
    const { jammed: _, ...withoutJammed } = right;
    expect(() =>
      replay(
        door,
        paths.find((p) => p.name === 'locked → jammed')!,
        withoutJammed,
      ),
    ).toThrow(/no expectation is declared for state jammed/);
  });

  it('fails when the machine goes somewhere else than the path', () => {
    const path = paths.find((p) => p.name === 'locked → closed → open')!;
    // A door whose lock ignores the key.
    const stuck = setup({ types: { context: {} as { opened: number } } }).createMachine({
      id: 'door',
      context: { opened: 0 },
      initial: 'locked',
      states: { locked: {} },
    });
    expect(() => replay(stuck, path, right)).toThrow(
      /step 1 \(xstate.done.actor.unlock\): the machine is in locked, the path expected closed/,
    );
  });

  it('names a step that changes no state after its event', () => {
    const [start] = paths[0]!.expected;
    expect(pathName([start!, start!], [{ type: 'door.knock' }])).toBe('locked → (door.knock)');
  });
});
