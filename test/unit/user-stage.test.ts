import { describe, expect, it } from 'vitest';
import { FUNNEL_STEP, userStageOf } from '../../src/app/user-stage';
import { findRoute } from '../../src/routing/route-table';

describe('which pages record a user stage', () => {
  it.each([
    ['/payment/pricing', FUNNEL_STEP.chooseAccess],
    ['/payment/plans', FUNNEL_STEP.chooseAccess],
    ['/payment/mobile/plans', FUNNEL_STEP.chooseAccess],
    ['/payment/orderconfirmation', FUNNEL_STEP.finished],
    ['/payment/mobile/orderconfirmation', FUNNEL_STEP.finished],
    ['/payment/offer/orderconfirmation', FUNNEL_STEP.finished],
    ['/payment/mysettings', null],
    ['/payment/cancellation/request', null],
    ['/payment/checkout', null],
  ])('%s → %s', (path, stage) => {
    expect(userStageOf(findRoute(path))).toBe(stage);
  });

  it('records nothing for a path that is no page', () => {
    expect(userStageOf(findRoute('/payment/no-such-page'))).toBeNull();
  });
});
