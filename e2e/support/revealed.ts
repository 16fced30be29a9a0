import { expect, type Page } from '@playwright/test';

/** Waits until every part drawn in turn (src/ui/RevealInTurn.tsx) is in: no such box is still busy. */
export async function expectAllRevealed(page: Page): Promise<void> {
  await expect(page.locator('.reveal-in-turn[aria-busy="true"]')).toHaveCount(0);
}
