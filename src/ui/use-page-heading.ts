import { useEffect, useRef, useState } from 'react';
import { createInputClock, mayFocusHeading } from './visitor-input';

// One clock for the whole page, listening from the moment the app's code runs.
const inputClock = typeof window === 'undefined' ? null : createInputClock(window, () => performance.now());

/**
 * Names the page in the tab title and moves focus to its heading on arrival, so a screen
 * reader announces the new page. Attach the returned ref to the page's h1 (with tabIndex -1).
 *
 * The focus waits for the page's first frame: focusing earlier makes the browser lay the whole
 * new page out inside React's commit, one long task that keeps the page from answering. If the
 * visitor taps, presses a key or moves focus themselves after the page first drew, theirs wins: on a
 * busy phone this effect can run after their tap has begun, and the focus (and the scroll it brings)
 * would move the page under their finger and lose the tap. A page that was on screen before the app
 * came (the visitor may already be reading it) passes `focusOnArrival: false`.
 */
export function usePageHeading(title: string, { focusOnArrival = true }: { focusOnArrival?: boolean } = {}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page arrives when it first draws, and again when its heading changes (a step of its flow).
  const [arrival, setArrival] = useState(() => ({ title, at: performance.now() }));
  if (arrival.title !== title) setArrival({ title, at: performance.now() });
  const arrivedAt = arrival.at;
  useEffect(() => {
    document.title = title;
    if (!focusOnArrival) return;
    const focusedAtArrival = document.activeElement;
    return afterNextFrame(() => {
      const state = {
        actedSinceArrival: inputClock?.actedSince(arrivedAt) ?? false,
        active: document.activeElement,
        atArrival: focusedAtArrival,
        body: document.body,
      };
      if (mayFocusHeading(state)) heading.current?.focus();
    });
  }, [title, arrivedAt, focusOnArrival]);
  return heading;
}

/** Runs `work` once the next frame has been drawn; returns a cancel function. */
function afterNextFrame(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
