/**
 * The service intake page driven through the paths generated from its machine
 * (service-intake.plan.ts), as new-us on the resume review's intake for an order. The intake's
 * read and send are answered in the path's order with what the path's events carry (the order
 * waiting for answers, answered, not bought; a refusal naming a field; an outage), so nothing is
 * written; the hand-written spec (service-intake.spec.ts) sends real answers. At every state the
 * page must show what the state means.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { IntakeRecord } from '../../machines/service-intake.machine';
import type { IntakeState } from '../../src/api/schemas/services';
import { apiPath, signInAs } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { serviceIntakePlan } from './service-intake.plan';

const texts = namespaceTextsOf('en-US', 'services');
const PAGE = '/payment/resume-review';
const INTAKE_API = (url: URL) => url.pathname.startsWith(apiPath('services/')) && url.pathname.endsWith('/intake');

type Step = EventObject & { output?: IntakeRecord; error?: { kind: string; fields: Record<string, string> } };

const stateOf = (record: IntakeRecord): IntakeState => ({
  Service: 'RSMRVW',
  Status: record.status,
  OrderID: record.orderId,
  ReviewOrderID: record.orderId === null ? null : 9100,
  Answers: record.answers,
  AnsweredAt: record.answeredAt,
  SkuID: record.skuId,
  FormattedPrice: record.formattedPrice,
});

/** Answers the intake's reads (GET) and sends (POST) in turn with the path's answers; past them, holds the request when the path ends waiting. */
async function answerInOrder(
  page: Page,
  steps: { load: Step[]; submit: Step[] },
  hold: { load: boolean; submit: boolean },
) {
  const asked = { GET: 0, POST: 0 };
  await page.route(INTAKE_API, async (route: Route) => {
    const method = route.request().method() as 'GET' | 'POST';
    const list = method === 'GET' ? steps.load : steps.submit;
    const step = list[asked[method]++];
    if (step === undefined) {
      if (method === 'GET' ? hold.load : hold.submit) return; // held: the page stays waiting while it is looked at
      return route.fulfill({ status: 503, json: { error: { code: 'UNEXPECTED', message: 'not in the path' } } });
    }
    if (step.output) return route.fulfill({ status: method === 'GET' ? 200 : 201, json: stateOf(step.output) });
    if (step.error?.kind === 'rejected')
      return route.fulfill({
        status: 400,
        json: { error: { code: 'BAD_REQUEST', message: 'refused', fields: step.error.fields } },
      });
    return route.fulfill({
      status: 503,
      headers: { 'Retry-After': '5' },
      json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } },
    });
  });
}

const errorText = (code: string) => String(texts.intake.errors[code]).replace('{{min}}', '2').replace('{{max}}', '100');

async function expectState(page: Page, s: AnyMachineSnapshot, held: boolean) {
  if (s.status === 'done') {
    const output = s.output as { next: string; skuId?: number };
    if (output.next === 'checkout')
      await expect(page).toHaveURL(
        (url) => url.pathname.endsWith('/checkout') && url.searchParams.get('skuid') === String(output.skuId),
      );
    else await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    return;
  }
  if ((s.hasTag('loading') || s.hasTag('busy')) && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  const section = page.getByTestId('page-service-intake');
  if (s.hasTag('loading') || s.hasTag('busy')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status').first()).toHaveText(
      s.hasTag('loading') ? texts.intake.loading : texts.intake.sending,
    );
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: texts.kind.resumeReview.title })).toBeVisible();
  const context = s.context as { draft: { targetJobTitle: string }; errors: Record<string, string> };
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('alert')).toContainText(texts.intake.loadFailed);
    await expect(page.getByRole('button', { name: texts.intake.retry })).toBeEnabled();
    return;
  }
  if (s.matches('notPurchased')) {
    await expect(page.getByRole('button', { name: texts.intake.buy.replace('{{price}}', '$19.95') })).toBeEnabled();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    return;
  }
  if (s.matches('answered')) {
    await expect(page.getByTestId('answer-targetJobTitle')).toHaveText(context.draft.targetJobTitle);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    return;
  }
  // editing or sendFailed: the form keeps what was typed, with the errors of the state.
  const title = page.getByRole('textbox', { name: texts.intake.fields.targetJobTitle.label });
  await expect(title).toHaveValue(context.draft.targetJobTitle);
  const error = context.errors.targetJobTitle;
  if (error) {
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(errorText(error))).toBeVisible();
  } else {
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByTestId('intake-send-failed')).toHaveCount(s.matches('sendFailed') ? 1 : 0);
  await expect(page.getByTestId('intake-submit')).toHaveText(
    s.matches('sendFailed') ? texts.intake.retry : texts.intake.submit,
  );
  // "Do this later" only where the upsell sequence ends on the intake.
  const fromUpsells = (s.context as { fromUpsells: boolean }).fromUpsells;
  if (fromUpsells) await expect(page.getByRole('button', { name: texts.intake.later })).toBeEnabled();
  else await expect(page.getByRole('button', { name: texts.intake.later })).toHaveCount(0);
  await expect(page.getByText(texts.intake.laterNote)).toHaveCount(fromUpsells ? 1 : 0);
}

async function drive(page: Page, s: AnyMachineSnapshot, event: Step) {
  switch (event.type) {
    case 'intake.change': {
      const title = page.getByRole('textbox', { name: texts.intake.fields.targetJobTitle.label });
      const value = String((event as unknown as { value: string }).value);
      // Typing the value the field already holds is still a change: clear it first.
      if ((await title.inputValue()) === value) await title.fill(value === '' ? ' ' : '');
      return title.fill(value);
    }
    case 'intake.submit':
      return page.getByTestId('intake-submit').click();
    case 'intake.retry':
      return s.matches('loadFailed')
        ? page.getByTestId('intake-retry').click()
        : page.getByTestId('intake-submit').click();
    case 'intake.buy':
      return page.getByTestId('intake-buy').click();
    case 'intake.dashboard':
      // On the form the way to the dashboard is "Do this later": the intake stays open for the order.
      return page
        .getByRole('button', {
          name: s.matches('editing') || s.matches('sendFailed') ? texts.intake.later : texts.intake.toDashboard,
        })
        .click();
    default:
      return; // the server's answer to the request before
  }
}

test.describe('service intake, along the paths of its machine', () => {
  for (const path of serviceIntakePlan.paths) {
    test(path.name, async ({ page }) => {
      const events = path.events as Step[];
      const last = path.expected.at(-1)!;
      await signInAs(page.context(), 'new-us');
      await answerInOrder(
        page,
        {
          load: events.filter((e) => e.type.includes('.actor.loadIntake')),
          submit: events.filter((e) => e.type.includes('.actor.submitIntake')),
        },
        { load: last.matches('loading'), submit: last.matches('submitting') },
      );
      const { fromUpsells } = path.input as { fromUpsells: boolean };
      await page.goto(`${PAGE}?orderid=700100${fromUpsells ? '&from=upsell' : ''}`);
      await expectState(page, path.expected[0]!, path.events.length === 0);
      for (const [i, event] of events.entries()) {
        await test.step(`${event.type} → ${JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
          await drive(page, path.expected[i]!, event);
          await expectState(page, path.expected[i + 1]!, i + 1 === path.events.length);
        });
      }
    });
  }
});
