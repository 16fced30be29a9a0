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

import type { ExamplesByOperation } from './example-types';

export type { ExamplesByOperation, OperationExamples } from './example-types';

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
