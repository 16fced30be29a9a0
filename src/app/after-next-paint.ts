/** The parts of a window the deferral needs (a fake one in unit tests). */
export interface PaintingWindow {
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): unknown;
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** A queue that hands its items over after the next paint; `stop` hands over what waits and ends it. */
export interface AfterPaintDelivery<T> {
  add(item: T): void;
  stop(): void;
}

/**
 * Hands items to `deliver` in a task after the next frame is painted, in the order they came, so
 * bookkeeping caused by a tap (recording its transition) does not hold back the frame that shows
 * the tap's result. A page that is being hidden or left has no next frame: what is waiting is
 * delivered at once then, and an item that comes while the page is hidden waits one task only.
 * `stop` delivers what waits at once and removes the page listeners; nothing is delivered after it.
 */
export function deliveredAfterNextPaint<T>(deliver: (item: T) => void, win: PaintingWindow): AfterPaintDelivery<T> {
  const waiting: T[] = [];
  let scheduled = false;
  let stopped = false;
  const flush = () => {
    scheduled = false;
    for (const item of waiting.splice(0)) deliver(item);
  };
  const flushWhenHidden = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.addEventListener('pagehide', flush);
  win.document.addEventListener('visibilitychange', flushWhenHidden);
  return {
    add(item) {
      if (stopped) return;
      waiting.push(item);
      if (scheduled) return;
      scheduled = true;
      if (win.document.visibilityState === 'hidden') win.setTimeout(flush, 0);
      else win.requestAnimationFrame(() => win.setTimeout(flush, 0));
    },
    stop() {
      if (stopped) return;
      stopped = true;
      win.removeEventListener('pagehide', flush);
      win.document.removeEventListener('visibilitychange', flushWhenHidden);
      flush();
    },
  };
}
