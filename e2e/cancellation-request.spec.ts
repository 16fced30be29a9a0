/**
 * The logged-out cancellation request (§312k BGB), end to end as a guest, in English and German:
 * field errors block the submit, a correct request reaches the received page and the database,
 * a matching account is cancelled, a double submit makes one record.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, isBuiltFileOf, signInAsFresh } from './support';

interface Culture {
  locale: string;
  path: string;
  receivedPath: string;
  texts: {
    heading: string;
    email: string;
    accountId: string;
    cancelNow: string;
    emailError: string;
    accountIdError: string;
    captchaError: string;
    received: string;
    robot: string;
    footer: string;
  };
}

const CULTURES: Culture[] = [
  {
    locale: 'en-US',
    path: '/payment/cancellation/request',
    receivedPath: '/payment/cancellation/received',
    texts: {
      heading: 'Cancel your subscription',
      email: 'E-mail address',
      accountId: 'Account ID',
      cancelNow: 'Cancel now',
      emailError: 'Enter a valid e-mail address, like name@example.com.',
      accountIdError: 'Your account ID is 1 to 128 digits, numbers only.',
      captchaError: 'Please complete the check that you are not a robot.',
      received: 'We received your cancellation',
      robot: "I'm not a robot",
      footer: 'Cancel contracts here',
    },
  },
  {
    locale: 'de-DE',
    path: '/payment/cancellation/abo-kuendigen',
    receivedPath: '/payment/cancellation/received',
    texts: {
      heading: 'Abo kündigen',
      email: 'E-Mail-Adresse',
      accountId: 'Kundennummer',
      cancelNow: 'Jetzt kündigen',
      emailError: 'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
      accountIdError: 'Ihre Kundennummer besteht aus 1 bis 128 Ziffern.',
      captchaError: 'Bitte bestätigen Sie, dass Sie kein Roboter sind.',
      received: 'Ihre Kündigung ist eingegangen',
      robot: 'Ich bin kein Roboter',
      footer: 'Verträge hier kündigen',
    },
  },
];

/** Counts the cancellation requests the page sends. */
function countSubmits(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/v2/subscriptions/cancel')) count += 1;
  });
  return () => count;
}

async function solveCaptcha(page: Page, robotLabel: string) {
  await page.getByText(robotLabel, { exact: true }).click();
  // The proof of work runs in a worker; the widget says when our server's challenge is solved.
  await expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
}

async function outbox(page: Page): Promise<{ to: string; subject: string }[]> {
  const answer = await api(page.context()).get<{ Emails: { to: string; subject: string }[] }>('/demo/outbox', {
    limit: 100,
  });
  return answer.Emails;
}

for (const culture of CULTURES) {
  test.describe(`the cancellation request form in ${culture.locale}`, () => {
    test.use({ locale: culture.locale });

    test('every field and the cancel-now button are on the page from the start, with no sign-in or offer in between', async ({
      page,
    }) => {
      await page.goto(culture.path);
      await expect(page.getByRole('heading', { level: 1, name: culture.texts.heading })).toBeVisible();
      await expect(page.getByRole('textbox', { name: culture.texts.email })).toBeVisible();
      await expect(page.getByRole('textbox', { name: culture.texts.accountId })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: culture.texts.robot })).toBeVisible();
      await expect(page.getByRole('button', { name: culture.texts.cancelNow })).toBeVisible();
      await expect(page.locator('input[type="password"]')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('footer-cancel-contracts')).toHaveText(culture.texts.footer);
    });

    test('a wrong e-mail, an account id with letters or 129 digits, and a missing captcha each show their error and block the submit', async ({
      page,
    }) => {
      const submits = countSubmits(page);
      await page.goto(culture.path);
      const email = page.getByRole('textbox', { name: culture.texts.email });
      const accountId = page.getByRole('textbox', { name: culture.texts.accountId });
      const cancelNow = page.getByRole('button', { name: culture.texts.cancelNow });

      await email.fill('not-an-address@');
      await email.blur();
      await expect(page.getByText(culture.texts.emailError)).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');

      await email.fill('Visitor@Example.com');
      await accountId.fill('12ab34');
      await accountId.blur();
      await expect(page.getByText(culture.texts.accountIdError)).toBeVisible();
      await cancelNow.click();
      await expect(page.getByText(culture.texts.captchaError)).toBeVisible();

      await accountId.fill('9'.repeat(129));
      await accountId.blur();
      await expect(page.getByText(culture.texts.accountIdError)).toBeVisible();
      await accountId.fill('123456');
      await accountId.blur();
      await expect(page.getByText(culture.texts.accountIdError)).toHaveCount(0);
      await expect(page.getByText(culture.texts.emailError)).toHaveCount(0);

      await cancelNow.click();
      await expect(page.getByText(culture.texts.captchaError)).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === culture.path);
      expect(submits()).toBe(0);
    });

    test('ticking extraordinary termination shows the reason and hides the date; unticking brings the date back', async ({
      page,
    }) => {
      await page.goto(culture.path);
      const checkbox = page.getByRole('checkbox', { name: /extraordinary|Außerordentliche/i });
      const label = page.getByText(/^(Extraordinary termination|Außerordentliche Kündigung)/);
      const dateGroup = page.locator('.date-picker');
      const reason = page.locator('textarea[name="reason"]');
      await expect(checkbox).toBeVisible();
      const dateShownByConfig = (await dateGroup.count()) > 0;
      await label.click();
      await expect(checkbox).toBeChecked();
      await expect(reason).toBeVisible();
      await expect(dateGroup).toHaveCount(0);
      await label.click();
      await expect(checkbox).not.toBeChecked();
      await expect(reason).toHaveCount(0);
      await expect(dateGroup).toHaveCount(dateShownByConfig ? 1 : 0);
    });
  });
}

test.describe('a correct request', () => {
  test('in en-US for an active account reaches the received page, is stored, and cancels that subscription', async ({
    page,
    browser,
  }) => {
    // A fresh copy of active-uk is cancelled, so the shared persona stays active for every later spec.
    const context = await browser.newContext();
    const me = await signInAsFresh(context, 'active-uk');
    const email = me.EmailAddress.toLowerCase();
    const submits = countSubmits(page);
    await page.goto('/payment/cancellation/request');
    // Typed with capitals: the form matches e-mails whatever their case.
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email.replace(/^./, (c) => c.toUpperCase()));
    await page.getByRole('textbox', { name: 'Account ID' }).fill(me.AccountID!);
    await solveCaptcha(page, "I'm not a robot");
    // A double click sends one request and makes one record.
    await page.getByRole('button', { name: 'Cancel now' }).dblclick();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/received');
    await expect(page.getByRole('heading', { level: 1, name: 'We received your cancellation' })).toBeVisible();
    const receipt = page.getByTestId('receipt');
    await expect(receipt).toContainText(me.AccountID!);
    await expect(receipt).toContainText(email);
    const number = (await receipt.locator('dd').first().textContent())!.trim();
    expect(number).toMatch(/^CN\d{14}$/);
    expect(submits()).toBe(1);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe(`cancellation-${number}.txt`);

    const mails = (await outbox(page)).filter((mail) => mail.subject.includes(number));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);

    // The matching subscription now shows as cancelled (expiring) through the API.
    const [current] = await api(context).subscriptions(me.UserUID, true);
    expect(current!.StatusCD).toBe('EXPR');
    expect(current!.CancelledOn).not.toBeNull();
    await context.close();

    // A reload keeps the confirmation on screen.
    await page.reload();
    await expect(page.getByTestId('receipt')).toContainText(number);
  });

  test('in de-DE reaches the German received page', async ({ page, browser }) => {
    // A fresh copy of active-de: the shared one stays active for the route tour and every later spec.
    const context = await browser.newContext();
    const me = await signInAsFresh(context, 'active-de');
    await context.close();
    await page.context().clearCookies();
    await page.goto('/payment/cancellation/abo-kuendigen');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(me.EmailAddress);
    await page.getByRole('textbox', { name: 'Kundennummer' }).fill(me.AccountID!);
    await solveCaptcha(page, 'Ich bin kein Roboter');
    await page.getByRole('button', { name: 'Jetzt kündigen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre Kündigung ist eingegangen' })).toBeVisible();
    await expect(page.getByTestId('receipt')).toContainText('Zum nächstmöglichen Zeitpunkt');
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  test('German culture: the footer link says "Verträge hier kündigen" and goes straight to the German form', async ({
    page,
  }) => {
    await page.goto('/payment/pricing');
    const link = page.getByRole('link', { name: 'Verträge hier kündigen' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === '/payment/cancellation/abo-kuendigen');
    await expect(page.getByRole('button', { name: 'Jetzt kündigen' })).toBeVisible();
  });
});

test('the sign-in prompt leads to sign-in and then to my settings', async ({ page }) => {
  await page.goto('/payment/cancellation/request');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await page.getByRole('link', { name: 'active-us' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/payment/mysettings');
  await expect(page.getByTestId('account')).toContainText('ava.martinez@example.com');
});

test("the help button's hint loads its overlay code only when the pointer first reaches the button", async ({
  page,
}) => {
  const overlayCode: string[] = [];
  page.on('request', (request) => {
    if (isBuiltFileOf('src/ui/TooltipOverlay.tsx')(request.url())) overlayCode.push(request.url());
  });
  await page.goto('/payment/cancellation/request');
  const help = page.getByRole('button', { name: 'Where do I find my account ID?' });
  await expect(help).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The mouse is somewhere on the page first, as a visitor's is (react-aria shows a hint on hover only once it knows a pointer is in use).
  await page.mouse.move(1, 1);
  expect(overlayCode, 'no hint asked for yet').toEqual([]);
  await help.hover();
  const hint = page.getByRole('tooltip');
  await expect(hint).toContainText('welcome e-mail');
  await expect(help).toHaveAttribute('aria-describedby', (await hint.getAttribute('id'))!);
  expect(overlayCode).toHaveLength(1);
  await page.mouse.move(0, 0);
  await expect(hint).toHaveCount(0);
});

test("the date's calendar loads its code when the field is first reached, opens from the keyboard, and fills the field with the day picked", async ({
  page,
}) => {
  const calendarCode: string[] = [];
  const isCalendarCode = isBuiltFileOf('src/ui/DatePickerCalendar.tsx');
  page.on('request', (request) => {
    if (isCalendarCode(request.url())) calendarCode.push(request.url());
  });
  await page.goto('/payment/cancellation/request');
  const openCalendar = page.getByRole('button', { name: 'Open calendar' });
  await expect(openCalendar).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calendarCode, 'no calendar asked for yet').toEqual([]);

  await openCalendar.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  expect(calendarCode).toHaveLength(1);
  // The day after the focused one (today, the earliest allowed), picked from the keyboard.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  const [month, day, year] = await page.evaluate(() => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    return [tomorrow.getMonth() + 1, tomorrow.getDate(), tomorrow.getFullYear()];
  });
  await expect(page.locator('.date-picker__input')).toHaveText(
    new RegExp(`^\\D*0?${month}\\D+0?${day}\\D+${year}\\D*$`),
  );
});

test('the whole form works from the keyboard alone', async ({ page }) => {
  const submits = countSubmits(page);
  await page.goto('/payment/cancellation/request');
  await expect(page.locator('#cancellation-request-heading')).toBeFocused();
  await page.getByRole('textbox', { name: 'E-mail address' }).focus();
  await page.keyboard.type('someone.unknown@example.org');
  // The account id's help button comes first and shows its hint on keyboard focus.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Where do I find my account ID?' })).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText('welcome e-mail');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Account ID' })).toBeFocused();
  await page.keyboard.type('424242');
  // The checkbox, the date segments and calendar button, then the captcha.
  const robot = page.getByRole('checkbox', { name: "I'm not a robot" });
  for (let i = 0; i < 12 && !(await robot.evaluate((el) => el === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(robot).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  const cancelNow = page.getByRole('button', { name: 'Cancel now' });
  for (let i = 0; i < 6 && !(await cancelNow.evaluate((el) => el === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(cancelNow).toBeFocused();
  await page.keyboard.press('Enter');
  // An account that does not exist still gets a receipt: the form reveals nothing about accounts.
  await expect(page.getByRole('heading', { level: 1, name: 'We received your cancellation' })).toBeVisible();
  await expect(page.getByTestId('receipt')).toContainText('424242');
  expect(submits()).toBe(1);
});
