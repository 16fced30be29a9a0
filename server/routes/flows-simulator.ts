import { withDeadline } from '../domain/deadline';
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { contract } from '../http/contract';
import type { AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { enforceRateLimit } from '../http/rate-limit';
import { createSession, revokeSession, SESSION_COOKIE, setUserStatusCookie, startSession } from '../http/session';
import type { Queryable } from '../db/database';
import { loadExperiments } from '../repositories/remote-config';
import { findUserByPersona, listPersonaUsers, type UserRow } from '../repositories/users';
import { createFreshCopy } from '../services/fresh-persona';
import { FRESH_PERSONA_WINDOW_SECONDS } from './demo';
import {
  GUEST_PERSONA,
  SIMULATOR_QUERY_PARAMS,
  simulationInput,
  simulationOpenInput,
  simulationOpened,
  simulationResult,
  simulatorOptions,
  type SimulationResult,
} from '../../src/api/schemas/flows-simulator';
import { firstPathOf, guestSettings, simulate, simulatorReadsOver, visitOf } from '../../src/flows/simulator';

/** The server itself, called in process: the simulator's reads get the answers a browser would. */
export type InProcessFetch = (request: Request) => Response | Promise<Response>;

const EXPERIMENT_COOKIE = 'ew_exp';
/** A simulation is one person's few pages: it is done well within this. */
const SIMULATION_TIMEOUT_MS = 20_000;

/** The simulator's experiments, read from the same configuration as the tester panel's and the explorer's. */
async function listExperiments(db: Queryable) {
  return (await loadExperiments(db)).map((e) => ({
    guid: e.ExperimentGUID,
    name: e.Name,
    variations: e.Variations.length,
  }));
}

/** Only where the demo people were never seeded: the schema takes only their ids. */
const unknownPersona = () => notFound('The persona');

/**
 * The flow simulator (`/api/flows/simulate`): what a persona would see on the purchase and
 * cancellation paths, by the app's own machines run headless over the server's own answers, and
 * "open it", which signs a fresh copy of the persona in with the same overrides.
 */
export function flowsSimulatorRoutes(inProcess: InProcessFetch) {
  const app = new Hono<AppEnv>();

  app.get(
    '/options',
    contract({
      summary: "What the simulator's form offers: personas, experiments and query parameters",
      auth: 'guest',
      responses: { 200: simulatorOptions },
    }),
    async (c) => {
      const [users, experiments] = await Promise.all([listPersonaUsers(c.get('db')), listExperiments(c.get('db'))]);
      return c.json({
        personas: [
          ...users.map((u) => ({
            id: u.persona_id ?? '',
            name: `${u.first_name} ${u.last_name}`,
            country: u.country_cd,
            userType: u.user_type,
          })),
          { id: GUEST_PERSONA, name: 'Guest', country: guestSettings().guestCountry, userType: 'NEW' },
        ],
        experiments,
        queryParams: [...SIMULATOR_QUERY_PARAMS],
      });
    },
  );

  app.post(
    '/',
    contract({
      summary: 'What a persona would see on the purchase and cancellation paths',
      description:
        'Runs the app\'s machines headless over a fresh copy of the persona (the person "open it" signs in, whatever the demo persona has done since) and the server\'s configuration. The copy is a demo account like any fresh sign-in, and as rate-limited.',
      auth: 'guest',
      body: simulationInput,
      responses: { 200: simulationResult },
      errors: [400, 404, 429, 503],
    }),
    async (c) => {
      const input = c.req.valid('json');
      let user: { user_uid: string } | null = null;
      if (input.persona !== GUEST_PERSONA) {
        if (!(await findUserByPersona(c.get('db'), input.persona))) throw unknownPersona();
        await enforceRateLimit(c, {
          name: 'fresh-persona',
          limit: c.get('config').rateLimits.freshPersona,
          windowSeconds: FRESH_PERSONA_WINDOW_SECONDS,
        });
        user = await createFreshCopy(c.get('db'), input.persona);
        if (!user) throw unknownPersona();
      }
      // The persona's reads run under a session of its own, gone when the simulation is done.
      const sessionId = user ? await createSession(c.get('db'), user.user_uid, 1) : null;
      const origin = new URL(c.req.url).origin;
      const fetchInProcess: typeof fetch = async (resource, init) => {
        const request = new Request(resource, init);
        const headers = new Headers(request.headers);
        if (sessionId) headers.set('cookie', `${SESSION_COOKIE}=${sessionId}`);
        headers.set('origin', origin);
        return inProcess(new Request(request, { headers }));
      };
      try {
        const result: SimulationResult = await withTimeout(
          simulate(input, simulatorReadsOver(fetchInProcess, `${origin}${c.get('config').apiBase || ''}`), {
            dashboardUrl: c.get('config').dashboardUrl,
            ...guestSettings(),
            now: new Date(),
          }),
        );
        return c.json(result);
      } finally {
        if (sessionId) {
          await c.get('db').query('delete from sessions where session_id = $1', [sessionId]);
          c.get('sessions').forget(sessionId);
        }
      }
    },
  );

  app.post(
    '/open',
    contract({
      summary: "Sign in a fresh copy of a persona with the simulation's overrides",
      description:
        'Sets the session, status and experiment cookies on this browser and answers the first page of the chosen path, to open in a new tab.',
      auth: 'guest',
      body: simulationOpenInput,
      responses: { 200: simulationOpened },
      errors: [400, 404, 429],
    }),
    async (c) => {
      if (!c.get('config').demoLogin)
        throw new ApiError(404, 'DEMO_LOGIN_OFF', 'Demo sign-in is switched off on this server.');
      const input = c.req.valid('json');
      let persona: UserRow | null = null;
      let accountId: string | null = null;
      if (input.persona !== GUEST_PERSONA) {
        persona = await findUserByPersona(c.get('db'), input.persona);
        if (!persona) throw unknownPersona();
        // Each fresh copy is a new account with its own records: as bounded as the demo sign-in's.
        await enforceRateLimit(c, {
          name: 'fresh-persona',
          limit: c.get('config').rateLimits.freshPersona,
          windowSeconds: FRESH_PERSONA_WINDOW_SECONDS,
        });
        const copy = await createFreshCopy(c.get('db'), input.persona);
        if (!copy) throw unknownPersona();
        const sessionId = c.get('sessionId');
        if (sessionId) await revokeSession(c, sessionId);
        await startSession(c, copy.user_uid);
        setUserStatusCookie(c, copy);
        accountId = copy.account_id;
      }
      const visit = visitOf(input, persona ? persona.portal_cd : guestSettings().guestPortalCode);
      const cookie = { path: '/', sameSite: 'Lax' as const, secure: c.get('config').production };
      if (visit.experimentCookie)
        setCookie(
          c,
          EXPERIMENT_COOKIE,
          decodeURIComponent(visit.experimentCookie.slice(EXPERIMENT_COOKIE.length + 1)),
          cookie,
        );
      else deleteCookie(c, EXPERIMENT_COOKIE, { path: '/' });
      return c.json({ url: `${firstPathOf(input.path, input.device)}${visit.search}`, accountId });
    },
  );

  return app;
}

const withTimeout = <T>(work: Promise<T>): Promise<T> =>
  withDeadline(work, SIMULATION_TIMEOUT_MS, (): never => {
    throw new ApiError(503, 'SIMULATION_TIMEOUT', 'The simulation did not finish in time; try again.');
  });
