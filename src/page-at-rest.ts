/**
 * A page at rest: the server drew the whole of it, and the app's code is not fetched until the
 * visitor first touches it (a pointer, a key, a touch, or focus moving into it). Until the app has
 * taken over, the page's own controls work as plain HTML (a plan is a native radio), and a press
 * of a button whose work needs the app is kept and marked as pending, for the app to carry out.
 * main.tsx imports this module statically: it imports nothing.
 */
export const PAGE_AT_REST_ID = 'page-at-rest';
/** On a control the server drew: what a press of it asks for, to be done once the app has come. */
export const AT_REST_INTENT = 'data-at-rest-intent';
/** Set on such a control when it was pressed before the app came. */
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

/** Marks the press of a control that needs the app as pending (only the server's drawing has such controls: the app's own do their work). */
export function keepIntents(doc: Document): void {
  const press = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest(`[${AT_REST_INTENT}]`) : null;
    if (!control || control.hasAttribute(AT_REST_PENDING)) return;
    control.setAttribute(AT_REST_PENDING, '');
    control.setAttribute('aria-busy', 'true');
  };
  doc.addEventListener('click', press, { capture: true });
}
