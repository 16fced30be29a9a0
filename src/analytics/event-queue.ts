/**
 * Delivers analytics events without losing them. A send that fails is retried every
 * `retryMs` up to `maxAttempts` times; after that the event waits in a queue kept in
 * storage, which is flushed on the next start or when `flush()` is called (for example when
 * the browser comes back online). Events are only sent with consent.
 */

export interface QueuedEvent {
  id: string;
  body: { user_id: string; event_name: string; identify: boolean; props: Record<string, unknown> };
  queuedAt: number;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface EventQueueOptions {
  send: (body: QueuedEvent['body']) => Promise<void>;
  store: KeyValueStore;
  consentGiven: () => boolean;
  storageKey?: string;
  retryMs?: number;
  maxAttempts?: number;
  /** Oldest events are dropped beyond this, so a long outage cannot fill storage. */
  maxQueued?: number;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
}

export const EVENT_RETRY_MS = 500;
export const EVENT_MAX_ATTEMPTS = 6;

export function createEventQueue(options: EventQueueOptions) {
  const key = options.storageKey ?? 'rp.analytics.queue';
  const retryMs = options.retryMs ?? EVENT_RETRY_MS;
  const maxAttempts = options.maxAttempts ?? EVENT_MAX_ATTEMPTS;
  const maxQueued = options.maxQueued ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const newId = options.newId ?? (() => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
  let flushing: Promise<number> | null = null;

  const readQueue = (): QueuedEvent[] => {
    try {
      const parsed = JSON.parse(options.store.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  const writeQueue = (events: QueuedEvent[]) => {
    try {
      options.store.setItem(key, JSON.stringify(events.slice(-maxQueued)));
    } catch {
      /* storage full or unavailable: the event is lost only if this page closes before a retry */
    }
  };
  const enqueue = (event: QueuedEvent) => writeQueue([...readQueue().filter((e) => e.id !== event.id), event]);

  async function deliver(event: QueuedEvent): Promise<boolean> {
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      try {
        await options.send(event.body);
        return true;
      } catch {
        if (attempt < maxAttempts) await sleep(retryMs);
      }
    }
    return false;
  }

  return {
    /** Sends one event; resolves to 'sent', 'queued' (kept for later) or 'skipped' (no consent). */
    async track(body: QueuedEvent['body']): Promise<'sent' | 'queued' | 'skipped'> {
      if (!options.consentGiven()) return 'skipped';
      const event: QueuedEvent = { id: newId(), body, queuedAt: Date.now() };
      // Stored before the first attempt, so a reload mid-retry loses nothing.
      enqueue(event);
      if (await deliver(event)) {
        writeQueue(readQueue().filter((e) => e.id !== event.id));
        return 'sent';
      }
      return 'queued';
    },

    /** Tries every stored event once, oldest first; returns how many were delivered. */
    flush(): Promise<number> {
      flushing ??= (async () => {
        let delivered = 0;
        try {
          for (const event of readQueue()) {
            try {
              await options.send(event.body);
            } catch {
              break;
            }
            delivered += 1;
            writeQueue(readQueue().filter((e) => e.id !== event.id));
          }
        } finally {
          flushing = null;
        }
        return delivered;
      })();
      return flushing;
    },

    pending: (): number => readQueue().length,
  };
}
