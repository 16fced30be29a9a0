/**
 * Manage subscription and its details page driven through the paths generated from their machine
 * (manage-subscription.plan.ts). Each path signs in the person its first answer needs: a fresh
 * copy of active-us (with a pause booked through the API, and the survey answered, where the
 * answer says so), expired-us for a plan that ended, or new-us with no plan. The server's answers
 * come in the path's order: as they are, a failure (503), or none where the path stops waiting.
 * At every state the page must show what the state means.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type {
  ManagePlan,
  ManageSubscriptionInput,
  ManageSubscriptionOutput,
} from '../../machines/manage-subscription.machine';
import { api, apiPath, signInAs, signInAsFresh } from '../support';
import { namespaceTextsOf } from '../support/locales';
import { manageSubscriptionPlan } from './manage-subscription.plan';
import { answerInOrder, drivePath, outcomeOf } from './answers';

const texts = namespaceTextsOf('en-US', 'manage-subscription');
const PAGES = { manage: '/payment/cancellation/manage', details: '/payment/subscription-details' };
const LOAD_API = (url: URL) => url.pathname === apiPath('subscriptions');
const RESUME_API = (url: URL) => url.pathname === apiPath('subscriptions/resume');
/** Where each end leads, read from every address the page took (the review step may pass the person on by itself). */
const EXITS: Record<ManageSubscriptionOutput['next'], (path: string) => boolean> = {
  offers: (path) => path === '/payment/cancellation/pre/offers',
  cancel: (path) => path === '/payment/cancellation/pre/subscription-details',
  details: (path) => path === PAGES.details,
  survey: (path) => path === '/payment/cancellation/survey',
  review: (path) => path === '/payment/cancellation/review',
  settings: (path) => path === '/payment/mysettings',
};

type Answer = EventObject & { output?: ManagePlan | null };

async function expectState(
  page: Page,
  view: 'manage' | 'details',
  s: AnyMachineSnapshot,
  held: boolean,
  visited: string[],
) {
  if (s.status === 'done') {
    const output = s.output as ManageSubscriptionOutput;
    await expect.poll(() => visited.some(EXITS[output.next])).toBe(true);
    return;
  }
  if ((s.hasTag('loading') || s.hasTag('busy')) && !held) return;
  await expect(page).toHaveURL((url) => url.pathname === PAGES[view]);
  const section = page.getByTestId(view === 'details' ? 'page-subscription-details' : 'page-manage-subscription');
  if (s.hasTag('loading') || s.hasTag('busy')) {
    await expect(section).toHaveAttribute('aria-busy', 'true');
    await expect(section.getByRole('status')).toHaveText(s.hasTag('loading') ? texts.loading : texts.resuming);
    if (s.hasTag('busy')) await expect(page.getByRole('button', { name: texts.pause.resumeNow })).toBeDisabled();
    return;
  }
  await expect(section).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  if (s.matches('loadFailed')) {
    await expect(page.getByRole('alert')).toContainText(texts.loadFailed);
    await expect(page.getByRole('button', { name: texts.retry })).toBeEnabled();
    return;
  }
  if (s.matches('notActive')) {
    await expect(page.getByRole('heading', { level: 1, name: texts.notActive.heading })).toBeVisible();
    await expect(page.getByTestId('manage-plan')).toHaveCount(0);
    await expect(page.getByRole('button', { name: texts.toSettings })).toBeEnabled();
    return;
  }
  // showing or resumeFailed: the plan and the ways on its view offers.
  const plan = s.context.plan as ManagePlan;
  await expect(
    page.getByRole('heading', { level: 1, name: view === 'details' ? texts.details.heading : texts.heading }),
  ).toBeVisible();
  await expect(page.getByTestId('manage-plan')).toContainText(plan.planLabel);
  await expect(page.getByTestId('manage-pause')).toHaveCount(plan.resumesOn ? 1 : 0);
  await expect(page.getByTestId('resume-error')).toHaveCount(s.matches('resumeFailed') ? 1 : 0);
  await expect(page.getByRole('button', { name: texts.cancel })).toHaveCount(view === 'manage' ? 1 : 0);
  await expect(page.getByRole('button', { name: texts.toDetails })).toHaveCount(view === 'manage' ? 1 : 0);
  if (view === 'details') {
    await expect(
      page.getByTestId(plan.surveyAnswered ? 'category-reviewAndRetention' : 'category-benefitsAndSurvey'),
    ).toBeVisible();
    await expect(page.getByTestId('manage-transactions')).toBeVisible();
  }
}

async function drive(page: Page, s: AnyMachineSnapshot, event: EventObject) {
  switch (event.type) {
    case 'manage.retry':
      return page.getByRole('button', { name: texts.retry }).click();
    case 'manage.resume':
      return page.getByTestId('manage-pause').getByRole('button').click();
    case 'manage.saveOrPause':
      return page.getByRole('button', { name: texts.saveOrPause }).click();
    case 'manage.cancel':
      return page.getByRole('button', { name: texts.cancel }).click();
    case 'manage.details':
      return page.getByRole('button', { name: texts.toDetails }).click();
    case 'manage.survey':
      return page.getByRole('button', { name: texts.details.benefitsAndSurvey.survey }).click();
    case 'manage.review':
      return page.getByRole('button', { name: texts.details.reviewAndRetention.review }).click();
    case 'manage.settings':
      return page.getByRole('button', { name: texts.toSettings }).click();
    default:
      return; // the server's answer to the request before
  }
}

/** Signs in the person whose plan the first answer describes, and books or answers what it says. */
async function setUp(page: Page, first: ManagePlan | null | undefined) {
  if (first === null) return signInAs(page.context(), 'new-us');
  if (first && first.statusCd !== 'ACTV') return signInAs(page.context(), 'expired-us');
  const me = await signInAsFresh(page.context(), 'active-us');
  if (!first) return me;
  const [plan] = await api(page).subscriptions(me.UserUID, true);
  if (first.resumesOn)
    await api(page).post('subscriptions/pause', {
      user_uid: me.UserUID,
      subscription_id: plan!.SubscriptionID,
      months: 2,
    });
  if (first.surveyAnswered)
    await api(page).post('subscriptions/survey', {
      user_uid: me.UserUID,
      subscription_id: plan!.SubscriptionID,
      reason_cd: 1,
    });
  return me;
}

test.describe('manage subscription, along the paths of its machine', () => {
  for (const path of manageSubscriptionPlan.paths) {
    test(path.name, async ({ page }) => {
      const { view } = path.input as ManageSubscriptionInput;
      const events = path.events as Answer[];
      const loads = events.filter((e) => e.type.includes('.actor.loadPlan'));
      await setUp(page, loads.find((e) => e.type.startsWith('xstate.done.'))?.output);
      const last = path.expected.at(-1)!;
      await answerInOrder(page, LOAD_API, loads.map(outcomeOf), { holdAfter: last.matches('loading') });
      await answerInOrder(page, RESUME_API, events.filter((e) => e.type.includes('.actor.resumePlan')).map(outcomeOf), {
        holdAfter: last.matches('resuming'),
      });
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.goto(PAGES[view]);
      await drivePath(
        path,
        (before, event) => drive(page, before, event),
        (state, held) => expectState(page, view, state, held, visited),
      );
    });
  }
});
