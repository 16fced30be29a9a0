import type { Queryable } from '../db/database';
import type { ConfigFeatures, ExperimentConfigEntry, ExperimentDefinition } from '../../src/api/schemas/pages';

interface FeatureRow {
  module_name: string;
  feature_cd: string;
  rule: Record<string, unknown>;
  config: { Show: boolean; Position?: string; WrapperClass?: string; Data?: unknown };
}

export async function loadFeatures(db: Queryable, moduleName?: string): Promise<ConfigFeatures['Features']> {
  const rows = await db.query<FeatureRow>(
    'select module_name, feature_cd, rule, config from feature_rules where ($1::text is null or module_name = $1) order by module_name, feature_cd',
    [moduleName ?? null],
  );
  return rows.map((r) => ({ FeatureCD: r.feature_cd, ModuleName: r.module_name, Rule: r.rule, Config: r.config }));
}

export async function loadFlags(db: Queryable): Promise<ConfigFeatures['Flags']> {
  const rows = await db.query<{ feature_cd: string; is_active: boolean }>(
    'select feature_cd, is_active from feature_flags order by feature_cd',
  );
  return rows.map((r) => ({ FeatureCD: r.feature_cd, IsActive: r.is_active }));
}

export async function loadExperimentConfigs(db: Queryable): Promise<ExperimentConfigEntry[]> {
  const rows = await db.query<{
    config_key: string;
    experiment_configuration: ExperimentConfigEntry['experimentConfiguration'];
    disallowed_experiment_configuration: ExperimentConfigEntry['disallowedExperimentConfiguration'] | null;
    feature_based_experiment_configuration: ExperimentConfigEntry['featureBasedExperimentConfiguration'] | null;
  }>('select * from experiment_configs order by config_key');
  return rows.map((r) => ({
    configKey: r.config_key,
    experimentConfiguration: r.experiment_configuration,
    ...(r.disallowed_experiment_configuration
      ? { disallowedExperimentConfiguration: r.disallowed_experiment_configuration }
      : {}),
    ...(r.feature_based_experiment_configuration
      ? { featureBasedExperimentConfiguration: r.feature_based_experiment_configuration }
      : {}),
  }));
}

/** Every configured experiment with its name and its variations, 1 to its variation count, by name. */
export async function loadExperiments(db: Queryable): Promise<ExperimentDefinition[]> {
  const rows = await db.query<{ experiment_guid: string; name: string; variation_count: number }>(
    'select experiment_guid, name, variation_count from experiments order by name, experiment_guid',
  );
  return rows.map((r) => ({
    ExperimentGUID: String(r.experiment_guid).toLowerCase(),
    Name: r.name,
    Variations: Array.from({ length: Number(r.variation_count) }, (_, i) => i + 1),
  }));
}
