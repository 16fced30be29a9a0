import { captchaApi } from './captcha';
import { createApiClient, type ApiClientOptions } from './client';
import { configApi } from './config';
import { documentsApi } from './documents';
import { eventsApi } from './events';
import { jobsApi } from './jobs';
import { pagesApi } from './pages';
import { servicesApi } from './services';
import { paymentsApi } from './payments';
import { skusApi } from './skus';
import { subscriptionsApi } from './subscriptions';
import { upsellApi } from './upsell';
import { usersApi } from './users';
import { winbackApi } from './winback';

/** Every call of the API, grouped by resource, over one client. */
export function createApi(options: ApiClientOptions) {
  const client = createApiClient(options);
  return {
    client,
    users: usersApi(client),
    skus: skusApi(client),
    payments: paymentsApi(client),
    subscriptions: subscriptionsApi(client),
    documents: documentsApi(client),
    pages: pagesApi(client),
    config: configApi(client),
    events: eventsApi(client),
    captcha: captchaApi(client),
    jobs: jobsApi(client),
    upsell: upsellApi(client),
    services: servicesApi(client),
    winback: winbackApi(client),
    demo: { signOut: () => client.delete('demo/session') },
  };
}
export type Api = ReturnType<typeof createApi>;
export { ApiFailure } from './failure';
