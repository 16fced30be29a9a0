import type { InteractionFigure } from './interaction';
import { median, round } from './stats';

/** Visits per interaction case, taken in turn with the floor's radio (as Lighthouse's rounds are). */
export const INTERACTION_ROUNDS = 5;

/**
 * One figure from a case's visits: their clicks pooled, and the median taken over all of them. One
 * visit's clicks share that moment's machine: pooled over visits taken in turn with the floor's, a
 * quiet or a busy moment weighs on both sides alike. A visit that did not measure makes the figure
 * what that visit was (failed or not built), with its note: it is not left out.
 */
export function pooledInteraction(visits: readonly InteractionFigure[]): InteractionFigure {
  const [first] = visits;
  if (!first) throw new Error('an interaction figure needs at least one visit');
  const unmeasured = visits.find((v) => v.state !== 'measured');
  if (unmeasured) return unmeasured;
  const samplesMs = visits.flatMap((v) => v.samplesMs);
  const touches = visits.flatMap((v) => (v.firstTouch ? [v.firstTouch] : []));
  const notes = [...new Set(visits.flatMap((v) => (v.note ? [v.note] : [])))];
  return {
    ...first,
    medianMs: samplesMs.length > 0 ? round(median(samplesMs)!, 1) : null,
    samplesMs,
    methods: {
      eventTiming: sum(visits.map((v) => v.methods.eventTiming)),
      nextFrame: sum(visits.map((v) => v.methods.nextFrame)),
    },
    ...(touches.length > 0 ? { firstTouch: pooledFirstTouch(touches) } : {}),
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The first taps of the visits: the median tap and the median wait for the app, with the way most were timed. */
function pooledFirstTouch(
  touches: NonNullable<InteractionFigure['firstTouch']>[],
): NonNullable<InteractionFigure['firstTouch']> {
  const byEventTiming = touches.filter((t) => t.method === 'eventTiming').length;
  return {
    ms: round(median(touches.map((t) => t.ms))!, 1),
    takeoverMs: round(median(touches.map((t) => t.takeoverMs))!, 0),
    method: byEventTiming * 2 >= touches.length ? 'eventTiming' : 'nextFrame',
  };
}
