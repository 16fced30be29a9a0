import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../server/db/seed/remote-config';
import { namedExperiments, variationGroups, variationsToOffer } from '../../src/domain/experiment-catalogue';

/** The seeded configuration, as `GET /api/config/experiments` answers it. */
const seeded = Object.values(EXPERIMENTS).map((e) => ({
  ExperimentGUID: e.guid.toUpperCase(),
  Name: e.name,
  Variations: Array.from({ length: e.variations }, (_, i) => i + 1),
}));
const catalogue = namedExperiments(seeded);
const guidOf = (name: string) => catalogue.find((e) => e.name === name)!.guid;

describe('experiments named from configuration', () => {
  it('lists each configured experiment once, by name, with lower-case GUIDs and the variations it has', () => {
    expect(namedExperiments([...seeded, seeded[0]!])).toEqual(catalogue);
    expect(catalogue.map((e) => e.name)).toEqual(
      [...catalogue.map((e) => e.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
    expect(catalogue).toHaveLength(Object.keys(EXPERIMENTS).length);
    expect(catalogue.find((e) => e.name === 'Sell page layout')).toEqual({
      guid: 'e1000000-0000-4000-8000-000000000001',
      name: 'Sell page layout',
      variations: [1, 2, 3, 4, 5, 6],
    });
    expect(catalogue.find((e) => e.name === 'Scarcity countdown')!.variations).toEqual([1, 2, 3]);
  });

  it('offers only the variations an experiment has (not 8 for every one), and the one assigned now if configuration dropped it', () => {
    const cancelFlow = catalogue.find((e) => e.name === 'Cancel flow')!;
    expect(variationsToOffer(cancelFlow, null)).toEqual([1, 2, 3, 4]);
    expect(variationsToOffer(cancelFlow, 2)).toEqual([1, 2, 3, 4]);
    expect(variationsToOffer(cancelFlow, 7)).toEqual([1, 2, 3, 4, 7]);
  });
});

describe("the explorer's variation filter", () => {
  // What the segments read answers after traffic: variation 1 of several experiments, whose GUIDs all begin "e1000000".
  const recorded = [
    { experiment: guidOf('Sell page layout'), variation: 1 },
    { experiment: guidOf('Cancel flow'), variation: 1 },
    { experiment: guidOf('Testimonial loader'), variation: 1 },
    { experiment: guidOf('Cancel flow'), variation: 4 },
  ];

  it('lists each experiment once, named, with its real variations as `<guid>:<variation>` options', () => {
    const groups = variationGroups(catalogue, recorded);
    expect(groups.map((g) => g.name)).toEqual(catalogue.map((e) => e.name));
    expect(new Set(groups.map((g) => g.guid)).size).toBe(groups.length);
    const sellPage = groups.find((g) => g.name === 'Sell page layout')!;
    expect(sellPage.options).toEqual(
      [1, 2, 3, 4, 5, 6].map((variation) => ({ id: `${sellPage.guid}:${variation}`, variation })),
    );
    for (const group of groups)
      expect(group.options.map((o) => o.variation)).toEqual(catalogue.find((e) => e.guid === group.guid)!.variations);
    expect(groups.some((g) => /…/.test(g.name))).toBe(false);
  });

  it('keeps a recorded or addressed value configuration does not know, under its whole GUID', () => {
    const unknown = 'f2000000-0000-4000-8000-000000000009';
    const groups = variationGroups(
      catalogue,
      [...recorded, { experiment: unknown, variation: 2 }],
      `${guidOf('Cancel flow')}:9`,
    );
    expect(groups.find((g) => g.guid === unknown)).toEqual({
      guid: unknown,
      name: unknown,
      options: [{ id: `${unknown}:2`, variation: 2 }],
    });
    expect(groups.find((g) => g.name === 'Cancel flow')!.options.map((o) => o.variation)).toEqual([1, 2, 3, 4, 9]);
  });

  it('without configuration (its read failed), still lists each recorded experiment once', () => {
    const groups = variationGroups([], recorded);
    expect(groups.map((g) => g.guid)).toEqual([...new Set(recorded.map((r) => r.experiment))].sort());
    expect(groups.find((g) => g.guid === guidOf('Cancel flow'))!.options.map((o) => o.variation)).toEqual([1, 4]);
  });
});
