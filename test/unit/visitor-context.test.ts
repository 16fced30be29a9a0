import { describe, expect, it } from 'vitest';
import { visitorContextOf } from '../../src/app/visitor-context';
import { COUNTRY_OVERRIDE_COOKIE } from '../../src/domain/query-params';
import { guestClaims } from '../../server/repositories/users';

/** Who is looking, as the configuration rules read it, on the sell page and the cancellation form alike. */
describe('visitor context', () => {
  const guest = guestClaims();
  const account = {
    ...guest,
    UserUID: '5eed0000-0000-4000-8000-000000000003',
    EmailAddress: 'pat@example.com',
    Role: 'User',
    CountryCD: 'GB',
    State: 'LDN',
    UserType: 'ACTV',
  };
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('a guest counts as new, in the market of the culture, on the device the screen says', () => {
    expect(
      visitorContextOf({
        claims: guest,
        language: 'de-DE',
        location: at('/payment/cancellation/request'),
        cookieHeader: '',
        viewportWidth: 1280,
      }),
    ).toEqual({
      country: 'DE',
      state: null,
      userType: 'NEW',
      device: 'Desktop',
      flow: null,
      page: 'CancellationRequest',
      preferences: {},
      lowIntent: {},
    });
  });

  it('a signed-in visitor is read from the account; a mobile path means a phone whatever the width', () => {
    const visitor = visitorContextOf({
      claims: account,
      language: 'en-US',
      location: at('/payment/mobile/plans', '?flow=2'),
      cookieHeader: '',
      viewportWidth: 1280,
    });
    expect(visitor).toMatchObject({
      country: 'GB',
      state: 'LDN',
      userType: 'ACTV',
      device: 'Mobile',
      flow: '2',
      page: 'MobileSellPage',
    });
  });

  it('the address bar, then the country cookie, override the country; the address bar overrides the state', () => {
    const cookie = `${COUNTRY_OVERRIDE_COOKIE}=IN`;
    expect(
      visitorContextOf({
        claims: account,
        language: 'en-US',
        location: at('/payment/pricing', '?countrycd=de&ipstatecd=BY'),
        cookieHeader: cookie,
        viewportWidth: 500,
      }),
    ).toMatchObject({ country: 'DE', state: 'BY', device: 'Mobile' });
    expect(
      visitorContextOf({
        claims: account,
        language: 'en-US',
        location: at('/payment/pricing'),
        cookieHeader: cookie,
        viewportWidth: 800,
      }),
    ).toMatchObject({ country: 'IN', state: 'LDN', device: 'Tablet' });
  });

  it('before the claims are in, the visitor is a guest', () => {
    expect(
      visitorContextOf({
        claims: null,
        language: 'fr-FR',
        location: at('/payment/pricing'),
        cookieHeader: '',
        viewportWidth: 1280,
      }),
    ).toMatchObject({ country: 'FR', userType: 'NEW', state: null });
  });
});
