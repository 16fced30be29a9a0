import { schemasFrom } from './lazy-schemas';
import type { ApiClient } from './client';
import type { SavePreferenceBody, UserStageBody } from './schemas/users';

const schema = schemasFrom(() => import('./schemas/users'));
const event = schemasFrom(() => import('./schemas/events'));
const answer = schemasFrom(() => import('./schemas/answers'));

export const usersApi = (client: ApiClient) => ({
  claims: () => client.get('users/claims', schema('claims')),
  recordUserStage: (body: UserStageBody) => client.post('users/userstage', event('accepted'), body),
  preferences: (userId: string) => client.get(`users/${userId}/preferences`, schema('preferences')),
  savePreference: (userId: string, body: SavePreferenceBody) =>
    client.post(`users/${userId}/savepreference`, answer('savedPreference'), body),
  geolocation: (zipCode: string, countryCD: string) =>
    client.get('users/geolocation', schema('geolocation'), { zipCode, countryCD }),
});
