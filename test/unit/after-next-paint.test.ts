import { describe, expect, it } from 'vitest';
import { deliveredAfterNextPaint } from '../../src/app/after-next-paint';

/** A page whose frames and tasks run only when the test says so. */
function fakePage() {
  const documentEvents = new EventTarget();
  const windowEvents = new EventTarget();
  const document = Object.assign(documentEvents, { visibilityState: 'visible' as DocumentVisibilityState });
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const win = Object.assign(windowEvents, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  });
  return {
    win,
    document,
    paintFrame: () => frames.splice(0).forEach((run) => run()),
    runTasks: () => tasks.splice(0).forEach((run) => run()),
    pending: () => ({ frames: frames.length, tasks: tasks.length }),
  };
}

describe('deliveredAfterNextPaint', () => {
  it('delivers nothing during the tap, and everything in order in the task after the next frame', () => {
    const page = fakePage();
    const delivered: string[] = [];
    const record = deliveredAfterNextPaint<string>((item) => delivered.push(item), page.win).add;
    record('plan.select');
    record('plan.continue');
    expect(delivered).toEqual([]);
    expect(page.pending(), 'one frame asked for both').toEqual({ frames: 1, tasks: 0 });
    page.paintFrame();
    expect(delivered, 'not inside the frame itself').toEqual([]);
    page.runTasks();
    expect(delivered).toEqual(['plan.select', 'plan.continue']);
    record('survey.select');
    expect(page.pending(), 'a later item asks for a frame of its own').toEqual({ frames: 1, tasks: 0 });
    page.paintFrame();
    page.runTasks();
    expect(delivered).toEqual(['plan.select', 'plan.continue', 'survey.select']);
  });

  it('delivers what waits at once when the page is hidden or left, and not twice', () => {
    const page = fakePage();
    const delivered: string[] = [];
    const record = deliveredAfterNextPaint<string>((item) => delivered.push(item), page.win).add;
    record('a');
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(delivered, 'still visible: it waits for its frame').toEqual([]);
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(delivered).toEqual(['a']);
    page.paintFrame();
    page.runTasks();
    expect(delivered, 'the frame that comes later delivers nothing again').toEqual(['a']);

    page.document.visibilityState = 'visible';
    record('b');
    page.win.dispatchEvent(new Event('pagehide'));
    expect(delivered).toEqual(['a', 'b']);
  });

  it('on a hidden page, where no frame comes, waits for one task only', () => {
    const page = fakePage();
    const delivered: string[] = [];
    page.document.visibilityState = 'hidden';
    const record = deliveredAfterNextPaint<string>((item) => delivered.push(item), page.win).add;
    record('timer.fired');
    expect(page.pending()).toEqual({ frames: 0, tasks: 1 });
    page.runTasks();
    expect(delivered).toEqual(['timer.fired']);
  });

  it('on stop, delivers what waits at once, then nothing more, and no longer listens to the page', () => {
    const page = fakePage();
    const delivered: string[] = [];
    const delivery = deliveredAfterNextPaint<string>((item) => delivered.push(item), page.win);
    delivery.add('a');
    delivery.stop();
    expect(delivered).toEqual(['a']);
    page.paintFrame();
    page.runTasks();
    delivery.add('b');
    page.paintFrame();
    page.runTasks();
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    page.win.dispatchEvent(new Event('pagehide'));
    expect(delivered, 'nothing after stop').toEqual(['a']);
    expect(page.pending(), 'no frame or task asked for after stop').toEqual({ frames: 0, tasks: 0 });
  });
});
