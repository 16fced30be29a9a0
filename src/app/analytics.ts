/**
 * The app's analytics, started once in main.tsx: the consent-gated event queue over the API,
 * `screen viewed` on every route change, `identify` once a signed-in user is known, the
 * error-log POST for uncaught errors, the tag-manager data layer, and the machines' transitions
 * for the flow explorer (src/app/flow-recording.ts), each with the visitor's segment.
 *
 * The stored queue is flushed on start, when the browser comes back online and every
 * `flushEveryMs`, so events survive a reload and reach the API once it is back.
 */
import { EMPTY_GUID } from '../api/schemas/common';
import type { Api } from '../api';
import { ApiFailure } from '../api/failure';
import { FLOW_TRANSITIONS_PER_REQUEST, type FlowSegment, type FlowTransition } from '../api/schemas/flows';
import { batchedSends } from '../analytics/batched-sends';
import {
  buildOrderDataLayerPayload,
  pushToDataLayer,
  type DataLayerHost,
  type OrderDataLayerInput,
} from '../analytics/data-layer';
import { buildErrorLogBody, createErrorLogLimiter, type UnhandledKind } from '../analytics/error-log';
import { createEventQueue, type EventQueue } from '../analytics/event-queue';
import { analyticsUserId, identifyEvent, screenViewedEvent } from '../analytics/events';
import { pickStorage, readConsent, type KeyValueStorage } from '../domain/storage';
import { isSignedInUser } from '../../machines/startup-access.rules';
import { deliveredAfterNextPaint } from './after-next-paint';
import type { FlowRecording } from './flow-recording';
import type { FlowStep } from '../flows/recorder';
import { deviceFor } from './device';
import { whenVisitorKnown } from './startup';
import type { StartupActor } from './startup-actor';
import { flowSegmentOf } from './visitor-context';

export const ANALYTICS_FLUSH_EVERY_MS = 10_000;

export interface AnalyticsOptions {
  api: Pick<Api, 'events'>;
  startup: StartupActor;
  window?: Window & DataLayerHost;
  flushEveryMs?: number;
  /** The app's flow recording, whose steps go out through the queue; none in tests that do not need it. */
  flowRecording?: Pick<FlowRecording, 'connect'>;
  /** The first page's view went out already, while the page was at rest (page-at-rest.ts). */
  firstViewReported?: boolean;
}

/** The part of the router analytics listens to. */
export interface RouteEvents {
  subscribe(
    eventType: 'onResolved',
    fn: (event: { toLocation: { pathname: string }; pathChanged: boolean; fromLocation?: unknown }) => void,
  ): () => void;
}

/**
 * A rejection the API will repeat forever (bad body, wrong reporter) is dropped rather than
 * kept, so one bad event cannot block the queue; outages, timeouts and rate limits are kept.
 */
export function isPermanentRejection(error: unknown): boolean {
  return (
    error instanceof ApiFailure &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500 &&
    !error.retryable &&
    error.status !== 408
  );
}

/**
 * Sends a batch of flow transitions. A refusal the API would repeat drops the batch, but one bad
 * transition refuses its whole batch, so the others are first sent again on their own.
 */
export function flowTransitionSender(api: Pick<Api, 'events'>) {
  const send = async (transitions: FlowTransition[]): Promise<void> => {
    try {
      await api.events.flowTransitions({ transitions });
    } catch (error) {
      if (!isPermanentRejection(error)) throw error;
      if (transitions.length > 1) await Promise.all(transitions.map((t) => send([t])));
    }
  };
  return send;
}

export function startAnalytics(options: AnalyticsOptions) {
  const win: Window & DataLayerHost = options.window ?? window;
  const { api, startup } = options;
  const storage = (): KeyValueStorage | null =>
    pickStorage(
      () => win.localStorage,
      () => win.sessionStorage,
    );
  const consent = () =>
    readConsent(
      pickStorage(
        () => win.localStorage,
        () => win.sessionStorage,
      ),
    );
  const store = storage();
  const memory = new Map<string, string>();

  const sendFlowTransition = batchedSends(flowTransitionSender(api), { max: FLOW_TRANSITIONS_PER_REQUEST });

  const queue: EventQueue = createEventQueue({
    // Without any working storage the queue lives for this page only.
    store: store ?? { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) },
    consentGiven: () => consent().analytics,
    send: async (body) => {
      try {
        await api.events.send(body);
      } catch (error) {
        if (!isPermanentRejection(error)) throw error;
      }
    },
    sendFlow: sendFlowTransition,
  });

  // The segment is the visitor's as start-up settled it, worked out once.
  let segment: Promise<FlowSegment> | null = null;
  const segmentOf = () =>
    (segment ??= whenVisitorKnown(startup).then((snapshot) =>
      flowSegmentOf({
        claims: snapshot.context.claims,
        language: win.document.documentElement.lang || win.navigator.language,
        location: win.location,
        cookieHeader: win.document.cookie,
        viewportWidth: win.innerWidth,
      }),
    ));
  // Recording a tap's transition (consent, storage, the queue) waits until the tap's result is painted.
  const recordStep = deliveredAfterNextPaint<FlowStep>((step) => {
    void segmentOf()
      .then((s) => queue.trackFlow({ ...step, segment: s }))
      .catch(() => {
        /* a transition is analytics: losing one must not raise an error */
      });
  }, win);
  const disconnectFlows = options.flowRecording?.connect(recordStep.add) ?? (() => undefined);

  const whenUserKnown = () => whenVisitorKnown(startup);

  const userId = () => analyticsUserId(startup.getSnapshot().context.claims);

  /** Sends one event as the current visitor; waits for start-up to know who that is. */
  async function track(eventName: string, props: Record<string, unknown> = {}) {
    await whenUserKnown();
    return queue.track({ user_id: userId(), event_name: eventName, identify: false, props });
  }

  let identified = false;
  /** The `identify` event, once per page load and only for a signed-in user. */
  async function identify() {
    const snapshot = await whenUserKnown();
    const claims = snapshot.context.claims;
    if (identified || !claims || !isSignedInUser(claims)) return 'skipped' as const;
    identified = true;
    return queue.track(identifyEvent(claims.UserUID, claims));
  }

  async function trackScreen(pathname: string) {
    await whenUserKnown();
    return queue.track(screenViewedEvent(userId(), pathname));
  }

  /** `screen viewed` with the page code on the first page and on every change of path. */
  function trackScreens(router: RouteEvents): () => void {
    return router.subscribe('onResolved', (event) => {
      if (event.fromLocation && !event.pathChanged) return;
      if (!event.fromLocation && options.firstViewReported) return;
      // The router's location is relative to its base path; the address bar has the full path.
      void trackScreen(win.location.pathname);
    });
  }

  // Error log: uncaught errors and rejected promises, sent whatever the consent (it is not analytics).
  const allowLog = createErrorLogLimiter();
  function logUnhandled(kind: UnhandledKind, thrown: unknown, fallbackMessage?: string) {
    const snapshot = startup.getSnapshot();
    const claims = snapshot.context.claims;
    const signedIn = Boolean(claims && isSignedInUser(claims));
    const body = buildErrorLogBody(
      kind,
      thrown,
      {
        href: win.location.href,
        referrer: win.document.referrer,
        userUid: signedIn ? claims!.UserUID : EMPTY_GUID,
        portalId: typeof claims?.PortalID === 'number' ? claims.PortalID : null,
        accountId: typeof claims?.AccountID === 'string' ? claims.AccountID : null,
        device: deviceFor(win.location.pathname, win.innerWidth),
      },
      fallbackMessage,
    );
    if (!allowLog(body)) return;
    api.events.logError(body).catch(() => {
      /* the log is best effort: a failure to log must not raise another error */
    });
  }
  const onError = (event: ErrorEvent) => logUnhandled('error', event.error ?? event.message, event.message);
  const onRejection = (event: PromiseRejectionEvent) => logUnhandled('unhandledrejection', event.reason);

  const flush = () => queue.flush().catch(() => 0);
  const onOnline = () => void flush();
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  win.addEventListener('online', onOnline);
  const timer = win.setInterval(() => void flush(), options.flushEveryMs ?? ANALYTICS_FLUSH_EVERY_MS);
  void flush();
  void identify();

  return {
    track,
    identify,
    trackScreens,
    flush,
    /** Pending stored events (diagnostics). */
    pending: () => queue.pending(),
    /** The order-confirmation data-layer push; only with analytics consent. False when nothing was pushed. */
    pushOrderDataLayer(input: OrderDataLayerInput): boolean {
      if (!consent().analytics) return false;
      const payload = buildOrderDataLayerPayload(input);
      if (!payload) return false;
      pushToDataLayer(win, payload);
      return true;
    },
    stop() {
      disconnectFlows();
      recordStep.stop();
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.removeEventListener('online', onOnline);
      win.clearInterval(timer);
    },
  };
}
export type Analytics = ReturnType<typeof startAnalytics>;
