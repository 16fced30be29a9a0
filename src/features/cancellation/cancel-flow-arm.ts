/** The cancel-flow arm lives in the domain, since my settings reads it too (its cancellation reminder). */
export { CANCEL_FLOW_EXPERIMENT_GUID, cancelFlowVariationOf } from '../../domain/cancel-flow-arm';
