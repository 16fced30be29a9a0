import type { Page } from '@playwright/test';

export interface HeadingTakeovers {
  /** How many times the heading was taken out of the page. */
  removed: number;
  /** Whether `alongside` matched anything when the heading was first taken out; null if it never was. */
  alongsideAtFirst: boolean | null;
}

/**
 * Watches the next page load from its first byte (several headings may be watched at once): each time the heading `#headingId` is taken out
 * of the page (the server's, when the app takes over; any later one would lose its focus), and
 * whether the element `alongside` names was already drawn the first time. Answers a function that
 * reads what was watched.
 */
export async function watchHeadingTakeovers(
  page: Page,
  headingId: string,
  alongside: string,
): Promise<() => Promise<HeadingTakeovers>> {
  await page.addInitScript(
    ({ headingId, alongside }) => {
      const w = window as unknown as { headingTakeovers?: Record<string, HeadingTakeovers> };
      const watched: HeadingTakeovers = { removed: 0, alongsideAtFirst: null };
      (w.headingTakeovers ??= {})[headingId] = watched;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes) {
            if (!(node instanceof Element) || !(node.id === headingId || node.querySelector(`#${headingId}`))) continue;
            watched.removed += 1;
            watched.alongsideAtFirst ??= document.querySelector(alongside) !== null;
          }
      }).observe(document, { childList: true, subtree: true });
    },
    { headingId, alongside },
  );
  return () =>
    page.evaluate(
      (id) => (window as unknown as { headingTakeovers: Record<string, HeadingTakeovers> }).headingTakeovers[id]!,
      headingId,
    );
}
