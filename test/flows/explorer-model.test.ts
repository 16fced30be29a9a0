import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';
import type { FlowCounts } from '../../src/api/schemas/flows';
import { HOLDOUT_FILTER, funnelOf, machineFacts, savesAgainstHoldout, toCsv } from '../../src/flows-explorer/model';
import { searchOfView, viewFromSearch } from '../../src/flows-explorer/url-state';

const counts = (visits: number, states: Record<string, number>): FlowCounts => ({
  machine: 'saveOffers',
  from: '2026-11-01',
  to: '2026-11-26',
  visits,
  edges: [],
  states: Object.entries(states).map(([state, entries]) => ({ state, entries, dropOff: entries })),
});

describe("the flow explorer's figures", () => {
  it('counts states, transitions and guards from the live definition, and lists the ends', () => {
    const facts = machineFacts(machines.saveOffers!);
    expect(facts.finals).toEqual([
      'saveOffers.cancelling',
      'saveOffers.discountTaken',
      'saveOffers.paused',
      'saveOffers.kept',
    ]);
    expect(facts.states).toBe(11);
    expect(facts.transitions).toBe(18);
    expect(facts.guards).toBe(5);
  });

  it('converts the visits started into each end', () => {
    const steps = funnelOf(counts(200, { 'saveOffers.cancelling': 100, 'saveOffers.paused': 50 }), [
      'saveOffers.cancelling',
      'saveOffers.paused',
      'saveOffers.kept',
    ]);
    expect(steps).toEqual([
      { state: 'saveOffers.cancelling', visits: 100, rate: 0.5 },
      { state: 'saveOffers.paused', visits: 50, rate: 0.25 },
      { state: 'saveOffers.kept', visits: 0, rate: 0 },
    ]);
    expect(funnelOf(counts(0, {}), ['saveOffers.kept'])[0]!.rate).toBe(0);
  });

  it('sets the saves of the arms shown offers against the holdout arm (variation 2 of the cancel-flow experiment)', () => {
    expect(HOLDOUT_FILTER).toBe('e1000000-0000-4000-8000-000000000002:2');
    const finals = machineFacts(machines.saveOffers!).finals;
    const all = counts(300, {
      'saveOffers.cancelling': 150,
      'saveOffers.discountTaken': 60,
      'saveOffers.paused': 30,
      'saveOffers.kept': 60,
    });
    const holdout = counts(100, { 'saveOffers.cancelling': 80, 'saveOffers.kept': 20 });
    expect(savesAgainstHoldout(all, holdout, finals)).toEqual([
      { arm: 'offers', visits: 200, saves: 130, rate: 0.65 },
      { arm: 'holdout', visits: 100, saves: 20, rate: 0.2 },
    ]);
  });

  it('writes CSV with quoted fields where they must be', () => {
    expect(
      toCsv(
        ['from', 'count'],
        [
          ['a,b', 1],
          ['say "hi"', 2],
        ],
      ),
    ).toBe('from,count\r\n"a,b",1\r\n"say ""hi""",2\r\n');
  });

  it('keeps the machine, the range and the segment in the address, and drops what is empty', () => {
    const view = {
      machine: 'purchaseFunnel',
      filter: { from: '2026-11-01', to: '2026-11-26', country: 'DE', device: 'mobile' as const },
    };
    expect(viewFromSearch(searchOfView(view))).toEqual(view);
    expect(searchOfView({ machine: null, filter: {} })).toBe('');
    expect(viewFromSearch('?machine=&country=')).toEqual({ machine: null, filter: {} });
  });
});
