import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createFlowRecording } from '../../src/app/flow-recording';
import { createKeptActors } from '../../src/app/kept-actors';
import type { FlowStep } from '../../src/flows/recorder';

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { 'toggle.flip': 'on' } }, on: { type: 'final' } },
});

describe('the flow recording owned by each running app', () => {
  it('keeps the steps taken before the queue connects, sends them first, then the later ones', () => {
    const recording = createFlowRecording();
    const actor = createActor(toggle, { inspect: recording.recordFlows }).start();
    const sent: FlowStep[] = [];
    recording.connect((step) => sent.push(step));
    expect(sent.map((s) => `${s.from ?? '·'} → ${s.to}`)).toEqual(['· → toggle.off']);
    actor.send({ type: 'toggle.flip' });
    expect(sent.map((s) => `${s.from ?? '·'} → ${s.to}`)).toEqual(['· → toggle.off', 'toggle.off → toggle.on']);
  });

  it('shares nothing between two apps', () => {
    const first = createFlowRecording();
    const second = createFlowRecording();
    createActor(toggle, { inspect: first.recordFlows }).start();
    const seenBySecond: FlowStep[] = [];
    second.connect((step) => seenBySecond.push(step));
    expect(seenBySecond).toEqual([]);
  });

  it('keeps at most 500 waiting steps, and stops sending once disconnected', () => {
    const recording = createFlowRecording();
    for (let i = 0; i < 520; i += 1) createActor(toggle, { inspect: recording.recordFlows }).start();
    const sent: FlowStep[] = [];
    const disconnect = recording.connect((step) => sent.push(step));
    expect(sent).toHaveLength(500);
    disconnect();
    createActor(toggle, { inspect: recording.recordFlows }).start();
    expect(sent).toHaveLength(500);
  });
});

describe('actors kept across pages', () => {
  it('answers the running actor of the same id, and a new one (the old stopped) for another id', () => {
    const kept = createKeptActors();
    const first = kept.keep('sequence', 'order-1', () => createActor(toggle));
    expect(kept.keep('sequence', 'order-1', () => createActor(toggle))).toBe(first);
    const second = kept.keep('sequence', 'order-2', () => createActor(toggle));
    expect(second).not.toBe(first);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(second.getSnapshot().status).toBe('active');
  });

  it('starts a new actor when the kept one has finished, and keeps each slot apart', () => {
    const kept = createKeptActors();
    const done = kept.keep('sequence', 'order-1', () => createActor(toggle));
    const offers = kept.keep('offers', 'order-1', () => createActor(toggle));
    done.send({ type: 'toggle.flip' });
    expect(done.getSnapshot().status).toBe('done');
    const again = kept.keep('sequence', 'order-1', () => createActor(toggle));
    expect(again).not.toBe(done);
    expect(kept.keep('offers', 'order-1', () => createActor(toggle))).toBe(offers);
  });
});
