/**
 * The page's long tasks read from the raw trace Lighthouse recorded (its `Trace` artifact), with two things the
 * report leaves out:
 * - each task's CPU time on the renderer's main thread (the trace's thread clock, `tdur`) beside its wall time
 *   (`dur`). Lighthouse's simulated task is the wall time times its CPU slowdown (4x on the mobile preset); on a
 *   shared host the renderer waits for a core inside a task, and that wait is in the wall time but not in the CPU
 *   time. CPU x slowdown is what the task would be with a core to itself: the site's work; the rest is the host's.
 * - what the task ran, by CPU time: each script evaluated (its compile apart), each callback by the script of the
 *   function called, microtasks, HTML parsing, style and layout, paint, garbage collection. Lighthouse names one URL
 *   per task (the first script in it): a task that evaluates a small chunk and then runs the modules that chunk
 *   completed is named after the small chunk.
 */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string }; beginData?: { url?: string } };
}

export interface TraceTask {
  /** ms from the first task of the page's renderer */
  start: number;
  /** wall time, ms */
  wall: number;
  /** the main thread's CPU time in it, ms */
  cpu: number;
  /** CPU ms by what ran, largest first */
  parts: [string, number][];
}

const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The kinds of work a task is split into; the outermost matching event of each part counts. */
function kindOf(e: TraceEvent, short: (url: string) => string): string | null {
  const url = e.args?.data?.url;
  switch (e.name) {
    case 'EvaluateScript':
      return url ? `eval ${short(url)}` : 'eval (inline)';
    case 'v8.compile':
    case 'v8.compileModule':
      return url ? `compile ${short(url)}` : 'compile';
    case 'FunctionCall':
      return url ? `call ${short(url)}${e.args?.data?.functionName ? `:${e.args.data.functionName}` : ''}` : 'call';
    case 'v8.evaluateModule':
      return 'module';
    case 'RunMicrotasks':
      return 'microtasks';
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'EventDispatch':
      return 'event';
    case 'ParseHTML':
      return 'html';
    case 'ParseAuthorStyleSheet':
      return 'css parse';
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'RecalculateStyles':
      return 'style+layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'Commit':
    case 'UpdateLayer':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_MC':
    case 'BlinkGC.AtomicPhase':
      return 'gc';
    case 'Decode Image':
    case 'ImageDecodeTask':
      return 'image decode';
    default:
      return null;
  }
}

/** The renderer main thread that parsed the audited page (not about:blank's, nor an earlier document's). */
function pageThread(events: TraceEvent[], pageUrl: string): { pid: number; tid: number } | null {
  const path = new URL(pageUrl).pathname;
  const parse = events.find((e) => {
    if (e.name !== 'ParseHTML' || !e.args?.beginData?.url) return false;
    try {
      return new URL(e.args.beginData.url).pathname === path;
    } catch {
      return false;
    }
  });
  return parse ? { pid: parse.pid, tid: parse.tid } : null;
}

export function traceTasks(
  trace: readonly object[],
  pageUrl: string,
  minWallMs: number,
  short: (url: string) => string,
): TraceTask[] {
  const events = trace as TraceEvent[];
  const thread = pageThread(events, pageUrl);
  if (!thread) return [];
  const mine = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = mine.filter((e) => TASK.has(e.name));
  if (!tasks.length) return [];
  const t0 = tasks[0]!.ts;
  const result: TraceTask[] = [];
  let cursor = 0;
  for (const task of tasks) {
    if (task.dur! < minWallMs * 1000) continue;
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    // Events inside the task, outermost first; an event inside one already counted is part of it.
    let coveredUntil = -1;
    while (cursor < mine.length && mine[cursor]!.ts < task.ts) cursor++;
    for (let i = cursor; i < mine.length && mine[i]!.ts < end; i++) {
      const e = mine[i]!;
      if (e === task || TASK.has(e.name) || e.ts < coveredUntil) continue;
      const kind = kindOf(e, short);
      if (!kind) continue;
      coveredUntil = e.ts + e.dur!;
      parts.set(kind, (parts.get(kind) ?? 0) + (e.tdur ?? e.dur!) / 1000);
    }
    const cpu = (task.tdur ?? task.dur!) / 1000;
    const named = [...parts.values()].reduce((a, b) => a + b, 0);
    if (cpu - named >= 0.5) parts.set('other', cpu - named);
    result.push({
      start: (task.ts - t0) / 1000,
      wall: task.dur! / 1000,
      cpu,
      parts: [...parts.entries()].filter(([, ms]) => ms >= 0.5).sort((a, b) => b[1] - a[1]),
    });
  }
  return result;
}

/** One line per task, in Lighthouse's simulated milliseconds (`slowdown` x the trace's), so they compare with its. */
export const formatTraceTask = (t: TraceTask, slowdown: number) =>
  `    at ${(t.start * slowdown).toFixed(0).padStart(5)} ms  wall ${(t.wall * slowdown).toFixed(0).padStart(4)} ms, CPU ${(
    t.cpu * slowdown
  )
    .toFixed(0)
    .padStart(4)} ms (${((100 * t.cpu) / t.wall).toFixed(0).padStart(3)}%)  ${t.parts
    .map(([kind, ms]) => `${kind} ${(ms * slowdown).toFixed(0)}`)
    .join(', ')}`;

/** Whether a task ran JavaScript: a script evaluated, compiled or called, or microtasks, timers, events, frames. */
export const ranScript = (t: TraceTask) =>
  t.parts.some(([kind]) => /^(eval|compile|call|module|microtasks|timer|event|animation frame)\b/.test(kind));
