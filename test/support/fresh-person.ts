import type { TestApi } from './api-client';
import { sessionCookieFrom } from './session-cookie';

export interface FreshPerson {
  uid: string;
  email: string;
  cookie: string;
  /** The newest subscription of the copy. */
  subscriptionId: number;
}

/**
 * Signs in as a brand-new copy of a demo persona (`fresh=1`), so a test may change a plan
 * (cancel it, pause it, take an offer) without spending the shared persona.
 */
export async function signInFresh(api: TestApi, persona: string): Promise<FreshPerson> {
  const response = await api.raw(`/api/demo/session?persona=${persona}&fresh=1&next=/dashboard`);
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error(`could not sign in as a fresh copy of ${persona}: ${response.status}`);
  const claims = (await api.get<{ UserUID: string; EmailAddress: string }>('/api/users/claims', cookie)).body;
  const [row] = await api.db.query<{ subscription_id: string }>(
    'select subscription_id from subscriptions where user_uid = $1 order by start_date desc, subscription_id desc limit 1',
    [claims.UserUID],
  );
  return { uid: claims.UserUID, email: claims.EmailAddress, cookie, subscriptionId: Number(row?.subscription_id ?? 0) };
}
