/**
 * Every machine the app runs reports its transitions to the flow explorer. Each actor is created
 * with `inspect: recordFlows` from the app's services (test/flows/recorded-sites.test.ts fails for
 * one that is not), so every machine of its system, children included, is recorded; the steps wait
 * here until the analytics (src/app/analytics.ts) connects the consent-gated queue.
 */
import type { InspectionEvent } from 'xstate';
import { createFlowRecorder, type FlowStep } from '../flows/recorder';

/** Steps taken before the queue is connected are kept, up to this many. */
const MAX_WAITING_STEPS = 500;

export interface FlowRecording {
  /** The inspector every actor of the app is created with. */
  recordFlows: (event: InspectionEvent) => void;
  /** Sends the steps to `to` from now on, the waiting ones first; answers a function that stops it. */
  connect: (to: (step: FlowStep) => void) => () => void;
}

/** One per running app, created at start-up with the app's services. */
export function createFlowRecording(): FlowRecording {
  let deliver: ((step: FlowStep) => void) | null = null;
  const waiting: FlowStep[] = [];
  const recorder = createFlowRecorder({
    onStep(step) {
      if (deliver) deliver(step);
      else if (waiting.length < MAX_WAITING_STEPS) waiting.push(step);
    },
  });
  return {
    recordFlows: recorder.inspect,
    connect(to) {
      deliver = to;
      for (const step of waiting.splice(0)) to(step);
      return () => {
        if (deliver === to) deliver = null;
      };
    },
  };
}
