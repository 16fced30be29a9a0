/**
 * The design system as a person sees it (issue #51, items 13 and 14): the favicon answers and no
 * page logs a 404 for it; the header shows the logo mark; the payment marks are named images; no
 * button splits a word at 320 or 390 px; billing history's dates stay on one line on a desktop; a
 * phone's sell page starts its plans in the first screen; and a signed-in page shows a skeleton,
 * marked busy, while its data loads.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { signInAs, signInAsFresh } from './support';
import { wordsSplitAcrossLines } from './support/split-words';

/** Every response of 400 or more, and every console error, while `page` is used. */
function watchFailures(page: Page): { failures: string[] } {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return { failures };
}

/** The words of visible buttons that the browser laid out over more than one line. */
const wordsSplitInButtons = (page: Page): Promise<string[]> => wordsSplitAcrossLines(page, 'button, [role="button"], a.button');

test.describe('the favicon and the logo mark', () => {
  test('/favicon.ico answers an image, every page links its icons, and a page load logs no 404', async ({ page, request }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
    const svg = await request.get('/payment/favicon.svg');
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);

    const watch = watchFailures(page);
    await page.goto('/payment/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const icons = await page.locator('head link[rel="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(icons.some((href) => href.endsWith('/payment/favicon.svg'))).toBe(true);
    for (const href of icons) expect((await request.get(href)).status(), href).toBe(200);
    expect(watch.failures).toEqual([]);

    // The header: the mark (decorative) and the word mark, which names the way home.
    await expect(page.locator('header.site-header svg.brand-mark')).toBeVisible();
    await expect(page.locator('header.site-header').getByRole('link')).toHaveAccessibleName('Resume builder');
  });

  test('the dashboard links the icon too', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    await page.goto('/dashboard');
    expect(await page.locator('head link[rel="icon"]').count()).toBeGreaterThan(0);
  });
});

test.describe('payment marks', () => {
  test('checkout lists the ways to pay as named images, and my settings shows the card on file with its mark', async ({ page }) => {
    await page.goto('/payment/pricing');
    const marks = page.getByTestId('payment-logos').getByRole('img');
    await expect(marks.first()).toBeVisible();
    // A guest in the US: the four card brands (PayPal too, once checkout's features say so).
    expect(await marks.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(expect.arrayContaining(['Visa', 'Mastercard', 'American Express', 'Discover']));

    await signInAs(page.context(), 'active-us');
    await page.goto('/payment/mysettings');
    const method = page.getByTestId('payment-method');
    // The words name the card, so the mark beside them has no name of its own; its lettering is not text.
    await expect(method).toHaveText(/^Mastercard ending in \d{4}$/);
    await expect(method.locator('img.payment-mark--mastercard')).toHaveAttribute('alt', '');
  });
});

test.describe('buttons keep their words whole', () => {
  test('the probe finds a word broken over two lines, and only inside its root', async ({ page }) => {
    await page.setContent(
      '<main><button style="width:3em;word-break:break-all">Welcome-Back</button><p style="width:3em;word-break:break-all">Outside-the-root</p></main>',
    );
    expect(await wordsSplitInButtons(page)).toEqual(['Welcome-Back (in "Welcome-Back")']);
    expect(await wordsSplitAcrossLines(page, 'main p')).toEqual(['Outside-the-root (in "Outside-the-root")']);
  });

  for (const width of [320, 390]) {
    test(`at ${width} px: the sell page, winback and the pre-cancel page`, { tag: '@mobile' }, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/payment/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await wordsSplitInButtons(page)).toEqual([]);

      // "Activate with Welcome-Back Monthly": broken after its hyphen before.
      await signInAsFresh(page, 'expired-us', '/payment/winback');
      await expect(page.locator('.winback__offer').first()).toBeVisible();
      expect(await wordsSplitInButtons(page)).toEqual([]);

      await signInAsFresh(page, 'active-de', '/payment/cancellation/pre');
      await expect(page.getByTestId('page-cancellation-pre')).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByRole('button').first()).toBeVisible();
      expect(await wordsSplitInButtons(page)).toEqual([]);
    });
  }
});

test.describe('widths', () => {
  test('billing history on a 1366 px screen: wide enough that every date stays on one line', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAs(page.context(), 'active-us');
    await page.goto('/payment/transactions');
    await expect(page.getByTestId('billing-row').first()).toBeVisible();
    const table = await page.getByTestId('billing-table').boundingBox();
    expect(table!.width).toBeGreaterThan(900);
    const lines = await page.getByTestId('billing-date').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((count) => count === 1)).toBe(true);
  });

  test('a phone (390 × 844) sees the first plan whole in the first screen', { tag: '@mobile' }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/payment/pricing');
    const first = page.locator('.plan-option').first();
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    // The plans start in the upper part of the screen, with room for the first one whole.
    expect(box.y).toBeLessThan(600);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  });
});

test.describe('skeletons', () => {
  /** Holds the responses of the reads matching `pattern` until `release` is called. */
  async function holdReads(page: Page, pattern: string | RegExp): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route: Route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('a signed-in page shows a skeleton of its shape, not an empty frame, while its texts load', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    // The texts beyond the core pack, which the page's loader waits for after start-up.
    const release = await holdReads(page, /\/assets\/en-US\.more-[^/]*\.js$/);
    await page.goto('/payment/mysettings');
    const skeleton = page.getByTestId('page-skeleton');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(skeleton.getByRole('status')).toHaveText('Loading…');
    release();
    await expect(page.getByTestId('page-my-settings')).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });

  test('my settings shows the shape of its parts, busy and saying it loads, until its plan arrives', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    const release = await holdReads(page, /\/api\/subscriptions\?/);
    await page.goto('/payment/mysettings');
    const settings = page.getByTestId('page-my-settings');
    await expect(settings).toHaveAttribute('aria-busy', 'true');
    await expect(settings.getByTestId('skeleton')).toBeVisible();
    await expect(settings.getByRole('status')).toHaveText('Loading…');
    release();
    await expect(page.getByTestId('current-plan')).toBeVisible();
    await expect(settings.getByTestId('skeleton')).toHaveCount(0);
    await expect(settings).toHaveAttribute('aria-busy', 'false');
  });

  test('billing history shows a table skeleton until its rows arrive', async ({ page }) => {
    await signInAs(page.context(), 'active-us');
    const release = await holdReads(page, /\/api\/payments\/[^/]+\/transactions/);
    await page.goto('/payment/transactions');
    const history = page.getByTestId('page-billing-history');
    await expect(history.getByTestId('skeleton')).toBeVisible();
    await expect(history).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByTestId('billing-row').first()).toBeVisible();
    await expect(history.getByTestId('skeleton')).toHaveCount(0);
  });
});
