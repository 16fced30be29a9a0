/** Start-up access's paths the browser drives (startup-access.paths.spec.ts). */
import type { AnyMachineSnapshot } from 'xstate';
import type { StartupInput } from '../../machines/startup-access.machine';
import type { AccessPolicy } from '../../machines/startup-access.rules';
import { GUEST_ONLY_PAGE_CODES, GUEST_PAGE_CODES, isMobilePath, pageCodeFor } from '../../src/routing/route-table';
import { browserPlan } from './plan';

/** An address a visitor opens, and whether the user status cookie names them an employer. */
export interface StartupVisit {
  address: string;
  employer: boolean;
}

export const STARTUP_VISITS: StartupVisit[] = [
  { address: '/payment/pricing', employer: false },
  { address: '/payment/mysettings', employer: false },
  { address: '/payment/mobile/plans?from=interviewblog', employer: false },
  { address: '/payment/pricing', employer: true },
  { address: '/payment/cancellation/request', employer: false },
];

/** The app's own guest pages (src/app/startup.ts builds the same policy). */
const APP_POLICY: AccessPolicy = {
  permittedPages: GUEST_PAGE_CODES,
  supportingPages: [],
  allowAllByConfig: false,
  guestOnlyPages: GUEST_ONLY_PAGE_CODES,
};

/** What start-up reads from a visit (src/app/startup.ts): the page, the device on a desktop screen, the source and the sub-role. */
export function startupInputOf(visit: StartupVisit): StartupInput {
  const url = new URL(visit.address, 'http://app.test');
  return {
    request: {
      pageCode: pageCodeFor(url.pathname),
      device: isMobilePath(url.pathname) ? 'Mobile' : 'Desktop',
      source: url.searchParams.get('from')?.toLowerCase() ?? null,
      subRole: visit.employer ? 'Employer' : null,
    },
    policy: APP_POLICY,
  };
}

export function visitOf(input: StartupInput): StartupVisit {
  const visit = STARTUP_VISITS.find((v) => JSON.stringify(startupInputOf(v)) === JSON.stringify(input));
  if (!visit) throw new Error(`no visit gives ${JSON.stringify(input.request)}`);
  return visit;
}

function pageOffers(type: string, s: AnyMachineSnapshot, event: Record<string, unknown>): boolean {
  if (s.status !== 'active') return false;
  // The app's claims call checks the answer against its schema: an unusable one arrives as a failure.
  if (type === 'xstate.done.actor.claims') return event.output !== null;
  return true;
}

export const startupAccessPlan = browserPlan({
  machine: 'startupAccess',
  pageOffers,
  inputs: STARTUP_VISITS.map(startupInputOf),
  notDriven: {
    'startupAccess.checkingClaims --xstate.done.actor.claims[0]--> startupAccess.timeout':
      'the API client checks the claims answer against its schema (src/api/schemas/users.ts), so an unusable answer reaches the machine as a failure, the error transition to timeout that the browser takes; this guard only protects the machine from other callers',
  },
});
