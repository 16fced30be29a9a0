import { useEffect, useState } from 'react';

/**
 * Whether the element has come near the screen (within `margin`), and stays true from then on.
 * Work that only matters once seen (a carousel's engine, its timers) waits for it, so it does not
 * take the main thread, or the network, while the page is starting.
 */
export function useNearViewport(element: Element | null, margin = '200px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return near;
}
