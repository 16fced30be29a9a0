import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';
import {
  cancellationRequestMachine,
  type CancellationReceiptData,
  type SubmitInput,
} from '../../machines/cancellation-request.machine';

type Graph = ReturnType<typeof toDirectedGraph>;
const walk = (node: Graph, visit: (node: Graph) => void) => {
  visit(node);
  node.children.forEach((child) => walk(child, visit));
};

/** §312k BGB read off the model itself: one page, "cancel now", no sign-in and no offer in between. */
describe('the logged-out cancellation form, as a graph', () => {
  const graph = toDirectedGraph(cancellationRequestMachine);
  const stateIds: string[] = [];
  const edges: { event: string; guard: string | null }[] = [];
  walk(graph, (node) => {
    stateIds.push(node.id);
    for (const edge of node.edges) {
      const guard = (edge.transition as { guard?: { type?: string } }).guard;
      edges.push({ event: edge.label.text, guard: typeof guard === 'object' && guard ? (guard.type ?? null) : null });
    }
  });

  it('has no sign-in, password, offer or survey anywhere on the way', () => {
    expect(edges.length).toBeGreaterThan(10);
    const forbidden = /sign.?in|login|password|auth|offer|survey|save/i;
    expect(stateIds.filter((id) => forbidden.test(id))).toEqual([]);
    expect(edges.filter((e) => forbidden.test(e.event) || (e.guard !== null && forbidden.test(e.guard)))).toEqual([]);
  });

  it('every field lives in the one form state, so all of them are on the page from the start', () => {
    const formChildren = graph.children
      .find((child) => child.id.endsWith('.form'))!
      .children.map((child) => child.id.split('.').pop());
    expect(formChildren).toEqual(
      expect.arrayContaining(['email', 'accountId', 'captcha', 'termination', 'submission']),
    );
    const topLevel = graph.children.map((child) => child.id.split('.').pop());
    expect(topLevel.sort()).toEqual(['form', 'received']);
  });

  it('reaches "received" from filled fields and one "cancel now" press, with nothing else asked', async () => {
    const machine = cancellationRequestMachine.provide({
      actors: {
        submitRequest: fromPromise<CancellationReceiptData, SubmitInput>(async () => ({
          CancellationNumber: 'CN1',
          ReceivedAt: '2026-11-23T10:00:00Z',
          EffectiveDate: null,
        })),
      },
    });
    const actor = createActor(machine, { input: { dateHiddenByConfig: false } }).start();
    actor.send({ type: 'form.email.changed', value: 'someone@example.com' });
    actor.send({ type: 'form.accountId.changed', value: '12345' });
    actor.send({ type: 'form.captcha.solved', payload: 'solved' });
    actor.send({ type: 'form.email.blurred' });
    actor.send({ type: 'form.accountId.blurred' });
    actor.send({ type: 'form.submitted' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.receipt.CancellationNumber).toBe('CN1');
  });
});
