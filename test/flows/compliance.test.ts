import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { machines } from '../../machines';
import {
  CANCEL_FUNNEL,
  CLICK_TO_CANCEL_BOUND,
  clickToCancelMoves,
  complianceChecklist,
} from '../../src/flows/compliance';
import { preCancelExit } from '../../src/domain/pre-cancel-data';
import { surveyExit } from '../../src/features/cancellation/survey-effects';
import { saveOffersExit } from '../../src/features/cancellation/save-offers-effects';
import { finalOfferExit } from '../../src/features/cancellation/final-offer-effects';
import { APP_BASE, ROUTES } from '../../src/routing/route-table';
import { hrefOf, hrefOfDestination } from '../../src/routing/route-target';

// The exits are typed route targets; the funnel's pages are named by the addresses they lead to.
const preCancelExitUrl = (...a: Parameters<typeof preCancelExit>) => hrefOfDestination(preCancelExit(...a));
const surveyExitUrl = (...a: Parameters<typeof surveyExit>) => hrefOfDestination(surveyExit(...a));
const saveOffersExitUrl = (...a: Parameters<typeof saveOffersExit>) => hrefOf(saveOffersExit(...a));
const finalOfferExitUrl = (...a: Parameters<typeof finalOfferExit>) => hrefOf(finalOfferExit(...a));

type Config = { states: Record<string, { on?: Record<string, unknown> } & Record<string, unknown>> } & Record<
  string,
  unknown
>;

/** The machine with some states' `on` changed: the graph is all the rules read, so no implementation is needed. */
function changed(machine: AnyStateMachine, on: Record<string, Record<string, unknown>>): AnyStateMachine {
  const config = machine.config as unknown as Config;
  const states = Object.fromEntries(
    Object.entries(config.states).map(([key, state]) => [
      key,
      key in on ? { ...state, on: { ...state.on, ...on[key] } } : state,
    ]),
  );
  return createMachine({ ...config, states } as never);
}

const item = (registry: Record<string, AnyStateMachine>, id: string) =>
  complianceChecklist(registry).find((i) => i.id === id)!;

describe('the compliance checklist', () => {
  it('passes every rule on the registered machines', () => {
    const list = complianceChecklist();
    expect(list.map((i) => i.id)).toEqual(['logged-out-form', 'click-to-cancel', 'cancel-beside-offers']);
    for (const rule of list) expect(rule, rule.detail).toMatchObject({ pass: true });
  });

  it('counts the click-to-cancel moves the browser counts: the link in my settings, then one "cancel" per page', () => {
    // e2e/click-to-cancel.spec.ts presses my settings' link, pre-cancel's, the survey's skip and the confirmation's cancel.
    expect(clickToCancelMoves()).toEqual({
      moves: CLICK_TO_CANCEL_BOUND,
      perPage: { preCancel: 1, saveOffers: 1, finalOffer: 1, cancellationSurvey: 1, cancellationConfirm: 1 },
      path: [
        { page: 'mySettings', moves: 1 },
        { page: 'preCancel', moves: 1 },
        { page: 'cancellationSurvey', moves: 1 },
        { page: 'cancellationConfirm', moves: 1 },
      ],
    });
  });

  it('lists in the click-to-cancel detail exactly the pages it counts, whose moves add up to the count', () => {
    // Issue 51: "4 moves at worst" was followed by six pages, the ones off the worst way among them.
    const { moves, path } = clickToCancelMoves();
    const { detail } = item(machines, 'click-to-cancel');
    const listed = [...detail.matchAll(/(\w+) (\d+|∞)(?=,|$)/g)].map(([, page, n]) => ({
      page: page!,
      moves: Number(n),
    }));
    expect(listed).toEqual(path);
    expect(listed.reduce((sum, step) => sum + step.moves, 0)).toBe(moves);
    expect(detail).toMatch(new RegExp(`^${moves} moves at worst: `));
  });

  it('lists the slower page of the worst way when a variation makes one page cost more', () => {
    const slower = changed(machines.preCancel!, { offering: { 'preCancel.cancel': 'deciding' } });
    const { moves, path } = clickToCancelMoves({ ...machines, preCancel: slower });
    expect(path.map((s) => s.page)).toEqual(['mySettings', 'preCancel', 'cancellationSurvey', 'cancellationConfirm']);
    expect(path.reduce((sum, step) => sum + step.moves, 0)).toBe(moves);
  });

  it('follows the funnel as the pages leave it: each page’s cancelling end goes to the pages the table names', () => {
    const urls = { appBase: APP_BASE, dashboardUrl: '/dashboard' };
    const pageOf = (url: string) => ROUTES.find((r) => `${APP_BASE}/${r.path}` === url)?.id;
    const machineOfRoute: Record<string, string> = {
      cancellationSurvey: 'cancellationSurvey',
      cancellationConfirm: 'cancellationConfirm',
    };
    const nextOf = (url: string) => machineOfRoute[pageOf(url) ?? ''];
    expect(['survey', 'confirm'].map((next) => nextOf(preCancelExitUrl({ next } as never, urls)))).toEqual(
      CANCEL_FUNNEL.pages.preCancel.next,
    );
    expect([nextOf(surveyExitUrl({ next: 'confirmCancellation', reason: null }, urls))]).toEqual(
      CANCEL_FUNNEL.pages.cancellationSurvey.next,
    );
    expect([nextOf(saveOffersExitUrl({ next: 'confirm' }))]).toEqual(CANCEL_FUNNEL.pages.saveOffers.next);
    expect([nextOf(finalOfferExitUrl({ next: 'confirm' }))]).toEqual(CANCEL_FUNNEL.pages.finalOffer.next);
  });

  describe('each rule fails on a broken machine', () => {
    it('logged-out form: a sign-in page before the request', () => {
      const withSignIn = createMachine({
        id: 'cancellationRequest',
        initial: 'form',
        states: {
          form: { on: { 'form.submitted': 'signingIn' } },
          signingIn: { on: { 'auth.signedIn': 'sending' } },
          sending: { invoke: { id: 'submitRequest', src: 'submitRequest', onDone: 'received', onError: 'form' } },
          received: { type: 'final' },
        },
      });
      const rule = item({ ...machines, cancellationRequest: withSignIn }, 'logged-out-form');
      expect(rule.pass).toBe(false);
      expect(rule.detail).toMatch(/the form is 3 pages \(form, signingIn, sending\), not one/);
      expect(rule.detail).toMatch(/signingIn/);
    });

    it('logged-out form: an offer on the one page, or an end that "cancel now" does not reach', () => {
      const config = machines.cancellationRequest!.config as unknown as Config;
      const withOffer = createMachine({ ...config, on: { 'form.offerShown': '.received' } } as never);
      const rule = item({ ...machines, cancellationRequest: withOffer }, 'logged-out-form');
      expect(rule.pass).toBe(false);
      expect(rule.detail).toMatch(/form\.offerShown on the way/);
      expect(rule.detail).toMatch(/the end is reached by form\.offerShown/);
    });

    it('click-to-cancel: one more page of moves before the cancellation', () => {
      // "Cancel" on the offer only closes it: the person then has to press cancel on the page.
      const slower = changed(machines.preCancel!, { offering: { 'preCancel.cancel': 'deciding' } });
      const rule = item({ ...machines, preCancel: slower }, 'click-to-cancel');
      expect(rule.pass).toBe(false);
      expect(clickToCancelMoves({ ...machines, preCancel: slower }).moves).toBe(CLICK_TO_CANCEL_BOUND + 1);
    });

    it('click-to-cancel: a confirmation whose cancel may be refused', () => {
      const refusable = changed(machines.cancellationConfirm!, {
        ready: { 'confirm.cancel': { target: 'cancelling', guard: 'isCancellable' } },
      });
      const rule = item({ ...machines, cancellationConfirm: refusable }, 'click-to-cancel');
      expect(rule.pass).toBe(false);
      expect(rule.detail).toMatch(/^no moves/);
    });

    it('cancel beside offers: an offer state without cancel, and one whose cancel is guarded', () => {
      const hidden = changed(machines.saveOffers!, { failed: { 'offers.cancel': 'kept' } });
      const guarded = changed(machines.finalOffer!, {
        choosing: { 'final.cancel': { target: 'cancelling', guard: 'offersPause' } },
      });
      const rule = item({ ...machines, saveOffers: hidden, finalOffer: guarded }, 'cancel-beside-offers');
      expect(rule.pass).toBe(false);
      expect(rule.detail).toContain('saveOffers.failed: offers.cancel leads to saveOffers.kept, not cancelling');
      expect(rule.detail).toContain('finalOffer.choosing: final.cancel may be refused (offersPause)');
    });
  });
});
