/**
 * The one card frame of the checkout page, as the frame machine's effects reach it: the
 * element is registered by the view, messages go only to the frame's own origin.
 */
let current: { element: HTMLIFrameElement; origin: string } | null = null;

export function registerFrame(element: HTMLIFrameElement | null, origin: string): void {
  current = element ? { element, origin } : null;
}

export function frameWindow(): Window | null {
  return current?.element.contentWindow ?? null;
}

export function postToFrame(type: string, payload: Record<string, unknown>): void {
  const target = current;
  target?.element.contentWindow?.postMessage({ type, payload }, target.origin);
}

export function scrollFrameIntoView(): void {
  current?.element.scrollIntoView({ block: 'center', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
}
