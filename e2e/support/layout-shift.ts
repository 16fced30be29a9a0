import type { Page } from '@playwright/test';

/** From the next page load on, adds up the page's layout shifts not caused by input (its CLS). */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift added up since the page loaded (see watchLayoutShift). */
export const layoutShiftOf = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
