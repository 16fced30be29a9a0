/**
 * A page at rest: the server drew the whole of it, and the app's code is not fetched until the
 * visitor first touches it (a pointer, a key, a touch, or focus moving into it). Until the app has
 * taken over, the page's own controls work as plain HTML (a plan is a native radio, a link is a
 * link), and a press of a button, whose work needs the app, is kept and marked as pending, for the
 * app to carry out once it has taken the page over. The app then removes the page's at-rest script.
 * The page's view is reported at once, as the app would report it (a visitor may never touch the page).
 * main.tsx imports this module statically: it imports nothing but the storage rules, which import nothing.
 */
import { consentOf, CONSENT_STORAGE_KEY, pickStorage } from './domain/storage-basics';

export const PAGE_AT_REST_ID = 'page-at-rest';
/** Set on a button pressed before the app came. */
export const AT_REST_PENDING = 'data-at-rest-pending';
/** Set on the page's at-rest script once its view has been reported, so the app does not report it again. */
export const VIEW_REPORTED = 'data-view-reported';

const WAKING_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

export const isPageAtRest = (doc: Document): boolean => doc.getElementById(PAGE_AT_REST_ID) !== null;

/** Resolves on the visitor's first touch of the page. */
export function untilFirstInteraction(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      for (const type of WAKING_EVENTS) doc.removeEventListener(type, wake, { capture: true });
      resolve();
    };
    for (const type of WAKING_EVENTS) doc.addEventListener(type, wake, { capture: true, passive: true });
  });
}

/** While the page is at rest, marks each button pressed on it as pending and busy, for the app to press again once it has come. */
export function keepPresses(doc: Document): void {
  const press = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('#root button') : null;
    if (!button || !isPageAtRest(doc) || button.hasAttribute(AT_REST_PENDING)) return;
    button.setAttribute(AT_REST_PENDING, '');
    button.setAttribute('aria-busy', 'true');
  };
  doc.addEventListener('click', press, { capture: true });
}

/**
 * Sends the page view the server wrote into the at-rest script (the app's own "screen viewed" event)
 * as a beacon, where the visitor's consent allows analytics, as the app's queue would. Nothing here
 * may stop main.tsx: anything unreadable sends nothing.
 */
export function reportViewAtRest(
  doc: Document,
  win: Pick<Window, 'localStorage' | 'sessionStorage' | 'navigator'>,
): void {
  try {
    const script = doc.getElementById(PAGE_AT_REST_ID);
    const view = (JSON.parse(script?.textContent ?? 'null') as { view?: unknown } | null)?.view;
    if (!script || view === undefined) return;
    const storage = pickStorage(
      () => win.localStorage,
      () => win.sessionStorage,
    );
    if (!consentOf(parsedOrNull(storage?.getItem(CONSENT_STORAGE_KEY))).analytics) return;
    const apiBase = (
      parsedOrNull(doc.querySelector('meta[name="app-config"]')?.getAttribute('content')) as {
        apiBase?: unknown;
      } | null
    )?.apiBase;
    const events = `${typeof apiBase === 'string' ? apiBase : '/api'}/events`;
    if (win.navigator.sendBeacon?.(events, new Blob([JSON.stringify(view)], { type: 'application/json' })))
      script.setAttribute(VIEW_REPORTED, '');
  } catch {
    // A page that cannot report its view still works; the app reports it when it comes.
  }
}

/** JSON text as its value; null for none or for text that is not JSON (unreadable consent counts as none stored, as the app reads it). */
function parsedOrNull(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? 'null');
  } catch {
    return null;
  }
}

/** Whether the page's view was reported while it was at rest (the app's first page then reports none). */
export const viewReportedAtRest = (doc: Document): boolean =>
  doc.getElementById(PAGE_AT_REST_ID)?.hasAttribute(VIEW_REPORTED) ?? false;
