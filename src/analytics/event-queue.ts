/**
 * Delivers analytics events without losing them. A send that fails is retried every
 * `retryMs` up to `maxAttempts` times; after that the event waits in a queue kept in
 * storage, which is flushed on the next start or when `flush()` is called (for example when
 * the browser comes back online). Events are only sent with consent.
 *
 * Every event is written to storage before its first attempt, so a reload in the middle of
 * the retries loses nothing. While a page is sending an event it holds a lease on it in
 * storage (renewed before each attempt); a flush, in this page, a reloaded page or another
 * tab, leaves leased events alone, so an event is not delivered twice. A lease left by a page
 * that closed mid-send runs out after `leaseMs`, and the event is flushed then.
 *
 * The queue also carries the flow explorer's transitions (`trackFlow`), under the same consent,
 * storage and retries; a transition's id is its queued item's id, so the server counts a
 * transition delivered twice (a retry after a lost answer, a replay) once.
 */
import type { FlowTransition } from '../api/schemas/flows';
import { randomGuid } from '../domain/guid';

/** A flow transition as the recorder makes it: the queue gives it its id. */
export type FlowTransitionBody = Omit<FlowTransition, 'id'>;

export interface QueuedEvent {
  id: string;
  body: { user_id: string; event_name: string; identify: boolean; props: Record<string, unknown> };
  queuedAt: number;
  /** While set and in the future, some page is sending this event: flushes skip it. */
  leaseUntil?: number;
}

/** A flow transition waiting in the queue; it goes to the flows endpoint. */
export interface QueuedFlowTransition {
  id: string;
  kind: 'flow';
  body: FlowTransitionBody;
  queuedAt: number;
  leaseUntil?: number;
}

export type QueuedItem = QueuedEvent | QueuedFlowTransition;
const isFlow = (item: QueuedItem): item is QueuedFlowTransition => (item as QueuedFlowTransition).kind === 'flow';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface EventQueueOptions {
  send: (body: QueuedEvent['body']) => Promise<void>;
  /** Delivers one flow transition (to the flows endpoint); without it `trackFlow` skips. */
  sendFlow?: (transition: FlowTransition) => Promise<void>;
  store: KeyValueStore;
  consentGiven: () => boolean;
  storageKey?: string;
  retryMs?: number;
  maxAttempts?: number;
  /** How long one attempt may hold an event; longer than the request timeout. */
  leaseMs?: number;
  /** Oldest events are dropped beyond this, so a long outage cannot fill storage. */
  maxQueued?: number;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
  now?: () => number;
}

export const EVENT_RETRY_MS = 500;
export const EVENT_MAX_ATTEMPTS = 6;
export const EVENT_LEASE_MS = 20_000;
export const EVENT_QUEUE_KEY = 'rp.analytics.queue';

export type EventQueue = ReturnType<typeof createEventQueue>;

export function createEventQueue(options: EventQueueOptions) {
  const key = options.storageKey ?? EVENT_QUEUE_KEY;
  const retryMs = options.retryMs ?? EVENT_RETRY_MS;
  const maxAttempts = options.maxAttempts ?? EVENT_MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? EVENT_LEASE_MS;
  const maxQueued = options.maxQueued ?? 500;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // A GUID: a flow transition's id is its item's id, and the API takes only GUIDs.
  const newId = options.newId ?? randomGuid;
  let flushing: Promise<number> | null = null;

  const readQueue = (): QueuedItem[] => {
    try {
      const parsed: unknown = JSON.parse(options.store.getItem(key) ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter(
            (e): e is QueuedItem =>
              typeof e === 'object' && e !== null && typeof e.id === 'string' && typeof e.body === 'object',
          )
        : [];
    } catch {
      return [];
    }
  };
  const writeQueue = (events: QueuedItem[]) => {
    try {
      options.store.setItem(key, JSON.stringify(events.slice(-maxQueued)));
    } catch {
      /* storage full or unavailable: the event is lost only if this page closes before a retry */
    }
  };
  const remove = (id: string) => writeQueue(readQueue().filter((e) => e.id !== id));
  /** Sets or clears the lease of a stored event; false when the event is no longer stored. */
  const setLease = (id: string, leaseUntil: number | undefined): boolean => {
    const events = readQueue();
    const event = events.find((e) => e.id === id);
    if (!event) return false;
    if (leaseUntil === undefined) delete event.leaseUntil;
    else event.leaseUntil = leaseUntil;
    writeQueue(events);
    return true;
  };
  const isLeased = (event: QueuedItem) => typeof event.leaseUntil === 'number' && event.leaseUntil > now();

  const sendItem = (item: QueuedItem): Promise<void> => {
    if (!isFlow(item)) return options.send(item.body);
    // Dropped (not retried) where this page cannot deliver transitions.
    return options.sendFlow ? options.sendFlow({ ...item.body, id: item.id }) : Promise.resolve();
  };

  async function deliver(event: QueuedItem): Promise<boolean> {
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      setLease(event.id, now() + leaseMs);
      try {
        await sendItem(event);
        return true;
      } catch {
        if (attempt < maxAttempts) await sleep(retryMs);
      }
    }
    return false;
  }

  async function flushOnce(): Promise<number> {
    if (!options.consentGiven()) {
      if (readQueue().length > 0) writeQueue([]);
      return 0;
    }
    let delivered = 0;
    for (const { id } of readQueue()) {
      // Read again: another page may have sent or taken the event meanwhile.
      const event = readQueue().find((e) => e.id === id);
      if (!event || isLeased(event)) continue;
      setLease(id, now() + leaseMs);
      try {
        await sendItem(event);
      } catch {
        setLease(id, undefined);
        break;
      }
      delivered += 1;
      remove(id);
    }
    return delivered;
  }

  async function enqueue(event: QueuedItem): Promise<'sent' | 'queued'> {
    // Stored before the first attempt, so a reload mid-retry loses nothing.
    writeQueue([...readQueue().filter((e) => e.id !== event.id), event]);
    if (await deliver(event)) {
      remove(event.id);
      return 'sent';
    }
    // Free for the next flush, here or in any other page.
    setLease(event.id, undefined);
    return 'queued';
  }

  return {
    /** Sends one event; resolves to 'sent', 'queued' (kept for later) or 'skipped' (no consent). */
    async track(body: QueuedEvent['body']): Promise<'sent' | 'queued' | 'skipped'> {
      if (!options.consentGiven()) return 'skipped';
      return enqueue({ id: newId(), body, queuedAt: now(), leaseUntil: now() + leaseMs });
    },

    /** Sends one flow transition, as `track` sends an event; its id is the queued item's. */
    async trackFlow(body: FlowTransitionBody): Promise<'sent' | 'queued' | 'skipped'> {
      if (!options.consentGiven() || !options.sendFlow) return 'skipped';
      return enqueue({ id: newId(), kind: 'flow', body, queuedAt: now(), leaseUntil: now() + leaseMs });
    },

    /**
     * Tries every stored event that no page is sending, once each, oldest first; stops at the
     * first failure. Returns how many were delivered. Without consent the stored events are
     * discarded instead of sent.
     */
    flush(): Promise<number> {
      // Cleared in a `.finally`, which always runs after the assignment, even when the run
      // finishes without waiting (an empty queue).
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    pending: (): number => readQueue().length,
    /** The stored events, oldest first (for diagnostics and tests). */
    stored: (): QueuedItem[] => readQueue(),
  };
}
