import { effectiveAssignments, readExperimentAssignments, variationOf, type ExperimentOverrides } from './experiments';

/** The cancel-flow experiment (its arm is reported with the cancellation). */
export const CANCEL_FLOW_EXPERIMENT_GUID = 'e1000000-0000-4000-8000-000000000002';

/** The person's arm of the cancel-flow experiment, read the way start-up reads assignments: the portal's `ew_exp` entries with the address's overrides. */
export function cancelFlowVariationOf(
  cookieHeader: string,
  portalCode: string,
  overrides: ExperimentOverrides,
): number | null {
  return variationOf(
    effectiveAssignments(readExperimentAssignments(cookieHeader, portalCode), overrides),
    CANCEL_FLOW_EXPERIMENT_GUID,
  );
}
