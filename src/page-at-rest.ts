/**
 * A page at rest: the server drew the whole of it, and the app's code is not fetched until the
 * visitor first touches it (a pointer, a key, a touch, or focus moving into it). Until the app has
 * taken over, the page's own controls work as plain HTML (a plan is a native radio, a link is a
 * link), and a press of a button, whose work needs the app, is kept and marked as pending, for the
 * app to carry out once it has taken the page over. The app then removes the page's at-rest script.
 * main.tsx imports this module statically: it imports nothing.
 */
export const PAGE_AT_REST_ID = 'page-at-rest';
/** Set on a button pressed before the app came. */
export const AT_REST_PENDING = 'data-at-rest-pending';

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
