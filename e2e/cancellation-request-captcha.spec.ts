/**
 * The captcha of the logged-out cancellation request (issue 51): its box can be seen and ticked
 * before it is verified, by pointer, keyboard and screen reader, it says what it is doing
 * (verifying, verified, failed with a retry), and the error of an empty submit is tied to it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPath } from './support';

const CULTURES = [
  {
    locale: 'en-US',
    path: '/payment/cancellation/request',
    robot: "I'm not a robot",
    cancelNow: 'Cancel now',
    error: 'Please complete the check that you are not a robot.',
  },
  {
    locale: 'de-DE',
    path: '/payment/cancellation/abo-kuendigen',
    robot: 'Ich bin kein Roboter',
    cancelNow: 'Jetzt kündigen',
    error: 'Bitte bestätigen Sie, dass Sie kein Roboter sind.',
  },
] as const;

const stateOf = (page: Page) => page.locator('altcha-widget .altcha');

/** The box's border against what lies behind it, as a WCAG contrast ratio, and the border's width. */
function borderContrast(box: Locator) {
  return box.evaluate((input) => {
    // Any CSS colour (rgb, lab, oklch…) to sRGB through a canvas pixel.
    const rgbOf = (color: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return { rgb: [r!, g!, b!], alpha: a! };
    };
    let behind: Element | null = input.parentElement;
    let background = { rgb: [255, 255, 255], alpha: 0 };
    while (behind && background.alpha === 0) {
      background = rgbOf(getComputedStyle(behind).backgroundColor);
      behind = behind.parentElement;
    }
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((v) =>
        v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const style = getComputedStyle(input);
    const border = rgbOf(style.borderTopColor);
    const [light, dark] = [luminance(border.rgb), luminance(background.rgb)].sort((x, y) => y - x);
    return {
      ratio: border.alpha === 0 ? 1 : (light! + 0.05) / (dark! + 0.05),
      width: parseFloat(style.borderTopWidth),
      opacity: Number(style.opacity),
    };
  });
}

for (const culture of CULTURES) {
  test.describe(`the captcha of the cancellation request in ${culture.locale}`, () => {
    test.use({ locale: culture.locale });

    test(
      'before it is verified, its box is visible, sized and bordered so it stands out, and no logo sits beside it',
      { tag: '@mobile' },
      async ({ page }) => {
        await page.goto(culture.path);
        const box = page.getByRole('checkbox', { name: culture.robot });
        await expect(box).toBeVisible();
        await expect(stateOf(page)).toHaveAttribute('data-state', 'unverified');
        await expect(box).not.toBeChecked();
        const size = await box.boundingBox();
        expect(size!.width).toBeGreaterThanOrEqual(16);
        expect(size!.height).toBeGreaterThanOrEqual(16);
        const { ratio, width, opacity } = await borderContrast(box);
        expect(opacity).toBe(1);
        expect(width).toBeGreaterThanOrEqual(1);
        // WCAG 1.4.11: a control's boundary needs 3:1 against its surroundings.
        expect(ratio).toBeGreaterThanOrEqual(3);
        // The widget's mark looked like a reload button.
        await expect(page.locator('altcha-widget .altcha-logo')).toHaveCount(0);
      },
    );

    test('sending the form empty ties the error to the box; ticking it by keyboard verifies it and clears the error', async ({
      page,
    }) => {
      await page.goto(culture.path);
      const box = page.getByRole('checkbox', { name: culture.robot });
      await expect(box).toBeVisible();
      await page.getByRole('button', { name: culture.cancelNow }).click();
      await expect(page.getByRole('alert').filter({ hasText: culture.error })).toBeVisible();
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(box).toHaveAccessibleDescription(culture.error);
      // The error is drawn right under the box it names.
      const [boxAt, errorAt] = [await box.boundingBox(), await page.getByText(culture.error).boundingBox()];
      expect(errorAt!.y).toBeGreaterThan(boxAt!.y);
      expect(errorAt!.y - (boxAt!.y + boxAt!.height)).toBeLessThan(60);

      await box.focus();
      await expect(box).toBeFocused();
      await page.keyboard.press('Space');
      await expect(stateOf(page)).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
      // Verified, the box is named for its state.
      const verified = page.locator('altcha-widget').getByRole('checkbox');
      await expect(verified).toBeChecked();
      await expect(page.getByText(culture.error)).toHaveCount(0);
      await expect(verified).not.toHaveAttribute('aria-invalid', 'true');
    });
  });
}

test('while it verifies it shows its progress, a failure says so with a retry, and the retry verifies', async ({
  page,
}) => {
  let challenges = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === apiPath('captcha/challenge'),
    async (route) => {
      challenges += 1;
      // The first challenge fails; the second is held so its progress can be seen, then answered.
      if (challenges === 1) return route.fulfill({ status: 503, body: '{}' });
      await held;
      return route.continue();
    },
  );
  await page.goto('/payment/cancellation/request');
  const box = page.getByRole('checkbox', { name: "I'm not a robot" });
  await box.click();
  await expect(stateOf(page)).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('captcha')).toContainText('Verification failed. Please try again.');
  // The retry is the same box, still there to tick.
  const retry = page.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(retry).toBeVisible();
  await expect(retry).toBeEnabled();
  await retry.click();
  await expect(stateOf(page)).toHaveAttribute('data-state', 'verifying');
  await expect(page.getByTestId('captcha')).toContainText('Verifying…');
  release();
  await expect(stateOf(page)).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await expect(page.locator('altcha-widget').getByRole('checkbox', { name: 'Verified' })).toBeChecked();
});
