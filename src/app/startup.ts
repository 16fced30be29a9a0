import { createActor, fromPromise, waitFor } from 'xstate';
import type { i18n } from 'i18next';
import { startupAccessMachineFor, type StartupOutput, type UserData } from '../../machines/startup-access.machine';
import type { StartupActor, StartupSnapshot } from './startup-actor';
import type { StartupConfig } from '../../machines/startup-access.rules';
import type { Api } from '../api';
import type { Claims } from '../api/schemas/users';
import { supportedCulture } from '../i18n';
import { STARTUP_POLICY, pageCodeFor } from '../routing/route-table';
import type { Destination } from '../routing/route-target';
import { readExperimentAssignments } from '../domain/experiments';
import { pickStorage, readItem } from '../domain/storage';
import { chosenTheme, TESTER_THEME_KEY } from '../domain/themes';
import { loadThemeStylesheet } from './theme-stylesheets';
import { parseQueryParams, queryFlags } from '../domain/query-params';
import { PORTAL_CODE_BY_CULTURE } from './portal';
import { deviceFor } from './device';
import { startupConfigFrom } from './startup-config';
import { readUserStatus } from './user-status-cookie';
import type { FlowRecording } from './flow-recording';

/** Where the tester panel keeps its choices (features/tester-panel). */
const testerStorage = () =>
  pickStorage(
    () => window.localStorage,
    () => window.sessionStorage,
  );

/** Where each start-up redirect leads: a page of the app, or the dashboard the configuration names. */
export function destinationOf(destination: StartupOutput['destination'], dashboardUrl: string): Destination {
  if (destination === 'employerSurvey') return { to: '/employer-survey' };
  if (destination === 'mySettings') return { to: '/mysettings' };
  if (destination === 'resumePage') return { href: dashboardUrl };
  return { to: '/timeout' };
}

/**
 * Starts the start-up access machine with the app's real effects. It asks for the claims and
 * the configuration at once, while the texts are still loading (`texts`): only switching to
 * the account's culture waits for them.
 */
export function startStartup(
  api: Api,
  texts: Promise<i18n>,
  visitorCulture: string,
  location: Location,
  viewportWidth: number,
  recordFlows?: FlowRecording['recordFlows'],
) {
  let claims: Claims | null = null;
  const query = parseQueryParams(location.search);
  const flags = queryFlags(query);
  const device = deviceFor(location.pathname, viewportWidth);
  // Both answers are asked for at once; the machine reads them one after the other.
  const configAnswer = api.config.features('Shell');
  const claimsAnswer = api.users.claims();
  configAnswer.catch(() => {});
  claimsAnswer.catch(() => {});
  let claimsAsked = 0;
  const machine = startupAccessMachineFor<Claims>().provide({
    actors: {
      loadConfig: fromPromise<StartupConfig>(async () =>
        startupConfigFrom(await configAnswer, {
          // Before the account is known, assignments are those of the portal of the visitor's culture.
          assignments: readExperimentAssignments(
            document.cookie,
            PORTAL_CODE_BY_CULTURE[supportedCulture(visitorCulture)],
          ),
          overrides: { disableTests: flags.testsDisabled, runTest: flags.runTest },
          device,
        }),
      ),
      loadClaims: fromPromise<Claims | null>(async () => {
        // The first attempt takes the answer asked for at start; a retry asks again.
        claims = await (claimsAsked++ === 0 ? claimsAnswer : api.users.claims());
        return claims;
      }),
      loadUserData: fromPromise<UserData, { claims: Claims }>(async ({ input }) => {
        const culture = supportedCulture(input.claims.CultureCD);
        const [answer] = await Promise.all([
          api.users.preferences(input.claims.UserUID),
          texts.then(async (i18n) => {
            await i18n.changeLanguage(culture);
            document.documentElement.lang = culture;
          }),
        ]);
        return { preferences: answer.Preferences.map(({ code, value }) => ({ code, value })) };
      }),
      decideTheme: fromPromise<string, { claims: Claims | null }>(async ({ input }) => {
        const theme = chosenTheme({
          testerTheme: readItem(testerStorage(), TESTER_THEME_KEY),
          portalCode: input.claims?.PortalCD,
        });
        await loadThemeStylesheet(theme);
        return theme;
      }),
    },
  });
  const actor = createActor(machine, {
    inspect: recordFlows,
    input: {
      request: {
        pageCode: pageCodeFor(location.pathname),
        device,
        source: query.from?.toLowerCase() ?? null,
        subRole: readUserStatus(document.cookie).subRole,
      },
      policy: STARTUP_POLICY,
    },
  });
  actor.start();
  return { actor, claims: () => claims, shellConfig: configAnswer };
}

/** The animation loader is switched on from the address bar (`animatecv`). */
export function animateCvRequested(search: string): boolean {
  return Boolean(parseQueryParams(search).animatecv);
}

/** Resolves once start-up has settled who the visitor is, or has given up trying. */
export function whenVisitorKnown(startup: StartupActor): Promise<StartupSnapshot> {
  return waitFor(startup, (s) => !s.matches('loadingConfig') && !s.matches('checkingClaims')).catch(() =>
    startup.getSnapshot(),
  );
}
