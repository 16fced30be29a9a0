/**
 * Records every `message` event the top page of a tab receives (window.postMessage from
 * frames, popups or the page itself), with the event's origin, in the order they arrived.
 */
import type { Page } from '@playwright/test';

export interface ReceivedMessage {
  /** Order of arrival in the page, from 0. */
  seq: number;
  /** `event.origin`: who the browser says sent it. */
  origin: string;
  /** `event.data`, as JSON (a structured clone that JSON cannot hold arrives as null). */
  data: unknown;
  /** `data.type` when data is an object with a string `type` (the frame protocol's message name). */
  type: string | undefined;
  /** `data.source` when present (the sandbox says 'payment-sandbox'). */
  source: string | undefined;
  /** The `src` of the page's iframe whose window sent it; null when not one of its iframes. */
  frameSrc: string | null;
  /** `data.payload` when present. */
  payload: unknown;
}

export interface MessageLog {
  /** Everything received so far (since the last clear), in arrival order. */
  all(): ReceivedMessage[];
  /** The `type` of each message so far, in order. */
  types(options?: { except?: string[] }): string[];
  ofType(type: string): ReceivedMessage[];
  /**
   * Resolves with the `count`-th message of `type` (1 = the first) once it has arrived;
   * rejects after `timeout` ms naming what did arrive.
   */
  waitFor(type: string, options?: { count?: number; timeout?: number }): Promise<ReceivedMessage>;
  /** Forget what arrived so far: later assertions see only newer messages. */
  clear(): void;
}

const BINDING = '__e2eRecordMessage';
const logs = new WeakMap<Page, MessageLog>();

/** In the page: one listener on the top window that hands each message to the binding. */
function installListener(binding: string) {
  const w = window as unknown as Record<string, unknown> & Window;
  if (w.top !== w || w.__e2eMessageListener) return;
  w.__e2eMessageListener = true;
  let seq = 0;
  w.addEventListener(
    'message',
    (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(JSON.stringify(event.data ?? null)) as unknown;
      } catch {
        data = null;
      }
      const frame = Array.from(document.querySelectorAll('iframe')).find((f) => f.contentWindow === event.source);
      const record = w[binding] as (m: unknown) => Promise<void>;
      void record({ seq: seq++, origin: event.origin, data, frameSrc: frame ? frame.src : null });
    },
    true,
  );
}

/**
 * Starts recording on `page` (once per page; later calls give the same log). Call it before
 * the page loads the sender or at any time after: it installs itself in the current document
 * and in every later one.
 */
export async function collectMessages(page: Page): Promise<MessageLog> {
  const existing = logs.get(page);
  if (existing) return existing;

  let received: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  await page.exposeBinding(
    BINDING,
    (_source, raw: { seq: number; origin: string; data: unknown; frameSrc: string | null }) => {
      const data = raw.data as { type?: unknown; source?: unknown; payload?: unknown } | null;
      const isObject = typeof data === 'object' && data !== null;
      received.push({
        seq: raw.seq,
        origin: raw.origin,
        data: raw.data,
        frameSrc: raw.frameSrc,
        type: isObject && typeof data.type === 'string' ? data.type : undefined,
        source: isObject && typeof data.source === 'string' ? data.source : undefined,
        payload: isObject ? data.payload : undefined,
      });
      for (const wake of waiters) wake();
    },
  );
  await page.addInitScript(installListener, BINDING);
  await page.evaluate(installListener, BINDING).catch(() => undefined); // about:blank or mid-navigation: the init script covers it

  const log: MessageLog = {
    all: () => [...received],
    types: (options = {}) => received.map((m) => m.type ?? '?').filter((t) => !options.except?.includes(t)),
    ofType: (type) => received.filter((m) => m.type === type),
    waitFor(type, options = {}) {
      const count = options.count ?? 1;
      const timeout = options.timeout ?? 10_000;
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = log.ofType(type)[count - 1];
          if (!match) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(match);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no message ${type} #${count} within ${timeout} ms; received: ${JSON.stringify(log.types())}`),
          );
        }, timeout);
        if (!check()) waiters.add(check);
      });
    },
    clear() {
      received = [];
    },
  };
  logs.set(page, log);
  return log;
}
