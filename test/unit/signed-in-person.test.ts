import { describe, expect, it } from 'vitest';
import { cancelFlowVariationHere } from '../../src/app/signed-in-person';
import { CANCEL_FLOW_EXPERIMENT_GUID } from '../../src/domain/cancel-flow-arm';

const cookie = (variation: number, portal = 'RNUS') =>
  `ew_exp=${encodeURIComponent(JSON.stringify([{ ExperimentGUID: CANCEL_FLOW_EXPERIMENT_GUID, VariationIndex: variation, PortalCD: portal }]))}`;
const person = { PortalCD: 'RNUS' } as Parameters<typeof cancelFlowVariationHere>[0];

describe('the cancel-flow arm where the person is', () => {
  it("comes from the experiment cookie of the person's portal", () => {
    expect(cancelFlowVariationHere(person, { search: '' }, cookie(2))).toBe(2);
    expect(cancelFlowVariationHere(person, { search: '' }, cookie(2, 'LBDE'))).toBeNull();
    expect(cancelFlowVariationHere(null, { search: '' }, cookie(2))).toBeNull();
  });

  it('runtest in the address forces an arm; disabletests turns the experiment off', () => {
    expect(cancelFlowVariationHere(person, { search: `?runtest=${CANCEL_FLOW_EXPERIMENT_GUID}:3` }, cookie(2))).toBe(3);
    expect(cancelFlowVariationHere(person, { search: '?disabletests=1' }, cookie(2))).toBeNull();
  });
});
