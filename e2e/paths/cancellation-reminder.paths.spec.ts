/**
 * The cancellation reminder in my settings, driven through the paths generated from its machine
 * (cancellation-reminder.plan.ts): offered or not as its rule says, accepted (the save answered
 * for real, failed, or held while it is looked at), retried after a failure, or dismissed. At
 * every state the page shows what the state means: the banner with the days left and the offer
 * with both choices, the busy offer while it saves, the alert with its retry, the confirmation,
 * or no reminder at all.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CancellationReminderInput } from '../../machines/cancellation-reminder.machine';
import { ACCEPTED_CANCELLATION_REMINDER_KEY } from '../../src/domain/storage';
import { api, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { cancellationReminderPlan } from './cancellation-reminder.plan';

const PAGE = '/payment/mysettings';
const CANCEL_FLOW = 'e1000000-0000-4000-8000-000000000002';
const isSaveCall = (url: URL) => /\/users\/[^/]+\/savepreference$/.test(url.pathname);

type SaveOutcome = 'saved' | 'failure';
const outcomeOf = (event: EventObject): SaveOutcome => (event.type.startsWith('xstate.error.') ? 'failure' : 'saved');

/** Each answer to the reminder's save, in order; a path ending while saving gets no answer. */
async function answerSaves(page: Page, outcomes: SaveOutcome[], endsSaving: boolean) {
  let asked = 0;
  await page.route(isSaveCall, async (route) => {
    const outcome = outcomes[asked++];
    if (outcome === undefined) {
      if (endsSaving) return; // held: the reminder stays busy while it is looked at
      return route.continue();
    }
    if (outcome === 'failure')
      return route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } });
    return route.continue();
  });
}

/** A fresh person as the input says: a trial (trial-us) or a paid plan (active-de, in German), with the stored answer, the local flag and the arm it names. */
async function setUp(page: Page, input: CancellationReminderInput) {
  const me = await signInAsFresh(page.context(), input.cycle === 'trial' ? 'trial-us' : 'active-de');
  if (input.preference !== null)
    await api(page).post(`/users/${me.UserUID}/savepreference`, {
      code: 'CANCELLATION_REMINDER',
      value: input.preference,
    });
  if (input.acceptedLocally)
    await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), ACCEPTED_CANCELLATION_REMINDER_KEY);
  const query = new URLSearchParams();
  if (input.cancelFlowVariation !== null) query.set('runtest', `${CANCEL_FLOW}:${input.cancelFlowVariation}`);
  if (input.bypassPreferenceCheck) query.set('bypasscncrprefcheck', 'true');
  return {
    url: `${PAGE}?${query.toString()}`,
    texts: namespaceTextsOf(input.cycle === 'trial' ? 'en-US' : 'de-DE', 'cancel-reminder'),
  };
}

async function expectState(page: Page, s: AnyMachineSnapshot, texts: Record<string, any>, held: boolean) {
  await expect(page).toHaveURL((url) => url.pathname === PAGE);
  // The reminder is asked for as the plan is drawn: idle lasts until then.
  await expect(page.getByTestId('current-plan')).toBeVisible();
  if (s.matches('idle')) return;
  const reminder = page.getByTestId('cancellation-reminder');
  const cycle = s.context.cycle as 'trial' | 'paid';
  if (s.matches('notOffered') || s.matches('declined')) {
    await expect(reminder).toHaveCount(0);
    return;
  }
  await expect(reminder.getByRole('heading', { level: 2, name: texts.heading })).toBeVisible();
  const days = (texts.daysLeft[`${cycle}_other`] as string).replace('{{count}}', '\\d+');
  const dayOne = (texts.daysLeft[`${cycle}_one`] as string).replace('{{count}}', '1');
  await expect(page.getByTestId('reminder-days-left')).toHaveText(new RegExp(`^(${days}|${dayOne})$`));
  const accept = reminder.getByRole('button', { name: texts.accept });
  const dismiss = reminder.getByRole('button', { name: texts.dismiss });
  if (s.matches('accepted')) {
    await expect(page.getByTestId('reminder-status')).toHaveText(texts.confirmed[cycle]);
    await expect(accept).toHaveCount(0);
    await expect(dismiss).toHaveCount(0);
    return;
  }
  if (s.matches('saving')) {
    // Saving passes as soon as the answer is in; it is looked at only where the path holds it.
    if (held) {
      await expect(reminder).toContainText(texts.offer[cycle]);
      await expect(reminder).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByTestId('reminder-status')).toHaveText(texts.saving);
      await expect(accept).toBeDisabled();
    }
    return;
  }
  await expect(reminder).toContainText(texts.offer[cycle]);
  await expect(reminder).toHaveAttribute('aria-busy', 'false');
  await expect(accept).toBeEnabled();
  await expect(dismiss).toBeEnabled();
  const failed = s.matches('saveFailed');
  await expect(reminder.getByRole('alert')).toHaveCount(failed ? 1 : 0);
  if (failed) {
    await expect(reminder.getByRole('alert')).toContainText(texts.saveFailed);
    await expect(reminder.getByRole('alert').getByRole('button', { name: texts.retry })).toBeEnabled();
  }
}

test.describe('the cancellation reminder in my settings, along the paths of its machine', () => {
  for (const path of cancellationReminderPlan.paths) {
    test(path.name, async ({ page }) => {
      const input = path.input as CancellationReminderInput;
      const { url, texts } = await setUp(page, input);
      const saves = path.events.filter((e) => e.type.includes('.actor.saveReminderPreference')).map(outcomeOf);
      const endsSaving = path.expected.at(-1)!.matches('saving');
      await answerSaves(page, saves, endsSaving);
      await page.goto(url);
      await expectState(page, path.expected[0]!, texts, false);
      for (const [i, event] of path.events.entries()) {
        const before = path.expected[i]!;
        await test.step(`${event.type} → ${JSON.stringify(path.expected[i + 1]!.value)}`, async () => {
          const reminder = page.getByTestId('cancellation-reminder');
          if (event.type === 'reminder.accept') {
            // After a failure the alert's retry accepts again; otherwise the offer's own button.
            if (before.matches('saveFailed'))
              await reminder.getByRole('alert').getByRole('button', { name: texts.retry }).click();
            else await reminder.getByRole('button', { name: texts.accept }).click();
          }
          if (event.type === 'reminder.decline') await reminder.getByRole('button', { name: texts.dismiss }).click();
          await expectState(page, path.expected[i + 1]!, texts, i + 1 === path.events.length);
        });
      }
      if (path.expected.at(-1)!.matches('accepted')) {
        const me = await api(page).claims();
        const saved = await api(page).get<{ Preferences: { code: string; value: string }[] }>(
          `/users/${me.UserUID}/preferences`,
        );
        expect(saved.Preferences).toContainEqual(
          expect.objectContaining({ code: 'CANCELLATION_REMINDER', value: 'true' }),
        );
      }
    });
  }
});
