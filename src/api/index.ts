import type { captchaApi } from './captcha';
import { lazyGroup } from './lazy-group';
import { createApiClient, type ApiClientOptions } from './client';
import { configApi } from './config';
import type { documentsApi } from './documents';
import { eventsApi } from './events';
import type { jobsApi } from './jobs';
import { pagesApi } from './pages';
import type { servicesApi } from './services';
import type { paymentsApi } from './payments';
import { skusApi } from './skus';
import type { subscriptionsApi } from './subscriptions';
import type { upsellApi } from './upsell';
import { usersApi } from './users';
import type { winbackApi } from './winback';

/** Every call of the API, grouped by resource, over one client. */
export function createApi(options: ApiClientOptions) {
  const client = createApiClient(options);
  return {
    client,
    users: usersApi(client),
    skus: skusApi(client),
    payments: lazyGroup<ReturnType<typeof paymentsApi>>(() => import('./payments').then((m) => m.paymentsApi(client))),
    subscriptions: lazyGroup<ReturnType<typeof subscriptionsApi>>(() => import('./subscriptions').then((m) => m.subscriptionsApi(client))),
    documents: lazyGroup<ReturnType<typeof documentsApi>>(() => import('./documents').then((m) => m.documentsApi(client))),
    pages: pagesApi(client),
    config: configApi(client),
    events: eventsApi(client),
    captcha: lazyGroup<ReturnType<typeof captchaApi>>(() => import('./captcha').then((m) => m.captchaApi(client))),
    jobs: lazyGroup<ReturnType<typeof jobsApi>>(() => import('./jobs').then((m) => m.jobsApi(client))),
    upsell: lazyGroup<ReturnType<typeof upsellApi>>(() => import('./upsell').then((m) => m.upsellApi(client))),
    services: lazyGroup<ReturnType<typeof servicesApi>>(() => import('./services').then((m) => m.servicesApi(client))),
    winback: lazyGroup<ReturnType<typeof winbackApi>>(() => import('./winback').then((m) => m.winbackApi(client))),
    demo: { signOut: () => client.delete('demo/session') },
  };
}
export type Api = ReturnType<typeof createApi>;
export { ApiFailure } from './failure';
