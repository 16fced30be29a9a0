import { captchaExamples } from '../routes/examples/captcha';
import { configExamples } from '../routes/examples/config';
import { dashboardExamples } from '../routes/examples/dashboard';
import { demoExamples } from '../routes/examples/demo';
import { docsExamples } from '../routes/examples/docs';
import { documentsExamples } from '../routes/examples/documents';
import { eventsExamples } from '../routes/examples/events';
import { flowsExamples } from '../routes/examples/flows';
import { healthExamples } from '../routes/examples/health';
import { jobsExamples } from '../routes/examples/jobs';
import { logExamples } from '../routes/examples/log';
import { pagesExamples } from '../routes/examples/pages';
import { paymentsExamples } from '../routes/examples/payments';
import { sandboxExamples } from '../routes/examples/sandbox';
import { servicesExamples } from '../routes/examples/services';
import { skusExamples } from '../routes/examples/skus';
import { subscriptionsExamples } from '../routes/examples/subscriptions';
import { upsellExamples } from '../routes/examples/upsell';
import { usersExamples } from '../routes/examples/users';
import { winbackExamples } from '../routes/examples/winback';

/**
 * One operation's examples, from the seeded demo data: what a client sends (path and query
 * parameters as the text they travel as, and the JSON body) and the body of each JSON success
 * response, by status. The contract tests check each against its operation's own schemas.
 */
export interface OperationExamples {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  responses?: Partial<Record<number, unknown>>;
}

/**
 * Examples by operation, keyed `METHOD /path` as Hono writes the path, under the API base for
 * the API's own routes (`POST /subscriptions/survey`), whole for the others (`GET /sandbox/apm`).
 */
export type ExamplesByOperation = Record<string, OperationExamples>;

export const OPERATION_EXAMPLES: ExamplesByOperation = {
  ...usersExamples,
  ...demoExamples,
  ...skusExamples,
  ...paymentsExamples,
  ...subscriptionsExamples,
  ...documentsExamples,
  ...pagesExamples,
  ...configExamples,
  ...captchaExamples,
  ...eventsExamples,
  ...logExamples,
  ...flowsExamples,
  ...jobsExamples,
  ...servicesExamples,
  ...winbackExamples,
  ...upsellExamples,
  ...healthExamples,
  ...docsExamples,
  ...sandboxExamples,
  ...dashboardExamples,
};

/** The key of a route's examples: its path under the API base when it is one of the API's. */
export const examplesKey = (method: string, routePath: string, apiBase: string) =>
  `${method} ${apiBase && routePath.startsWith(`${apiBase}/`) ? routePath.slice(apiBase.length) : routePath}`;
