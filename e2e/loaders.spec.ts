/** Start-up loaders (spec §2 "Loaders and start-up"). */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInAs, signInAsFresh } from './support';
import { namespaceTextsOf } from './support/locales';
import { EXPERIMENTS } from '../server/db/seed/remote-config';
import { LOADER_AFTER_MS } from '../src/app/loader-delay';

/** Holds the claims answer until the test lets it go, so the loader can be looked at. */
async function holdClaims(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/users/claims', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a full-page spinner at z-index 1099 covers the page until user and theme data are in', async ({ page }) => {
  await signInAs(page.context(), 'active-us');
  const release = await holdClaims(page);
  await page.goto('/payment/mysettings');
  const loader = page.getByTestId('full-page-loader');
  await expect(loader).toBeVisible();
  await expect(loader).toHaveCSS('z-index', '1099');
  await expect(loader).toHaveCSS('position', 'fixed');
  await expect(page.getByTestId('page-my-settings')).toHaveCount(0);
  release();
  await expect(loader).toHaveCount(0);
  await expect(page.getByTestId('page-my-settings')).toBeVisible();
});

test('a quick start never flashes the loader: it covers the page only once start-up has taken a second', async ({
  page,
}) => {
  const release = await holdClaims(page);
  // Page times of the claims request (start-up's first) and of the loader's arrival.
  await page.addInitScript(() => {
    const seen = window as unknown as { claimsAt?: number; loaderAt?: number };
    const fetchOf = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/users/claims')) seen.claimsAt ??= performance.now();
      return fetchOf(input, init);
    };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="full-page-loader"]')) return;
      seen.loaderAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/payment/pricing');
  const loader = page.getByTestId('full-page-loader');
  await expect(loader).toBeVisible();
  const { claimsAt, loaderAt } = await page.evaluate(() => {
    const seen = window as unknown as { claimsAt: number; loaderAt: number };
    return { claimsAt: seen.claimsAt, loaderAt: seen.loaderAt };
  });
  // Start-up asks for the claims just before the router's first load, whose wait the loader follows.
  expect(loaderAt - claimsAt).toBeGreaterThanOrEqual(LOADER_AFTER_MS - 50);
  release();
  await expect(loader).toHaveCount(0);
  await expect(page.getByTestId('page-sell')).toBeVisible();
});

test('animatecv switches on the animation loader, which greets the person by display name', async ({ page }) => {
  await signInAs(page.context(), 'employer');
  const release = await holdClaims(page);
  await page.goto('/payment/pricing?animatecv=true');
  const loader = page.getByTestId('full-page-loader');
  await expect(loader).toHaveClass(/full-page-loader--animation/);
  await expect(loader).toContainText('Hello, Grace W.!');
  release();
  await expect(loader).toHaveCount(0);
});

test('without animatecv the plain spinner shows, with the loading text', async ({ page }) => {
  const release = await holdClaims(page);
  await page.goto('/payment/cancellation/request');
  const loader = page.getByTestId('full-page-loader');
  await expect(loader).toHaveClass(/full-page-loader--spinner/);
  await expect(loader).toContainText('Loading…');
  release();
  await expect(loader).toHaveCount(0);
});

// --- The testimonial loader: sell and index pages, not on mobile, variations 3 and 4. ---

const reviews = namespaceTextsOf('en-US', 'testimonials').reviews as Record<
  string,
  { review: string; heading: string }
>;

/** Puts the visitor of the US portal (that of an en-US guest) into one testimonial-loader variation. */
async function assignLoaderVariation(context: BrowserContext, baseURL: string | undefined, variation: number) {
  const entries = [{ ExperimentGUID: EXPERIMENTS.testimonialLoader.guid, VariationIndex: variation, PortalCD: 'RNUS' }];
  await context.addCookies([
    { name: 'ew_exp', value: encodeURIComponent(JSON.stringify(entries)), url: baseURL ?? 'http://127.0.0.1:8080' },
  ]);
}

test.describe('testimonial loader', () => {
  for (const variation of [3, 4]) {
    test(`variation ${variation} on the desktop sell page shows a customer review with the loading text, as a busy status`, async ({
      page,
      context,
      baseURL,
    }) => {
      await assignLoaderVariation(context, baseURL, variation);
      const release = await holdClaims(page);
      await page.goto('/payment/pricing');
      const loader = page.getByTestId('full-page-loader');
      await expect(loader).toHaveClass(/full-page-loader--testimonial/);
      await expect(loader).toHaveAttribute('role', 'status');
      await expect(loader).toHaveAttribute('aria-busy', 'true');
      await expect(loader).toHaveCSS('z-index', '1099');
      // An en-US visitor reads the first review of the US set.
      await expect(loader.getByTestId('testimonial-card')).toContainText(reviews['us-1']!.review);
      await expect(loader.getByTestId('testimonial-card')).toContainText(reviews['us-1']!.heading);
      await expect(loader.getByRole('img', { name: 'United States' })).toBeVisible();
      await expect(loader).toContainText('Loading…');
      release();
      await expect(loader).toHaveCount(0);
      await expect(page.getByTestId('page-sell')).toBeVisible();
    });
  }

  const spinnerCases: { name: string; variation: number; path: string; width?: number }[] = [
    { name: 'control (variation 2) on the desktop sell page', variation: 2, path: '/payment/pricing' },
    { name: 'variation 3 on a phone-sized screen', variation: 3, path: '/payment/pricing', width: 390 },
    { name: 'variation 3 on the mobile sell page', variation: 3, path: '/payment/mobile/plans' },
    { name: 'variation 3 on a page that is not a sell page', variation: 3, path: '/payment/cancellation/request' },
  ];
  for (const { name, variation, path, width } of spinnerCases) {
    test(`${name} keeps the plain spinner`, async ({ page, context, baseURL }) => {
      if (width) await page.setViewportSize({ width, height: 800 });
      await assignLoaderVariation(context, baseURL, variation);
      const release = await holdClaims(page);
      const configRead = page.waitForResponse('**/api/config/features?moduleName=Shell');
      await page.goto(path);
      const loader = page.getByTestId('full-page-loader');
      await expect(loader).toHaveClass(/full-page-loader--spinner/);
      // Once configuration (which decides the variation) is in and drawn, the spinner stays.
      await configRead;
      await page.evaluate(
        () =>
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))),
      );
      await expect(loader).toHaveClass(/full-page-loader--spinner/);
      await expect(loader.getByTestId('testimonial-card')).toHaveCount(0);
      release();
      await expect(loader).toHaveCount(0);
    });
  }

  test('with reduced motion the testimonial loader does not move', async ({ page, context, baseURL }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await assignLoaderVariation(context, baseURL, 3);
    const release = await holdClaims(page);
    await page.goto('/payment/pricing');
    const loader = page.getByTestId('full-page-loader');
    await expect(loader).toHaveClass(/full-page-loader--testimonial/);
    const animations = await loader.evaluate((el) => {
      const card = el.querySelector('.testimonial-card')!;
      const bar = el.querySelector('.testimonial-loader__bar')!;
      return [getComputedStyle(card).animationName, getComputedStyle(bar, '::after').animationName];
    });
    expect(animations).toEqual(['none', 'none']);
    release();
    await expect(loader).toHaveCount(0);
  });

  test('without reduced motion the bar slides', async ({ page, context, baseURL }) => {
    await assignLoaderVariation(context, baseURL, 4);
    const release = await holdClaims(page);
    await page.goto('/payment/pricing');
    const bar = page.locator('.testimonial-loader__bar');
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => getComputedStyle(el, '::after').animationName)).toBe('testimonial-loader-slide');
    release();
  });
});

/** Every state the sell page's section is seen in (busy, how many plans), from before any script runs. */
async function watchSellPageStates(page: Page): Promise<() => Promise<{ busy: string | null; plans: number }[]>> {
  await page.addInitScript(() => {
    const seen: { busy: string | null; plans: number }[] = [];
    (window as unknown as { sellPageSeen: typeof seen }).sellPageSeen = seen;
    new MutationObserver(() => {
      const section = document.querySelector('section.sell-page');
      if (!section) return;
      const state = {
        busy: section.getAttribute('aria-busy'),
        plans: section.querySelectorAll('[data-testid^="plan-option-"]').length,
      };
      const last = seen.at(-1);
      if (!last || last.busy !== state.busy || last.plans !== state.plans) seen.push(state);
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
  // The plans' read takes a third of a second: start-up is done before it is.
  await page.route('**/api/skus?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  return () =>
    page.evaluate(() => (window as unknown as { sellPageSeen: { busy: string | null; plans: number }[] }).sellPageSeen);
}

test("a signed-in visitor's sell page is first drawn with its plans, when the offer comes within the loader's second", async ({
  page,
}) => {
  // A fresh copy: another spec may have sold the shared new-us a plan by now.
  await signInAsFresh(page, 'new-us');
  const seenStates = await watchSellPageStates(page);
  await page.goto('/payment/pricing');
  await expect(page.locator('[data-testid^="plan-option-"]').first()).toBeVisible();
  const seen = await seenStates();
  // Drawn first as loading, the page would be drawn again when the offer arrived, and React
  // would draw it all in one long task if that came during its sliced first drawing.
  expect(seen[0], 'the first drawing is the page with its plans, not its loading state').toEqual({
    busy: 'false',
    plans: expect.any(Number),
  });
  expect(seen[0]!.plans).toBeGreaterThan(0);
});

test("a guest's sell page keeps the server's top in the app's first drawing, and its plans come in the one pass after", async ({
  page,
}) => {
  const seenStates = await watchSellPageStates(page);
  await page.goto('/payment/pricing');
  await expect(page.locator('[data-testid^="plan-option-"]').first()).toBeVisible();
  const seen = await seenStates();
  // The server's top, then the app's drawing of that same top (nothing changes), then the page:
  // never the page, then loading again. The offer was in before the first drawing, so the plans'
  // pass is the deferred value's (one React can interrupt), not a machine update drawn at once.
  expect(seen[0], "the server's top").toEqual({ busy: 'true', plans: 0 });
  expect(
    seen.slice(1).every((state) => state.plans > 0 && state.busy === 'false'),
    JSON.stringify(seen),
  ).toBe(true);
  expect(seen.length).toBeGreaterThan(1);
});
