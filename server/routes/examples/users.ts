import type { ExamplesByOperation } from '../../openapi/example-types';

/** Examples of the users operations, from the seeded demo data. */
export const usersExamples: ExamplesByOperation = {
  'GET /users/claims': {
    responses: {
      200: {
        Token: 'Hh2vHokKkYEB',
        FirstName: 'Ava',
        LastName: 'Martinez',
        EmailAddress: 'ava.martinez@example.com',
        UserUID: '5eed0000-0000-4000-8000-000000000003',
        SessionID: 'xLdIKYjoRhsn9rKR',
        Role: 'user',
        SubRole: null,
        AccDisplayName: 'Ava M.',
        City: 'Chicago',
        State: 'IL',
        CountryCD: 'US',
        CultureCD: 'en-US',
        CurrencyCD: 'USD',
        CurrencySymbol: '$',
        Reset_Password: false,
        PortalCD: 'RNUS',
        PortalID: 1,
        CreatedOn: '2026-07-30T23:25:41.519Z',
        SocialToken: null,
        PUID: '5eed000000004000',
        IsProxyUser: false,
        PartyID: 81000003,
        IsLocalUser: true,
        AccountID: '100000003',
        UserType: 'ACTV',
      },
    },
  },
  'POST /users/userstage': {
    body: {
      UserUID: '5eed0000-0000-4000-8000-000000000003',
      ProductCD: 'RSMBLD',
      PortalID: 1,
      UserStageID: 3,
      SessionID: '9f6c2d1e-0b7a-4c3d-8e5f-6a7b8c9d0e1f',
    },
    responses: { 201: { id: 1 } },
  },
  'GET /users/geolocation': {
    query: { zipCode: '78701', countryCD: 'US' },
    responses: { 200: { ZipCode: '78701', CountryCD: 'US', StateCD: 'TX', City: 'Austin', Found: true } },
  },
  'GET /users/:userId/preferences': {
    params: { userId: '5eed0000-0000-4000-8000-000000000003' },
    responses: {
      200: {
        UserUID: '5eed0000-0000-4000-8000-000000000003',
        Preferences: [{ code: 'CANCELLATION_REMINDER', value: 'false', updatedAt: '2026-12-07T23:25:41.519Z' }],
      },
    },
  },
  'POST /users/:userId/savepreference': {
    params: { userId: '5eed0000-0000-4000-8000-000000000003' },
    body: { code: 'CANCELLATION_REMINDER', value: 'true' },
    responses: { 200: { code: 'CANCELLATION_REMINDER', value: 'true' } },
  },
};
