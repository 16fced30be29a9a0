import type { Page } from '@playwright/test';

/**
 * The words that the browser laid out over more than one line, in the visible elements matching
 * `rootSelector` (e.g. the order summary's `dt, dd`, or every button). A word's Range has one
 * client rect per line it covers, so two distinct tops mean it was broken. Each is named with the
 * text of the element it is in.
 */
export function wordsSplitAcrossLines(page: Page, rootSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const split: string[] = [];
    for (const root of document.querySelectorAll<HTMLElement>(selector)) {
      if (!root.checkVisibility()) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) split.push(`${match[0]} (in "${root.textContent?.trim()}")`);
        }
      }
    }
    return split;
  }, rootSelector);
}
