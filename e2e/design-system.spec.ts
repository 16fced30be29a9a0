/**
 * The design system as a person sees it (issue #51, items 13 and 14): the favicon answers and no
 * page logs a 404 for it; the header shows the logo mark; the payment marks are named images; no
 * button splits a word at 320 or 390 px; billing history's dates stay on one line on a desktop; a
 * phone's sell page starts its plans in the first screen; a signed-in page shows a skeleton,
 * marked busy, while its data loads; and every signed-in and funnel screen uses the page layout
 * (its header on the background, its parts in cards), not the old single narrow card.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { api, signInAs, signInAsFresh, type PersonaId } from './support';
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
const wordsSplitInButtons = (page: Page): Promise<string[]> =>
  wordsSplitAcrossLines(page, 'button, [role="button"], a.button');

test.describe('the favicon and the logo mark', () => {
  test('/favicon.ico answers an image, every page links its icons, and a page load logs no 404', async ({
    page,
    request,
  }) => {
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
    const icons = await page
      .locator('head link[rel="icon"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
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
  test('checkout lists the ways to pay as named images, and my settings shows the card on file with its mark', async ({
    page,
  }) => {
    await page.goto('/payment/pricing');
    const marks = page.getByTestId('payment-logos').getByRole('img');
    await expect(marks.first()).toBeVisible();
    // A guest in the US: the four card brands (PayPal too, once checkout's features say so).
    expect(await marks.evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(
      expect.arrayContaining(['Visa', 'Mastercard', 'American Express', 'Discover']),
    );

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

  test('my settings shows the shape of its parts, busy and saying it loads, until its plan arrives', async ({
    page,
  }) => {
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

test.describe('the page layout', () => {
  /** Where a screen is read: who opens which address (`{order}`: the visitor's latest sale). */
  interface Screen {
    name: string;
    who: PersonaId | 'guest';
    path: string;
  }
  const SCREENS: Screen[] = [
    { name: 'checkout', who: 'new-us', path: '/payment/checkout?skuid=102' },
    { name: 'the order confirmation', who: 'active-us', path: '/payment/orderconfirmation?orderid={order}' },
    { name: 'the purchase confirmation', who: 'active-us', path: '/payment/purchase-confirmation?orderid={order}' },
    { name: 'an upsell offer', who: 'active-us', path: '/payment/upsell/social-card' },
    { name: 'the upsell offers', who: 'active-us', path: '/payment/upsell/offers' },
    { name: 'the pre-cancel page', who: 'active-us', path: '/payment/cancellation/pre' },
    { name: 'the cancellation survey', who: 'active-us', path: '/payment/cancellation/survey' },
    { name: 'the save offers', who: 'active-us', path: '/payment/cancellation/pre/offers' },
    { name: 'the free review', who: 'active-us', path: '/payment/cancellation/review' },
    { name: 'the final offer', who: 'active-us', path: '/payment/cancellation/final-offer' },
    { name: 'the cancellation confirmation', who: 'active-us', path: '/payment/cancellation/confirm' },
    { name: 'the cancellation rating', who: 'active-us', path: '/payment/cancellation/rating' },
    { name: 'manage subscription', who: 'active-us', path: '/payment/cancellation/manage' },
    { name: 'the subscription details', who: 'active-us', path: '/payment/subscription-details' },
    { name: 'the transaction detail', who: 'active-us', path: '/payment/transactions/{order}/detail' },
    { name: 'winback', who: 'expired-us', path: '/payment/winback' },
    { name: 'change payment method', who: 'active-us', path: '/payment/change-payment-method' },
    { name: 'the billing problem', who: 'suspended-us', path: '/payment/problem' },
    { name: 'the service offers', who: 'active-us', path: '/payment/offers' },
    { name: 'a service intake', who: 'active-us', path: '/payment/resume-review' },
    { name: 'the logged-out cancellation form', who: 'guest', path: '/payment/cancellation/request' },
    { name: 'the timeout page', who: 'guest', path: '/payment/timeout' },
    { name: 'a page not found', who: 'guest', path: '/payment/no-such-page' },
  ];

  /**
   * How the page's main content is laid out: whether its first heading sits on the page's
   * background (no box between it and main draws a background or a border), whether that
   * heading's section is the page layout, how many visible cards the section holds, and the
   * widths of main's content and of the section.
   */
  function layoutOf(page: Page) {
    return page.evaluate(() => {
      const main = document.querySelector('main')!;
      const heading = [...main.querySelectorAll('h1')].find((h) => h.checkVisibility())!;
      const boxed: string[] = [];
      for (let el = heading.parentElement; el && el !== main; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(style.borderTopWidth) > 0)
          boxed.push(el.className || el.tagName);
      }
      const section = heading.closest('.page');
      // A card: a box of the page layout's kinds that draws its own background and border.
      const cards = section
        ? [
            ...section.querySelectorAll<HTMLElement>(
              '.page-card, .receipt, .page-links, .payment-method-on-file, .winback__offer, .service-offers__item',
            ),
          ].filter((card) => {
            const style = getComputedStyle(card);
            return (
              card.checkVisibility() &&
              parseFloat(style.borderTopWidth) > 0 &&
              style.backgroundColor !== 'rgba(0, 0, 0, 0)'
            );
          }).length
        : 0;
      const mainStyle = getComputedStyle(main);
      return {
        boxed,
        pageLayout: section !== null,
        cards,
        mainWidth: main.clientWidth - parseFloat(mainStyle.paddingLeft) - parseFloat(mainStyle.paddingRight),
        sectionWidth: section?.getBoundingClientRect().width ?? 0,
      };
    });
  }

  for (const screen of SCREENS) {
    test(`on a 1366 px screen, ${screen.name} has its header on the background and its parts in cards`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      let path = screen.path;
      if (screen.who !== 'guest') {
        // A fresh copy: other specs cancel, pause or buy with the shared personas.
        await signInAsFresh(page.context(), screen.who);
        if (path.includes('{order}')) {
          const me = await api(page).claims();
          const [latest] = (await api(page).transactions(me.UserUID, { transactionTypes: 'SALE' })).items;
          path = path.replace('{order}', String(latest!.transaction_id));
        }
      }
      await page.goto(path);
      await expect(page.locator('.full-page-loader')).toHaveCount(0);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page, `${path} passed the visitor on`).toHaveURL(
        (url) => url.pathname === new URL(path, 'http://x').pathname,
      );
      const layout = await layoutOf(page);
      // The old single card drew a white box with a border around the heading and everything under it.
      expect(layout.boxed, 'boxes around the heading').toEqual([]);
      expect(layout.pageLayout, 'the heading is in a page-layout section').toBe(true);
      expect(layout.cards, 'cards under the header').toBeGreaterThan(0);
      // The section takes main's whole width: the narrow content width at least.
      expect(layout.mainWidth).toBeGreaterThanOrEqual(720);
      expect(layout.sectionWidth).toBeGreaterThanOrEqual(layout.mainWidth - 1);
    });
  }

  test('checkout on a 1366 px screen: the wide width, the order summary beside the payment form', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAsFresh(page.context(), 'new-us');
    await page.goto('/payment/checkout?skuid=102');
    await expect(page.getByTestId('card-frame').contentFrame().locator('#card-number')).toBeVisible();
    const main = (await page.locator('main').boundingBox())!;
    const summary = (await page.getByTestId('order-summary').boundingBox())!;
    const payment = (await page.locator('.checkout__payment').boundingBox())!;
    expect(main.width).toBeGreaterThan(1000);
    // Two columns, their tops in line: the summary first (its reading and keyboard order too), then the form.
    expect(summary.x + summary.width).toBeLessThan(payment.x);
    expect(Math.abs(summary.y - payment.y)).toBeLessThanOrEqual(1);
    expect(payment.width).toBeGreaterThan(summary.width);
  });

  test(
    'checkout on a phone: the summary above the payment form, both the screen wide',
    { tag: '@mobile' },
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAsFresh(page.context(), 'new-us');
      await page.goto('/payment/mobile/checkout?skuid=102');
      await expect(page.getByTestId('card-frame').contentFrame().locator('#card-number')).toBeVisible();
      const summary = (await page.getByTestId('order-summary').boundingBox())!;
      const payment = (await page.locator('.checkout__payment').boundingBox())!;
      expect(summary.y + summary.height).toBeLessThan(payment.y);
      expect(Math.abs(summary.x - payment.x)).toBeLessThanOrEqual(1);
      expect(payment.x + payment.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
  );
});
