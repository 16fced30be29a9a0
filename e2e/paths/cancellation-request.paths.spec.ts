/**
 * The logged-out cancellation form driven through the paths generated from its machine
 * (cancellation-request.plan.ts). At every state the page must show what that state means:
 * the address and heading, the field errors of the fields judged invalid, the check's state,
 * the reason field of an extraordinary cancellation, the failure with its retry, and, once
 * received, the receipt page.
 *
 * Field changes are made as autofill makes them, without moving focus, so a field is judged
 * only at the step that leaves it (`blurred`), exactly as the path says.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { accountIdError, emailError } from '../../machines/validation.rules';
import { cancellationRequestPlan } from './cancellation-request.plan';

const FORM = '/payment/cancellation/request';
const RECEIVED = '/payment/cancellation/received';
const TEXTS = {
  heading: 'Cancel your subscription',
  received: 'We received your cancellation',
  email: 'E-mail address',
  accountId: 'Account ID',
  reason: 'Reason for the extraordinary termination',
  extraordinary: 'Extraordinary termination (for good cause)',
  sending: 'Sending your cancellation…',
  cancelNow: 'Cancel now',
  retry: 'Try again',
  emailError: {
    required: 'Enter your e-mail address.',
    invalid: 'Enter a valid e-mail address, like name@example.com.',
  },
  accountIdError: { required: 'Enter your account ID.', invalid: 'Your account ID is 1 to 128 digits, numbers only.' },
  captchaError: 'Please complete the check that you are not a robot.',
  robot: "I'm not a robot",
};
const CANCEL_API = '**/api/v2/subscriptions/cancel';
const CHALLENGE_API = '**/api/captcha/challenge';

const inForm = (s: AnyMachineSnapshot, region: string, state: string) => s.matches({ form: { [region]: state } });

/** Sets a field's value as autofill does: an input event, focus stays where it is. */
async function autofill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).evaluate((element, text) => {
    const field = element as HTMLInputElement | HTMLTextAreaElement;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

async function leave(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await field.blur();
}

async function drive(page: Page, event: EventObject & Record<string, unknown>, next: EventObject | undefined) {
  switch (event.type) {
    case 'form.email.changed':
      return autofill(page, TEXTS.email, String(event.value));
    case 'form.email.blurred':
      return leave(page, TEXTS.email);
    case 'form.accountId.changed':
      return autofill(page, TEXTS.accountId, String(event.value));
    case 'form.accountId.blurred':
      return leave(page, TEXTS.accountId);
    case 'form.reason.changed':
      return autofill(page, TEXTS.reason, String(event.value));
    case 'form.extraordinary.toggled':
      // The box itself is drawn over the hidden input: a person clicks its label.
      return page.getByText(TEXTS.extraordinary, { exact: true }).click();
    case 'form.captcha.solved':
      await page.unroute(CHALLENGE_API);
      await page.getByText(TEXTS.robot, { exact: true }).click();
      return expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified', {
        timeout: 20_000,
      });
    case 'form.captcha.failed':
      await page.route(CHALLENGE_API, (route) =>
        route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
      );
      await page.getByText(TEXTS.robot, { exact: true }).click();
      return expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'error');
    case 'form.submitted':
    case 'form.retried':
      // What the server does with the request is the path's next step: it answers, or the network fails.
      await page.unroute(CANCEL_API);
      if (next?.type === 'xstate.error.actor.submitCancellationRequest')
        await page.route(CANCEL_API, (route) => route.abort('internetdisconnected'));
      // A path that ends while sending: the answer does not come while the page is looked at.
      if (next === undefined) await page.route(CANCEL_API, () => {});
      return page.getByRole('button', { name: event.type === 'form.retried' ? TEXTS.retry : TEXTS.cancelNow }).click();
    case 'xstate.done.actor.submitCancellationRequest':
    case 'xstate.error.actor.submitCancellationRequest':
      return; // the answer to the submit above
    default:
      throw new Error(`the driver cannot make ${event.type} happen`);
  }
}

/** `held`: the path ends here, so a transient state (sending) stays on screen to be looked at. */
async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    await expect(page).toHaveURL((url) => url.pathname === RECEIVED);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.received })).toBeVisible();
    return;
  }
  if (inForm(s, 'submission', 'submitting')) {
    // Otherwise the answer (the path's next step) may already be in.
    if (held) await expect(page.getByRole('button', { name: TEXTS.sending })).toBeVisible();
    return;
  }
  await expect(page).toHaveURL((url) => url.pathname === FORM);
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.heading })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXTS.cancelNow })).toBeEnabled();
  // A field judged invalid says why (empty, or not valid); no other field error shows.
  const values = s.context.values as { email: string; accountId: string };
  const emailProblem = inForm(s, 'email', 'invalid') ? (emailError(values.email) ?? 'invalid') : null;
  const accountIdProblem = inForm(s, 'accountId', 'invalid') ? (accountIdError(values.accountId) ?? 'invalid') : null;
  for (const [kind, text] of Object.entries(TEXTS.emailError))
    await expect(page.getByText(text)).toHaveCount(kind === emailProblem ? 1 : 0);
  for (const [kind, text] of Object.entries(TEXTS.accountIdError))
    await expect(page.getByText(text)).toHaveCount(kind === accountIdProblem ? 1 : 0);
  await expect(page.getByText(TEXTS.captchaError)).toHaveCount(inForm(s, 'captcha', 'invalid') ? 1 : 0);
  if (inForm(s, 'captcha', 'solved'))
    await expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified');
  const extraordinary = inForm(s, 'termination', 'extraordinary');
  await expect(page.getByRole('checkbox', { name: TEXTS.extraordinary, exact: true })).toBeChecked({
    checked: extraordinary,
  });
  await expect(page.getByLabel(TEXTS.reason, { exact: true })).toHaveCount(extraordinary ? 1 : 0);
  const failed = inForm(s, 'submission', 'failed');
  await expect(page.getByTestId('submit-failure')).toHaveCount(failed ? 1 : 0);
  if (failed) await expect(page.getByRole('button', { name: TEXTS.retry })).toBeEnabled();
}

test.describe('the cancellation form, along the paths of its machine', () => {
  test.use({ locale: 'en-US' });
  for (const path of cancellationRequestPlan.paths) {
    test(path.name, async ({ page }) => {
      await page.goto(FORM);
      await expectState(page, path.expected[0]!, path.events.length === 0);
      for (const [i, event] of path.events.entries()) {
        await test.step(`${event.type} → ${path.expected[i + 1]!.status === 'done' ? 'received' : JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
          await drive(page, event as EventObject & Record<string, unknown>, path.events[i + 1]);
          await expectState(page, path.expected[i + 1]!, i + 1 === path.events.length);
        });
      }
    });
  }
});
