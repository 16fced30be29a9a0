import type { ApiClient } from './client';
import { claims, geolocation, preferences, type SavePreferenceBody, type UserStageBody } from './schemas/users';
import { accepted } from './schemas/events';
import * as z from 'zod/mini';

export const usersApi = (client: ApiClient) => ({
  claims: () => client.get('users/claims', claims),
  recordUserStage: (body: UserStageBody) => client.post('users/userstage', accepted, body),
  preferences: (userId: string) => client.get(`users/${userId}/preferences`, preferences),
  savePreference: (userId: string, body: SavePreferenceBody) => client.post(`users/${userId}/savepreference`, z.object({ code: z.string(), value: z.string() }), body),
  geolocation: (zipCode: string, countryCD: string) => client.get('users/geolocation', geolocation, { zipCode, countryCD }),
});
