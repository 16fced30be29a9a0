import type { Page } from '@playwright/test';

export interface FirstPaintWatch {
  layoutShift: number;
  /** Whether the watched element was ever on the page. */
  seen: boolean;
  /** Whether it went away after it had been seen. */
  left: boolean;
  /** Whether the full-page loader was ever drawn. */
  loaderShown: boolean;
}

/**
 * Watches the next page load from its first byte, for a top the server drew: layout shifts, whether
 * the element `selector` names (once it has `text`, when given) ever left the page after it was
 * seen, and whether a loader covered it. Answers a function that reads what was watched.
 */
export async function watchFromFirstPaint(
  page: Page,
  watched: { selector: string; text?: string },
): Promise<() => Promise<FirstPaintWatch>> {
  await page.addInitScript(({ selector, text }) => {
    const w = window as unknown as { firstPaintWatch: FirstPaintWatch };
    w.firstPaintWatch = { layoutShift: 0, seen: false, left: false, loaderShown: false };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.firstPaintWatch.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      const element = document.querySelector(selector);
      if (element && (text === undefined || element.textContent === text)) w.firstPaintWatch.seen = true;
      else if (!element && w.firstPaintWatch.seen) w.firstPaintWatch.left = true;
      if (document.querySelector('[data-testid="full-page-loader"]')) w.firstPaintWatch.loaderShown = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, watched);
  return () => page.evaluate(() => (window as unknown as { firstPaintWatch: FirstPaintWatch }).firstPaintWatch);
}
