import { round } from './stats';

/**
 * What a Lighthouse run's own trace says about the work behind its TBT, counted rather than timed.
 *
 * On the mobile preset Lighthouse simulates a slow phone by multiplying each main-thread task's
 * wall time by four, so a task that waited for the CPU (other processes on a small machine: the
 * browser's own, the servers, Lighthouse) counts as if the page had worked all that while. Thread
 * time is what the page's thread actually ran; the frames, screenshots and requests are the work
 * the page made the rest of the machine do while it loaded.
 */
export interface TraceFigures {
  /** CPU time the page's main thread ran, over every top-level task (ms). */
  mainThreadMs: number;
  /** Wall time of the same tasks (ms): more than the CPU time where the thread waited to run. */
  mainThreadWallMs: number;
  /**
   * Lighthouse's blocking rule (four times a task, less 50 ms) applied to the tasks' thread time
   * instead of their wall time, over the whole load (ms). Lighthouse counts from the first paint
   * of its simulated load, which this cannot know; a page drawn by its server paints before its
   * script runs, the floor's page after.
   */
  blockingByThreadTimeMs: number;
  /** Compositor frames drawn, each rastered and, under Lighthouse, captured as a screenshot. */
  framesDrawn: number;
  /** Requests the page sent. */
  requests: number;
}

export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The mobile preset's simulated phone: four times slower than this machine (Lighthouse's cpuSlowdownMultiplier). */
const MOBILE_PRESET_CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

/**
 * The page's renderer main thread is the `CrRendererMain` that ran the most; other renderers (an
 * about:blank before the page, a frame of another site) ran little.
 */
function pageMainThread(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  let best: { pid: number; tid: number; ran: number } | null = null;
  for (const thread of events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
    const ran = tasks
      .filter((t) => t.pid === thread.pid && t.tid === thread.tid)
      .reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0);
    if (!best || ran > best.ran) best = { pid: thread.pid, tid: thread.tid, ran };
  }
  return best && best.ran > 0 ? { pid: best.pid, tid: best.tid } : null;
}

/** Null when the trace has no renderer main thread that ran (a lost or empty trace). */
export function traceFiguresOf(events: readonly TraceEvent[]): TraceFigures | null {
  const main = pageMainThread(events);
  if (!main) return null;
  // Top-level tasks only: a task nested in another (a rare re-entrant run) is inside its parent's time.
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main.pid && e.tid === main.tid)
    .sort((a, b) => a.ts - b.ts);
  let cpuUs = 0;
  let wallUs = 0;
  let blockingMs = 0;
  let endOfLast = -Infinity;
  for (const task of tasks) {
    if (task.ts < endOfLast) continue;
    const wall = task.dur ?? 0;
    const cpu = task.tdur ?? wall;
    endOfLast = task.ts + wall;
    cpuUs += cpu;
    wallUs += wall;
    blockingMs += Math.max(0, (cpu / 1000) * MOBILE_PRESET_CPU_SLOWDOWN - BLOCKING_FROM_MS);
  }
  return {
    mainThreadMs: round(cpuUs / 1000, 1),
    mainThreadWallMs: round(wallUs / 1000, 1),
    blockingByThreadTimeMs: Math.round(blockingMs),
    framesDrawn: events.filter((e) => e.name === 'DrawFrame').length,
    requests: events.filter((e) => e.name === 'ResourceSendRequest').length,
  };
}
