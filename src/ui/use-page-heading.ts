import { useEffect, useRef } from 'react';

/**
 * Names the page in the tab title and moves focus to its heading on arrival, so a screen
 * reader announces the new page. Attach the returned ref to the page's h1 (with tabIndex -1).
 *
 * The focus waits for the page's first frame: focusing earlier makes the browser lay the whole
 * new page out inside React's commit, one long task that keeps the page from answering. If the
 * visitor moves focus themselves in that moment, theirs wins.
 */
export function usePageHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    const focusedAtArrival = document.activeElement;
    return afterNextFrame(() => {
      if (document.activeElement === focusedAtArrival || !document.activeElement || document.activeElement === document.body) heading.current?.focus();
    });
  }, [title]);
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
