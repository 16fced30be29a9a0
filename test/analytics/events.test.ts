import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/api/failure';
import { eventBody } from '../../src/api/schemas/events';
import { analyticsUserId, identifyEvent, screenViewedEvent } from '../../src/analytics/events';
import { isPermanentRejection } from '../../src/app/analytics';

const EMPTY = '00000000-0000-0000-0000-000000000000';
const user = {
  UserUID: '3f2b8a4e-1111-4222-8333-444455556666',
  Role: 'user',
  EmailAddress: 'jane@example.com',
  FirstName: 'Jane',
  LastName: 'Doe',
  AccDisplayName: null,
};

describe('analytics events', () => {
  it('reports a signed-in user by id and everyone else as the all-zero guid', () => {
    expect(analyticsUserId(user)).toBe(user.UserUID);
    expect(analyticsUserId(null)).toBe(EMPTY);
    expect(analyticsUserId({ ...user, Role: 'guest' })).toBe(EMPTY);
    expect(analyticsUserId({ ...user, EmailAddress: ' ' })).toBe(EMPTY);
    expect(analyticsUserId({ ...user, UserUID: EMPTY })).toBe(EMPTY);
  });

  it('names the screen by its page code, without the query string', () => {
    const event = screenViewedEvent(EMPTY, '/payment/cancellation/request');
    expect(event).toEqual({
      user_id: EMPTY,
      event_name: 'screen viewed',
      identify: false,
      props: { page_code: 'CancellationRequest', path: '/payment/cancellation/request' },
    });
    expect(screenViewedEvent(EMPTY, '/payment/pricing').props.page_code).toBe('PricingPage');
    expect(eventBody.safeParse(event).success).toBe(true);
  });

  it('identifies with coarse traits only', () => {
    const event = identifyEvent(user.UserUID, {
      ...user,
      PortalCD: 'RP',
      CountryCD: 'US',
      CultureCD: 'en-US',
      UserType: 'ACTV',
      AccountID: '4711',
    } as never);
    expect(event).toEqual({
      user_id: user.UserUID,
      event_name: 'identify',
      identify: true,
      props: { portal: 'RP', country: 'US', culture: 'en-US', user_type: 'ACTV' },
    });
    expect(JSON.stringify(event)).not.toMatch(/jane|4711|Doe/i);
  });

  it('drops only events the API will never accept', () => {
    expect(isPermanentRejection(new ApiFailure('rejected', 400, null, 'bad'))).toBe(true);
    expect(isPermanentRejection(new ApiFailure('forbidden', 403, null, 'not you'))).toBe(true);
    expect(isPermanentRejection(new ApiFailure('rateLimited', 429, null, 'slow down'))).toBe(false);
    expect(isPermanentRejection(new ApiFailure('server', 500, null, 'down'))).toBe(false);
    expect(isPermanentRejection(new ApiFailure('network', null, null, 'offline'))).toBe(false);
    expect(isPermanentRejection(new Error('other'))).toBe(false);
  });
});
