import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor, type AnyMachineSnapshot } from 'xstate';
import {
  cancellationSurveyMachine,
  type CancellationSurveyInput,
  type CancellationSurveyOutput,
  type SurveyAnswer,
  type SurveyData,
} from '../../machines/cancellation-survey.machine';
import { SURVEY_WITH_OFFERS, cancellationSurveyModel } from './models/cancellationSurvey.model';
import { REASON } from '../../machines/cancellation-survey.rules';
import { graphsOf, statesThatCannotReach } from './coverage';

const input = cancellationSurveyModel.inputs[0] as CancellationSurveyInput;

/**
 * The survey, loaded with `SURVEY_WITH_OFFERS` and `overrides` (each load answers with the next
 * of `loads`), its answer sent by `send` (each call answers with the next outcome given).
 */
function survey(
  overrides: Partial<SurveyData> = {},
  outcomes: ('stored' | 'failed')[] = ['stored'],
  loads: ('loaded' | 'failed')[] = ['loaded'],
) {
  const sent: SurveyAnswer[] = [];
  const left: CancellationSurveyOutput[] = [];
  const loadedFor: CancellationSurveyInput[] = [];
  const actor = createActor(
    cancellationSurveyMachine.provide({
      actors: {
        loadSurvey: fromPromise<SurveyData, CancellationSurveyInput>(async ({ input: asked }) => {
          loadedFor.push(asked);
          if (loads.shift() === 'failed') throw new Error('503');
          return { ...SURVEY_WITH_OFFERS, ...overrides };
        }),
        submitAnswer: fromPromise<unknown, SurveyAnswer>(async ({ input: answer }) => {
          sent.push(answer);
          if (outcomes.shift() === 'failed') throw new Error('503');
          return { SurveyID: sent.length };
        }),
      },
      actions: { leaveSurvey: (_, output) => void left.push(output) },
    }),
    { input },
  ).start();
  const loaded = () => waitFor(actor, (s) => !s.hasTag('loading'));
  return { actor, sent, left, loadedFor, loaded };
}

async function started(...args: Parameters<typeof survey>) {
  const made = survey(...args);
  await made.loaded();
  return made;
}

async function answer(actor: ReturnType<typeof survey>['actor'], reason: number) {
  actor.send({ type: 'survey.select', reason });
  actor.send({ type: 'survey.submit' });
  return waitFor(actor, (s) => !s.hasTag('busy'));
}

describe('the cancellation survey', () => {
  it('loads for the person and device first; nothing can be chosen until it has', async () => {
    const { actor, loadedFor, loaded } = survey();
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'survey.select', reason: REASON.reallyHelpful });
    expect(actor.getSnapshot().context.reason).toBeNull();
    const after = await loaded();
    expect(after.value).toBe('default');
    expect(loadedFor).toEqual([input]);
    expect(after.context).toMatchObject({
      reasons: SURVEY_WITH_OFFERS.reasons,
      subscriptionId: 4001,
      jobTitle: 'Nurse',
      reason: null,
    });
  });

  it('a failed load offers a retry that loads again', async () => {
    const { actor, loadedFor, loaded } = survey({}, ['stored'], ['failed', 'loaded']);
    expect((await loaded()).value).toBe('loadFailed');
    actor.send({ type: 'survey.retry' });
    expect((await loaded()).value).toBe('default');
    expect(loadedFor).toHaveLength(2);
  });

  it.each([
    ['while loading', [] as ('loaded' | 'failed')[]],
    ['after a failed load', ['failed' as const]],
  ])('skipping %s goes on to cancel at once, and leads there', async (_, loads) => {
    const { actor, left, loaded } = survey({}, [], loads);
    if (loads.length > 0) await loaded();
    actor.send({ type: 'survey.skip' });
    expect(actor.getSnapshot().output).toEqual({ next: 'confirmCancellation', reason: null });
    expect(left).toEqual([{ next: 'confirmCancellation', reason: null }]);
  });

  it('each end leads the person on once, with its output', async () => {
    const { actor, left } = await started();
    await answer(actor, REASON.reallyHelpful);
    actor.send({ type: 'offer.accept' });
    expect(left).toEqual([{ next: 'offer', offer: 'socialCard', reason: REASON.reallyHelpful }]);
    const back = await started();
    back.actor.send({ type: 'survey.returnToDashboard' });
    expect(back.left).toEqual([{ next: 'dashboard' }]);
  });

  it('sends the answer once chosen, then shows the offer it leads to; taking it ends with that offer', async () => {
    const { actor, sent } = await started();
    const after = await answer(actor, REASON.reallyHelpful);
    expect(after.value).toBe('reasonSubmitted');
    expect(sent).toEqual([{ reason: REASON.reallyHelpful, flowType: 'Default', subscriptionId: 4001 }]);
    actor.send({ type: 'offer.accept' });
    expect(actor.getSnapshot().output).toEqual({ next: 'offer', offer: 'socialCard', reason: REASON.reallyHelpful });
  });

  it('declining the offer goes on to cancel, with the answer', async () => {
    const { actor } = await started();
    await answer(actor, REASON.foundJob);
    actor.send({ type: 'offer.decline' });
    expect(actor.getSnapshot().output).toEqual({ next: 'confirmCancellation', reason: REASON.foundJob });
  });

  it.each([
    ['an answer that leads to no offer', {}, REASON.cantAfford],
    ['the ConfirmationPostSelection flow', { flowType: 'ConfirmationPostSelection' as const }, REASON.reallyHelpful],
    ['the holdout arm', { holdout: true }, REASON.reallyHelpful],
    ['an offer this subscription redeemed already', { redeemedOffers: ['socialCard' as const] }, REASON.reallyHelpful],
  ])('%s goes straight on to cancel once the answer is stored', async (_, overrides, reason) => {
    const { actor, sent } = await started(overrides);
    const after = await answer(actor, reason);
    expect(after.status).toBe('done');
    expect(after.output).toEqual({ next: 'confirmCancellation', reason });
    expect(sent).toHaveLength(1);
  });

  it('ignores a reason the list does not hold', async () => {
    const { actor } = await started();
    actor.send({ type: 'survey.select', reason: 3 + 100 });
    expect(actor.getSnapshot().value).toBe('default');
    actor.send({ type: 'survey.select', reason: REASON.cantAfford });
    actor.send({ type: 'survey.select', reason: 42 });
    expect(actor.getSnapshot().context.reason).toBe(REASON.cantAfford);
  });

  it('keeps the answer when sending fails, and sends the same answer again on retry', async () => {
    const { actor, sent } = await started({}, ['failed', 'stored']);
    const failed = await answer(actor, REASON.reallyHelpful);
    expect(failed.value).toBe('submitFailed');
    expect(failed.context.reason).toBe(REASON.reallyHelpful);
    actor.send({ type: 'survey.retry' });
    await waitFor(actor, (s) => s.matches('reasonSubmitted'));
    expect(sent).toEqual([sent[0], sent[0]]);
  });

  it('a double submit sends once', async () => {
    const { actor, sent } = await started();
    actor.send({ type: 'survey.select', reason: REASON.cantAfford });
    actor.send({ type: 'survey.submit' });
    actor.send({ type: 'survey.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toHaveLength(1);
  });

  it('goes back to the dashboard from any step, even while sending', async () => {
    const { actor } = await started();
    actor.send({ type: 'survey.select', reason: REASON.cantAfford });
    actor.send({ type: 'survey.submit' });
    actor.send({ type: 'survey.returnToDashboard' });
    expect(actor.getSnapshot().output).toEqual({ next: 'dashboard' });
  });
});

const graphs = () => graphsOf(cancellationSurveyMachine, cancellationSurveyModel);

describe('the survey never stands between a person and cancelling (graph proofs)', () => {
  const key = (s: AnyMachineSnapshot) => cancellationSurveyModel.serializeState!(s);

  it('from every state short of the end, the cancellation is reachable', () => {
    for (const graph of graphs()) {
      const stuck = statesThatCannotReach(graph, (state) => state.matches('cancelling'), key).map(key);
      expect(stuck).toEqual([]);
    }
  });

  it('in every state where the person acts, cancelling is one move', () => {
    let checked = 0;
    for (const graph of graphs()) {
      for (const { state } of graph) {
        if (state.status !== 'active' || state.hasTag('busy')) continue;
        checked += 1;
        const cancelMove = state.matches('reasonSubmitted')
          ? { type: 'offer.decline' as const }
          : { type: 'survey.skip' as const };
        expect(state.can(cancelMove), `${JSON.stringify(state.value)} offers ${cancelMove.type}`).toBe(true);
        const next = getNextSnapshot(cancellationSurveyMachine, state as never, cancelMove);
        expect(next.output).toMatchObject({ next: 'confirmCancellation' });
      }
    }
    expect(checked).toBeGreaterThan(4);
  });
});
