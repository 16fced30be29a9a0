import { useEffect, useRef } from 'react';

/**
 * Names the page in the tab title and moves focus to its heading on arrival, so a screen
 * reader announces the new page. Attach the returned ref to the page's h1 (with tabIndex -1).
 */
export function usePageHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    heading.current?.focus();
  }, [title]);
  return heading;
}
