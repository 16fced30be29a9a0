import type { DeviceType, StartupConfig } from '../../machines/startup-access.rules';
import type { ConfigFeatures } from '../api/schemas/pages';
import {
  decideExperiment,
  effectiveAssignments,
  type ExperimentAssignment,
  type ExperimentOverrides,
} from '../domain/experiments';

export const UNAUTHENTICATED_PAGES_FEATURE = 'unauthenticatedPages';
export const TESTIMONIAL_LOADER_CONFIG_KEY = 'testimonialLoader';

export interface StartupVisitor {
  /** The visitor's `ew_exp` assignments for their portal. */
  assignments: readonly ExperimentAssignment[];
  overrides: ExperimentOverrides;
  device: DeviceType;
}

/**
 * What start-up takes from the Shell configuration answer: the pages configuration opens to
 * guests, and the visitor's variation of the testimonial loader when its config entry admits
 * them (right variation, device and user type; `disabletests` and `runtest` applied).
 */
export function startupConfigFrom(answer: ConfigFeatures, visitor: StartupVisitor): StartupConfig {
  const feature =
    answer.Features.find((f) => f.ModuleName === 'Shell' && f.FeatureCD === UNAUTHENTICATED_PAGES_FEATURE) ?? null;
  const entry = answer.Experiments.find((e) => e.configKey === TESTIMONIAL_LOADER_CONFIG_KEY);
  // Start-up does not know the user type yet, so only entries open to all user types can admit anyone.
  const decision = entry
    ? decideExperiment(entry, effectiveAssignments(visitor.assignments, visitor.overrides), {
        device: visitor.device,
        userType: null,
      })
    : null;
  return {
    unauthenticatedPages: feature
      ? { Rule: { Pages: feature.Rule.Pages }, Config: { Show: feature.Config.Show } }
      : null,
    testimonialLoaderVariation: decision?.active ? decision.variation : null,
  };
}
