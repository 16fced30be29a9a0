import type { MouseEvent } from 'react';

/**
 * The click handler of a link the explorer follows itself: a plain left click runs `follow`
 * instead of loading the page; with a modifier key or another button the browser does what it
 * always does (a new tab, a new window).
 */
export const followInPage =
  (follow: () => void) =>
  (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    follow();
  };
