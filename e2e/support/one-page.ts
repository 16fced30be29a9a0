/**
 * One page for all the tests of a describe, which then run in order: for tours that only look
 * (where each kind of visitor lands, what axe finds on each page). The visitor signs in once
 * per describe instead of once per test, and the page keeps its browser process warm between
 * visits, so each visit costs about a third less than in a new browser context.
 *
 * Tests that change the person or the server's data keep a context of their own.
 */
import { test, type BrowserContext, type Page } from '@playwright/test';

export function useOnePageForTheDescribe(prepare?: (context: BrowserContext) => Promise<void>): () => Page {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    // A context made by hand gets none of the project's options by itself.
    const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } =
      testInfo.project.use;
    context = await browser.newContext({
      baseURL,
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
    });
    await prepare?.(context);
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!page) throw new Error('the shared page is made in beforeAll');
    return page;
  };
}
