/**
 * When the visitor last pressed a pointer or a key anywhere on the page. The app moves focus on its
 * own only when they have not acted since: a tap or a key press is theirs, and a focus moved (and
 * the page scrolled) under their finger would lose it.
 */
export interface InputClock {
  /** Whether the visitor pressed a pointer or a key after `time` (performance.now()). */
  actedSince(time: number): boolean;
}

export function createInputClock(target: Pick<EventTarget, 'addEventListener'>, now: () => number): InputClock {
  let lastInput = -Infinity;
  const note = () => {
    lastInput = now();
  };
  // Capturing, so a handler that stops the event does not hide it.
  for (const type of ['pointerdown', 'keydown']) target.addEventListener(type, note, { capture: true, passive: true });
  return { actedSince: (time) => lastInput > time };
}

export interface HeadingFocusState {
  /** The visitor pressed a pointer or a key since the page first drew. */
  actedSinceArrival: boolean;
  /** What has focus now, and what had it when the page arrived. */
  active: Element | null;
  atArrival: Element | null;
  body: Element | null;
}

/**
 * A page moves focus to its heading on arrival (so a screen reader announces it) unless the visitor
 * has acted since the page first drew, or has moved focus elsewhere.
 */
export function mayFocusHeading({ actedSinceArrival, active, atArrival, body }: HeadingFocusState): boolean {
  if (actedSinceArrival) return false;
  return active === atArrival || active === null || active === body;
}
