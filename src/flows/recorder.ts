import type { ActorRefLike, AnyStateMachine, InspectionEvent } from 'xstate';
import { randomGuid } from '../domain/guid';
import { edgesOf, INIT_EVENT, initialLeafId, type TransitionLike } from '../../machines/flow-edges';

/**
 * Turns what running machines do into flow transitions for the explorer. It is an XState
 * inspector: pass `recorder.inspect` as the `inspect` option of `createActor` / `useActorRef`,
 * and every machine in that actor's system (the root and any machine it invokes, such as the
 * checkout frame inside the upsell sequence) reports:
 * its start and each transition it takes, named as machines/flow-edges.ts says (the edges of
 * `toDirectedGraph`, the start as `xstate.init`, an eventless transition as `xstate.always`).
 * Each machine instance is one visit with its own flow id; `seq` counts its steps from 0.
 *
 * A step names only the machine and its states, never the context or the event's payload, so
 * no personal data can leave through it.
 */

export interface FlowStep {
  machine: string;
  flowId: string;
  seq: number;
  from: string | null;
  event: string;
  to: string;
  /** ISO 8601. */
  at: string;
}

export interface FlowRecorderOptions {
  onStep: (step: FlowStep) => void;
  /** Only machines whose id passes are recorded (by default every machine). */
  records?: (machineId: string) => boolean;
  newFlowId?: () => string;
  now?: () => Date;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' &&
  logic !== null &&
  'root' in logic &&
  'id' in logic &&
  typeof (logic as { id: unknown }).id === 'string';

export function createFlowRecorder(options: FlowRecorderOptions) {
  const newFlowId = options.newFlowId ?? randomGuid;
  const now = options.now ?? (() => new Date());
  const visits = new WeakMap<ActorRefLike, { machine: string; flowId: string; seq: number }>();

  const step = (
    visit: { machine: string; flowId: string; seq: number },
    from: string | null,
    event: string,
    to: string,
  ) => {
    options.onStep({
      machine: visit.machine,
      flowId: visit.flowId,
      seq: visit.seq,
      from,
      event,
      to,
      at: now().toISOString(),
    });
    visit.seq += 1;
  };

  function inspect(event: InspectionEvent): void {
    if (event.type === '@xstate.actor') {
      const logic = (event.actorRef as { logic?: unknown }).logic;
      if (!isMachine(logic) || visits.has(event.actorRef)) return;
      if (options.records && !options.records(logic.id)) return;
      const visit = { machine: logic.id, flowId: newFlowId(), seq: 0 };
      visits.set(event.actorRef, visit);
      step(visit, null, INIT_EVENT, initialLeafId(logic));
      return;
    }
    if (event.type !== '@xstate.microstep') return;
    const visit = visits.get(event.actorRef);
    if (!visit) return;
    for (const transition of event._transitions as unknown as TransitionLike[]) {
      for (const edge of edgesOf(transition)) step(visit, edge.from, edge.event, edge.to);
    }
  }

  return { inspect };
}
