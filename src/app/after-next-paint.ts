/** The parts of a window the deferral needs (a fake one in unit tests). */
export interface PaintingWindow {
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): unknown;
  addEventListener(type: 'pagehide', listener: () => void): void;
  document: Pick<Document, 'visibilityState' | 'addEventListener'>;
}

/**
 * Hands items to `deliver` in a task after the next frame is painted, in the order they came, so
 * bookkeeping caused by a tap (recording its transition) does not hold back the frame that shows
 * the tap's result. A page that is being hidden or left has no next frame: what is waiting is
 * delivered at once then, and an item that comes while the page is hidden waits one task only.
 */
export function deliveredAfterNextPaint<T>(deliver: (item: T) => void, win: PaintingWindow): (item: T) => void {
  const waiting: T[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const item of waiting.splice(0)) deliver(item);
  };
  win.addEventListener('pagehide', flush);
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flush();
  });
  return (item) => {
    waiting.push(item);
    if (scheduled) return;
    scheduled = true;
    if (win.document.visibilityState === 'hidden') win.setTimeout(flush, 0);
    else win.requestAnimationFrame(() => win.setTimeout(flush, 0));
  };
}
