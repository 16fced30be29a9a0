/**
 * The experiments as remote configuration defines them (`GET /api/config/experiments`): the one
 * place the tester panel and the flow explorer take an experiment's name and its variations from,
 * so neither shows a bare GUID nor offers a variation the experiment does not have.
 */
import type { ExperimentDefinition } from '../api/schemas/pages';
import { guidKey } from './experiments';

export interface NamedExperiment {
  /** Lower case, as assignments and recorded segments key it. */
  guid: string;
  name: string;
  /** The variation indexes the experiment has, ascending. */
  variations: number[];
}

/** Each configured experiment once, by name. */
export function namedExperiments(definitions: readonly ExperimentDefinition[]): NamedExperiment[] {
  const byGuid = new Map<string, NamedExperiment>();
  for (const d of definitions) {
    const guid = guidKey(d.ExperimentGUID);
    if (byGuid.has(guid)) continue;
    byGuid.set(guid, {
      guid,
      name: d.Name.trim() || guid,
      variations: [...new Set(d.Variations)].sort((a, b) => a - b),
    });
  }
  return [...byGuid.values()].sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.guid < b.guid ? -1 : 1));
}

/**
 * The variations to offer for one experiment: those it has, and the one assigned now when
 * configuration no longer has it (so the current choice can still be shown, and undone).
 */
export function variationsToOffer(experiment: NamedExperiment, assigned: number | null): number[] {
  return assigned === null || experiment.variations.includes(assigned)
    ? experiment.variations
    : [...experiment.variations, assigned].sort((a, b) => a - b);
}

export interface VariationGroup {
  guid: string;
  name: string;
  /** `<guid>:<variation>`, as the counts' `variation` filter takes it. */
  options: { id: string; variation: number }[];
}

/**
 * The flow explorer's variation filter: each experiment once, named, with the variations it has;
 * a recorded (or addressed) value configuration does not know is kept, under its GUID, so a
 * filter in the address still shows what it filters by.
 */
export function variationGroups(
  catalogue: readonly NamedExperiment[],
  recorded: readonly { experiment: string; variation: number }[],
  current?: string,
): VariationGroup[] {
  const groups = new Map<string, { name: string; variations: Set<number> }>(
    catalogue.map((e) => [e.guid, { name: e.name, variations: new Set(e.variations) }]),
  );
  const extra = [...recorded];
  const match = current ? /^([0-9a-f-]{36}):(\d+)$/i.exec(current) : null;
  if (match) extra.push({ experiment: match[1]!, variation: Number(match[2]) });
  for (const { experiment, variation } of extra) {
    const guid = guidKey(experiment);
    const group = groups.get(guid) ?? { name: guid, variations: new Set<number>() };
    group.variations.add(variation);
    groups.set(guid, group);
  }
  return [...groups]
    .map(([guid, g]) => ({
      guid,
      name: g.name,
      options: [...g.variations].sort((a, b) => a - b).map((variation) => ({ id: `${guid}:${variation}`, variation })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.guid < b.guid ? -1 : 1));
}
