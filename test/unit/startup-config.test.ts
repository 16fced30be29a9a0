import { describe, expect, it } from 'vitest';
import type { ConfigFeatures } from '../../src/api/schemas/pages';
import { startupConfigFrom, type StartupVisitor } from '../../src/app/startup-config';
import { EXPERIMENTS, EXPERIMENT_CONFIGS, FEATURE_RULES } from '../../server/db/seed/remote-config';

/** The seeded Shell answer, shaped as GET /api/config/features?moduleName=Shell sends it. */
const seeded: ConfigFeatures = {
  Flags: [],
  Features: FEATURE_RULES.filter((f) => f.module_name === 'Shell').map((f) => ({
    FeatureCD: f.feature_cd,
    ModuleName: f.module_name,
    Rule: f.rule,
    Config: f.config,
  })),
  Experiments: EXPERIMENT_CONFIGS.map((e) => ({
    configKey: e.config_key,
    experimentConfiguration: e.experiment_configuration,
    ...(e.disallowed ? { disallowedExperimentConfiguration: e.disallowed } : {}),
    ...(e.feature_based ? { featureBasedExperimentConfiguration: e.feature_based } : {}),
  })),
};

const LOADER = EXPERIMENTS.testimonialLoader.guid;
const visitor = (variation: number | null, overrides: Partial<StartupVisitor> = {}): StartupVisitor => ({
  assignments: variation === null ? [] : [{ ExperimentGUID: LOADER.toUpperCase(), VariationIndex: variation }],
  overrides: {},
  device: 'Desktop',
  ...overrides,
});

describe('what start-up reads from the Shell configuration', () => {
  it('takes the seeded unauthenticatedPages feature', () => {
    expect(startupConfigFrom(seeded, visitor(null)).unauthenticatedPages).toEqual({
      Rule: { Pages: ['CancellationRequest', 'CancellationReceived', 'PricingPage', 'SellPage'] },
      Config: { Show: true },
    });
  });

  it('has no pages feature when configuration does not name one', () => {
    expect(
      startupConfigFrom(
        { ...seeded, Features: seeded.Features.filter((f) => f.FeatureCD !== 'unauthenticatedPages') },
        visitor(null),
      ).unauthenticatedPages,
    ).toBeNull();
  });

  it.each([
    ['variation 3 on a desktop', visitor(3), 3],
    ['variation 4 on a tablet', visitor(4, { device: 'Tablet' }), 4],
    ['control (variation 2)', visitor(2), null],
    ['variation 5, which the entry does not list', visitor(5), null],
    ['variation 3 on a mobile', visitor(3, { device: 'Mobile' }), null],
    ['no assignment', visitor(null), null],
    ['variation 3 with disabletests', visitor(3, { overrides: { disableTests: true } }), null],
    [
      'control forced to 4 by runtest',
      visitor(1, { overrides: { runTest: { ExperimentGUID: LOADER, VariationIndex: 4 } } }),
      4,
    ],
  ] as const)('testimonial-loader variation for %s is %s', (_name, who, expected) => {
    expect(startupConfigFrom(seeded, who).testimonialLoaderVariation).toBe(expected);
  });

  it('has no variation when the testimonialLoader entry is missing', () => {
    expect(startupConfigFrom({ ...seeded, Experiments: [] }, visitor(3)).testimonialLoaderVariation).toBeNull();
  });
});
