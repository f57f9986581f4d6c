/**
 * Every long task of a Lighthouse run, from the trace as Lighthouse read it (the long-tasks audit's debug data, on
 * its simulated mobile CPU): when it started, how long it took, the script it belongs to (Lighthouse's attribution:
 * the script whose code ran longest in it, or "Unattributable" for the document's own work) and what it was spent
 * on (evaluating, parsing and compiling scripts, style and layout, HTML parsing, paint, garbage collection, other).
 */
interface DebugTask {
  urlIndex: number;
  startTime: number;
  duration: number;
  [group: string]: number;
}

const GROUPS: Record<string, string> = {
  scriptEvaluation: 'eval',
  scriptParseCompile: 'compile',
  styleLayout: 'style+layout',
  parseHTML: 'html',
  paintCompositeRender: 'paint',
  garbageCollection: 'gc',
  other: 'other',
};

export interface LongTask {
  url: string;
  start: number;
  duration: number;
  /** ms per kind of work, largest first */
  spent: [string, number][];
}

export function longTasksOf(lhr: { audits: Record<string, { details?: unknown } | undefined> }): LongTask[] {
  const debug = (lhr.audits['long-tasks']?.details as { debugData?: { urls: string[]; tasks: DebugTask[] } })
    ?.debugData;
  if (!debug) return [];
  return debug.tasks
    .map((t) => ({
      url: debug.urls[t.urlIndex] ?? 'Unattributable',
      start: t.startTime,
      duration: t.duration,
      spent: Object.entries(GROUPS)
        .map(([key, label]): [string, number] => [label, t[key] ?? 0])
        .filter(([, ms]) => ms >= 1)
        .sort((a, b) => b[1] - a[1]),
    }))
    .sort((a, b) => a.start - b.start);
}

/** A script's name without the origin and content hash noise: `/mfe/quoting/<version>/507.js` stays readable. */
export const shortUrl = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname.replace(/\/mfe\/(\w+)\/[^/]+\//, '/mfe/$1/');
  } catch {
    return url;
  }
};

export const isScriptTask = (t: LongTask) => /\.m?js(\?|$)/.test(t.url);

// Under simulated throttling Lighthouse drops most child tasks, so a task's time is mostly 'other': printed only
// when it says more than that.
export const formatLongTask = (t: LongTask) =>
  `    at ${t.start.toFixed(0).padStart(5)} ms ${t.duration.toFixed(0).padStart(4)} ms  ${shortUrl(t.url).padEnd(44)} ${
    t.spent.some(([label]) => label !== 'other')
      ? t.spent.map(([label, ms]) => `${label} ${ms.toFixed(0)}`).join(', ')
      : ''
  }`.trimEnd();

interface BootupItem {
  url: string;
  scripting: number;
  scriptParseCompile: number;
}

/** Each script's main-thread time over the whole load (Lighthouse's bootup-time): evaluation and compile, largest first. */
export function scriptTimes(lhr: { audits: Record<string, { details?: unknown } | undefined> }, top = 6): string {
  const items = (lhr.audits['bootup-time']?.details as { items?: BootupItem[] } | undefined)?.items ?? [];
  return items
    .slice(0, top)
    .map((i) => `${shortUrl(i.url)} ${i.scripting.toFixed(0)}+${i.scriptParseCompile.toFixed(0)}`)
    .join(', ');
}
