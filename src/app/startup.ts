import { createActor, fromPromise, waitFor } from 'xstate';
import type { i18n } from 'i18next';
import { startupAccessMachine, type StartupAccessActor, type StartupOutput } from '../../machines/startup-access.machine';
import type { AccessClaims, DeviceType } from '../../machines/startup-access.rules';
import type { Api } from '../api';
import type { Claims } from '../api/schemas/users';
import { supportedCulture } from '../i18n';
import { GUEST_ONLY_PAGE_CODES, GUEST_PAGE_CODES, isMobilePath, pageCodeFor } from '../routing/route-table';
import { parseQueryParams } from '../domain/query-params';
import { readUserStatus } from './user-status-cookie';

const THEME_BY_PORTAL: Record<string, string> = { WLB: 'wlb', MPR: 'mpr' };

export function deviceFor(pathname: string, viewportWidth: number): DeviceType {
  if (isMobilePath(pathname)) return 'Mobile';
  return viewportWidth < 768 ? 'Mobile' : viewportWidth < 1024 ? 'Tablet' : 'Desktop';
}

/** Where each start-up redirect leads. */
export function destinationUrl(destination: StartupOutput['destination'], dashboardUrl: string): string {
  if (destination === 'employerSurvey') return '/payment/employer-survey';
  if (destination === 'mySettings') return '/payment/mysettings';
  if (destination === 'resumePage') return dashboardUrl;
  return '/payment/timeout';
}

export const STARTUP_POLICY = { permittedPages: GUEST_PAGE_CODES, supportingPages: [], allowAllByConfig: false, guestOnlyPages: GUEST_ONLY_PAGE_CODES };

/** Starts the start-up access machine with the app's real effects. */
export function startStartup(api: Api, i18n: i18n, location: Location, viewportWidth: number) {
  let claims: Claims | null = null;
  const machine = startupAccessMachine.provide({
    actors: {
      loadClaims: fromPromise<unknown>(async () => {
        claims = await api.users.claims();
        return claims;
      }),
      loadUserData: fromPromise<void, { claims: AccessClaims }>(async () => {
        const culture = supportedCulture(claims?.CultureCD);
        await i18n.changeLanguage(culture);
        document.documentElement.lang = culture;
      }),
      decideTheme: fromPromise<string, { claims: AccessClaims | null }>(async () => THEME_BY_PORTAL[claims?.PortalCD ?? ''] ?? 'default'),
    },
  });
  const query = parseQueryParams(location.search);
  const actor = createActor(machine, {
    input: {
      request: {
        pageCode: pageCodeFor(location.pathname),
        device: deviceFor(location.pathname, viewportWidth),
        source: query.from?.toLowerCase() ?? null,
        subRole: readUserStatus(document.cookie).subRole,
      },
      policy: STARTUP_POLICY,
    },
  });
  actor.start();
  return { actor, claims: () => claims };
}
export type Startup = ReturnType<typeof startStartup>;

/** The animation loader is switched on from the address bar (`animatecv`). */
export function animateCvRequested(search: string): boolean {
  return Boolean(parseQueryParams(search).animatecv);
}

/** Resolves once start-up has settled who the visitor is, or has given up trying. */
export function whenVisitorKnown(startup: StartupAccessActor): Promise<ReturnType<StartupAccessActor['getSnapshot']>> {
  return waitFor(startup, (s) => !s.matches('checkingClaims')).catch(() => startup.getSnapshot());
}
