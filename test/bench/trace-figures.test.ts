import { describe, expect, it } from 'vitest';
import { traceFiguresOf, type TraceEvent } from '../../bench/trace-figures';

const PAGE = { pid: 7, tid: 1 };
const BLANK = { pid: 5, tid: 1 };
const threadName = (at: { pid: number; tid: number }, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ...at,
  ts: 0,
  args: { name },
});
/** A top-level task: starts at `atMs`, runs `cpuMs` of CPU over `wallMs` of wall time. */
const task = (at: { pid: number; tid: number }, atMs: number, cpuMs: number, wallMs = cpuMs): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...at,
  ts: atMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});
const instant = (name: string, atMs: number, at = PAGE): TraceEvent => ({ name, ph: 'I', ...at, ts: atMs * 1000 });

describe('the work behind a Lighthouse run, counted from its trace', () => {
  const trace: TraceEvent[] = [
    threadName(BLANK, 'CrRendererMain'),
    threadName(PAGE, 'CrRendererMain'),
    threadName({ pid: 7, tid: 2 }, 'Compositor'),
    task(BLANK, 0, 3),
    // 40 ms of CPU: blocks 4 × 40 − 50 = 110 ms by thread time.
    task(PAGE, 10, 40, 45),
    // 20 ms of CPU that waited 40 ms more for it: blocks 4 × 20 − 50 = 30 ms by thread time.
    task(PAGE, 100, 20, 60),
    // Nested in the task above (a task run inside another): inside its parent's time, not counted again.
    task(PAGE, 110, 5),
    // 10 ms: under the 12.5 ms that four times slower makes long.
    task(PAGE, 200, 10, 30),
    task(PAGE, 300, 25),
    // The compositor's tasks are not the page's thread.
    task({ pid: 7, tid: 2 }, 300, 90),
    instant('DrawFrame', 61, { pid: 9, tid: 3 }),
    instant('DrawFrame', 80, { pid: 9, tid: 3 }),
    instant('ResourceSendRequest', 1),
    instant('ResourceSendRequest', 70),
    instant('ResourceSendRequest', 90),
  ];

  it('sums the page main thread’s top-level tasks, in CPU time and in wall time', () => {
    const figures = traceFiguresOf(trace)!;
    expect(figures.mainThreadMs).toBe(40 + 20 + 10 + 25);
    expect(figures.mainThreadWallMs).toBe(45 + 60 + 30 + 25);
  });

  it('applies Lighthouse’s blocking rule to the tasks’ CPU time, not their wall time', () => {
    // 4 × 40 − 50 = 110, 4 × 20 − 50 = 30, 4 × 10 − 50 < 0, 4 × 25 − 50 = 50. By wall time the
    // 10 ms task (30 ms wall) would block 70 and the 20 ms one (60 ms wall) 190.
    expect(traceFiguresOf(trace)!.blockingByThreadTimeMs).toBe(110 + 30 + 50);
  });

  it('counts the frames drawn and the requests sent', () => {
    expect(traceFiguresOf(trace)).toMatchObject({ framesDrawn: 2, requests: 3 });
  });

  it('takes the renderer that ran the most as the page’s, not an about:blank that came first', () => {
    const onlyBlankRan = [
      threadName(BLANK, 'CrRendererMain'),
      threadName(PAGE, 'CrRendererMain'),
      task(BLANK, 0, 3),
      task(PAGE, 10, 2),
    ];
    expect(traceFiguresOf(onlyBlankRan)!.mainThreadMs).toBe(3);
  });

  it('has no figures for a trace without a renderer main thread that ran', () => {
    expect(traceFiguresOf([])).toBeNull();
    expect(traceFiguresOf([threadName(PAGE, 'CrRendererMain')])).toBeNull();
  });
});
