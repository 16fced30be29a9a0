/** What of the router this needs: its rendered event. */
interface RenderedEvents {
  subscribe(eventType: 'onRendered', fn: () => void): () => void;
}

/**
 * Keeps the visitor's scroll position through the app's first drawing of a page they could already
 * scroll (one the server drew whole): the router moves every page it draws to the top, which is right
 * for a page it moved to, and wrong for one the visitor is reading. Subscribed after the router's own
 * handling, so it runs after it, in the same task: nothing is painted in between.
 */
export function keepScrollThroughFirstDrawing(
  router: RenderedEvents,
  win: Pick<Window, 'scrollX' | 'scrollY' | 'scrollTo' | 'addEventListener' | 'removeEventListener'>,
): void {
  let kept = { left: win.scrollX, top: win.scrollY };
  const track = () => {
    kept = { left: win.scrollX, top: win.scrollY };
  };
  win.addEventListener('scroll', track, { passive: true });
  const stop = router.subscribe('onRendered', () => {
    stop();
    win.removeEventListener('scroll', track);
    win.scrollTo({ ...kept, behavior: 'instant' });
  });
}
