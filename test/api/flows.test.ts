import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-client';
import { targets } from '../support/databases';
import { snapshot } from '../support/snapshot';
import type { FlowCounts, FlowSegment, FlowTransition } from '../../src/api/schemas/flows';

const TABLES = [
  'flow_transitions',
  'flow_visits',
  'flow_edge_days',
  'flow_state_days',
  'flow_edge_totals',
  'flow_state_totals',
  'flow_segments',
];
const EXPERIMENT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const DE_MOBILE = { country: 'DE', device: 'mobile' as const, userType: 'ACTV', variations: { [EXPERIMENT]: 4 } };
const US_DESKTOP = { country: 'US', device: 'desktop' as const, userType: 'GUST', variations: {} };

const START: [string | null, string, string] = [null, 'xstate.init', 'finalOffer.loading'];
const LOADED: [string | null, string, string] = [
  'finalOffer.loading',
  'xstate.done.actor.loadFinalOffer',
  'finalOffer.choosing',
];
const CANCEL: [string | null, string, string] = ['finalOffer.choosing', 'final.cancel', 'finalOffer.cancelling'];

/** One visit of the final-offer machine taking these edges in order. */
function visit(
  edges: [string | null, string, string][],
  segment: FlowSegment = US_DESKTOP,
  at = new Date().toISOString(),
): FlowTransition[] {
  const flowId = randomUUID();
  return edges.map(([from, event, to], seq) => ({
    id: randomUUID(),
    machine: 'finalOffer',
    flowId,
    seq,
    from,
    event,
    to,
    at,
    segment,
  }));
}

describe.each(targets)('flow transitions (%s)', (target) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(target);
  });
  afterAll(() => api?.close());

  const post = (transitions: unknown[]) => api.post('/api/flows/transitions', { transitions });
  const counts = async (query = '') => {
    const answer = await api.get<FlowCounts>(`/api/flows/machines/finalOffer/counts${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const edge = (c: FlowCounts, [from, event, to]: [string | null, string, string]) =>
    c.edges.find((e) => e.from === from && e.event === event && e.to === to)?.count;
  const state = (c: FlowCounts, id: string) => c.states.find((s) => s.state === id);

  it('counts edges, entries and drop-off from the rollups, per segment, and lists the machine and the segments', async () => {
    const before = await counts();
    const visits = [
      visit([START, LOADED, CANCEL]),
      visit([START, LOADED]),
      visit([START]),
      visit([START, LOADED], DE_MOBILE),
    ];
    // Out of order: a visit's last state is its highest step, whatever arrives last.
    const mixed = visits.flat().reverse();
    expect((await post(mixed)).body).toEqual({ recorded: 8, duplicates: 0 });

    const after = await counts();
    expect(after.visits - before.visits).toBe(4);
    expect(edge(after, START)! - edge(before, START)!).toBe(4);
    expect(edge(after, LOADED)! - edge(before, LOADED)!).toBe(3);
    expect(edge(after, CANCEL)! - edge(before, CANCEL)!).toBe(1);
    expect(state(after, 'finalOffer.loading')!.entries - state(before, 'finalOffer.loading')!.entries).toBe(4);
    expect(state(after, 'finalOffer.loading')!.dropOff - state(before, 'finalOffer.loading')!.dropOff).toBe(1);
    expect(state(after, 'finalOffer.choosing')!.dropOff - state(before, 'finalOffer.choosing')!.dropOff).toBe(2);
    expect(state(after, 'finalOffer.cancelling')!.dropOff - state(before, 'finalOffer.cancelling')!.dropOff).toBe(1);
    // Every edge of the live definition is listed, counted or not.
    expect(edge(after, ['finalOffer.failed', 'final.keep', 'finalOffer.kept'])).toBe(0);

    // The drop-off equals the visits whose highest step ended there, counted straight from the raw rows.
    const [direct] = await api.db.query<{ n: string }>(
      `select count(*)::text as n from (select distinct on (flow_id) to_state from flow_transitions where machine = 'finalOffer' order by flow_id, seq desc) last where to_state = 'finalOffer.choosing'`,
    );
    expect(state(after, 'finalOffer.choosing')!.dropOff).toBe(Number(direct!.n));

    const german = await counts(`?country=DE&device=mobile&userType=ACTV&variation=${EXPERIMENT}:4`);
    expect(german.visits).toBe(1);
    expect(edge(german, LOADED)).toBe(1);
    expect((await counts(`?variation=${EXPERIMENT}:3`)).visits).toBe(0);
    expect((await counts('?country=FR')).visits).toBe(0);

    const machines = await api.get('/api/flows/machines');
    expect(machines.status).toBe(200);
    expect(machines.body.machines.find((m: { name: string }) => m.name === 'finalOffer')).toMatchObject({
      visits: after.visits,
      states: 9,
      transitions: 15,
      guards: 4,
    });
    expect(machines.body.machines).toHaveLength(25);

    const segments = await api.get('/api/flows/segments');
    expect(segments.body).toMatchObject({
      countries: expect.arrayContaining(['DE', 'US']),
      devices: ['desktop', 'mobile'],
      userTypes: expect.arrayContaining(['ACTV', 'GUST']),
    });
    expect(segments.body.variations).toContainEqual({ experiment: EXPERIMENT, variation: 4 });

    // A range without that day has none of it.
    expect((await counts('?from=2020-01-01&to=2020-01-31')).visits).toBe(0);
  });

  it('counts a repeated id once, sent again or at the same time', async () => {
    const batch = visit([START, LOADED, CANCEL]);
    const first = await post(batch);
    expect(first.body).toEqual({ recorded: 3, duplicates: 0 });
    const before = await snapshot(api.db, TABLES);
    const countsBefore = await counts();
    expect((await post(batch)).body).toEqual({ recorded: 0, duplicates: 3 });
    // The same transition twice in one batch is one.
    expect((await post([batch[0], batch[0]])).body).toEqual({ recorded: 0, duplicates: 2 });
    expect(await snapshot(api.db, TABLES)).toEqual(before);

    const fresh = visit([START, LOADED]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(fresh)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(202));
    expect(answers.reduce((sum, a) => sum + a.body.recorded, 0)).toBe(2);
    const after = await counts();
    expect(after.visits - countsBefore.visits).toBe(1);
    expect(edge(after, LOADED)! - edge(countsBefore, LOADED)!).toBe(1);
    expect(state(after, 'finalOffer.choosing')!.dropOff - state(countsBefore, 'finalOffer.choosing')!.dropOff).toBe(1);
  });

  it('refuses forged transitions, and they never change the counts', async () => {
    // Fields the segment does not have (an e-mail) are dropped, never stored.
    const [withEmail] = visit([START]);
    expect(
      (await post([{ ...withEmail, segment: { ...US_DESKTOP, email: 'a@example.com', name: 'Ann' } }])).status,
    ).toBe(202);
    expect(JSON.stringify(await api.db.query('select * from flow_segments'))).not.toMatch(/example\.com|Ann/);
    const before = await snapshot(api.db, TABLES);
    const [valid] = visit([START]);
    const forged: [string, unknown, number][] = [
      ['an unknown machine', { ...valid, machine: 'stealCards' }, 400],
      [
        'a state the machine does not have',
        { ...valid, seq: 1, from: 'finalOffer.loading', event: 'final.cancel', to: 'finalOffer.vault' },
        400,
      ],
      [
        'an edge the machine does not define',
        { ...valid, seq: 1, from: 'finalOffer.loading', event: 'final.cancel', to: 'finalOffer.kept' },
        400,
      ],
      ['a start that is not the initial state', { ...valid, to: 'finalOffer.kept' }, 400],
      ['a start that is not step 0', { ...valid, seq: 3 }, 400],
      ['a time long past', { ...valid, at: '2020-01-01T00:00:00Z' }, 400],
      ['a time in the future', { ...valid, at: new Date(Date.now() + 3_600_000).toISOString() }, 400],
      ['a malformed id', { ...valid, id: 'not-a-guid' }, 400],
    ];
    for (const [label, transition, status] of forged) {
      const answer = await post([transition]);
      expect(answer.status, label).toBe(status);
      expect(answer.body.error.code, label).toBe('VALIDATION_FAILED');
    }
    // One bad transition refuses its whole batch.
    expect((await post([...visit([START]), { ...valid, machine: 'stealCards' }])).status).toBe(400);
    // An oversized body is refused before it is read.
    const huge = Array.from({ length: 100 }, () => ({
      ...valid,
      id: randomUUID(),
      event: 'x'.repeat(200),
      to: 'y'.repeat(200),
      from: 'z'.repeat(200),
      segment: { ...DE_MOBILE, variations: Object.fromEntries(Array.from({ length: 20 }, () => [randomUUID(), 999])) },
    }));
    expect((await post(huge)).status).toBe(413);
    expect((await api.post('/api/flows/transitions', '{"transitions": [')).status).toBe(400);
    expect((await post([])).status).toBe(400);

    expect(await snapshot(api.db, TABLES)).toEqual(before);
  });

  it('answers 404 for an unknown machine and 400 for a wrong range', async () => {
    expect((await api.get('/api/flows/machines/stealCards/counts')).status).toBe(404);
    expect((await api.get('/api/flows/machines/finalOffer/counts?from=2026-02-31')).status).toBe(400);
    expect((await api.get('/api/flows/machines/finalOffer/counts?from=2026-03-02&to=2026-03-01')).status).toBe(400);
    expect((await api.get('/api/flows/machines/finalOffer/counts?from=2020-01-01&to=2026-03-01')).status).toBe(400);
    expect((await api.get('/api/flows/machines/finalOffer/counts?variation=nope')).status).toBe(400);
    expect((await api.get('/api/flows/segments?to=yesterday')).status).toBe(400);
  });
});
