import type { Queryable } from '../db/database';

/** An experiment as configured (migration 019 added its control, split and suggested goal). */
export interface ExperimentSettings {
  guid: string;
  name: string;
  variationCount: number;
  control: number;
  /** One weight per variation 1..variationCount; null is an equal split. */
  weights: number[] | null;
  goalState: string | null;
}

interface SettingsRow {
  experiment_guid: string;
  name: string;
  variation_count: number;
  control_variation: number;
  variation_weights: number[] | null;
  goal_state: string | null;
}

const settingsOf = (r: SettingsRow): ExperimentSettings => ({
  guid: String(r.experiment_guid).toLowerCase(),
  name: r.name,
  variationCount: Number(r.variation_count),
  control: Number(r.control_variation),
  weights: r.variation_weights ? r.variation_weights.map(Number) : null,
  goalState: r.goal_state,
});

const SETTINGS =
  'select experiment_guid, name, variation_count, control_variation, variation_weights, goal_state from experiments';

export async function experimentSettings(db: Queryable): Promise<ExperimentSettings[]> {
  return (await db.query<SettingsRow>(`${SETTINGS} order by name, experiment_guid`)).map(settingsOf);
}

export async function experimentSettingsOf(db: Queryable, guid: string): Promise<ExperimentSettings | null> {
  const [row] = await db.query<SettingsRow>(`${SETTINGS} where experiment_guid = $1::uuid`, [guid]);
  return row ? settingsOf(row) : null;
}

export interface VariationDayRow {
  variation: number;
  day: string;
  visits: number;
  conversions: number;
}

/**
 * Per variation of the experiment and per UTC day: the machine's visits started that day whose
 * segment (its latest step's) carries the variation, and how many of them entered one of the
 * goal states at any step. Counted in SQL: the visits from flow_visits by their first day, each
 * looked up in the goal's entries, read once and hashed from the raw transitions' entries index
 * (migration 019). The segments carrying the experiment are read first and passed back as one
 * JSON object, segment id → variation, whose key lookups are a binary search: a list of ids
 * would be scanned for every visit.
 */
export async function variationDays(
  db: Queryable,
  query: { experiment: string; machine: string; goalStates: string[]; from: string; to: string },
): Promise<VariationDayRow[]> {
  const segments = await db.query<{ segment_id: string; variation: number }>(
    'select segment_id::text as segment_id, (variations ->> $1)::integer as variation from flow_segments where variations ? $1',
    [query.experiment],
  );
  if (segments.length === 0) return [];
  const variationOf = Object.fromEntries(segments.map((s) => [s.segment_id, Number(s.variation)]));
  const rows = await db.query<{ variation: number; day: string; visits: string; conversions: string }>(
    `select ($5::jsonb ->> v.segment_id::text)::integer as variation, to_char(v.first_day, 'YYYY-MM-DD') as day, count(*)::text as visits,
            count(*) filter (where v.flow_id in (select g.flow_id from flow_transitions g where g.machine = $1 and g.to_state = any($4::text[])))::text as conversions
       from flow_visits v
      where v.machine = $1 and v.first_day between $2::date and $3::date and $5::jsonb ? v.segment_id::text
      group by 1, 2`,
    [query.machine, query.from, query.to, query.goalStates, JSON.stringify(variationOf)],
  );
  return rows.map((r) => ({
    variation: Number(r.variation),
    day: r.day,
    visits: Number(r.visits),
    conversions: Number(r.conversions),
  }));
}
