/**
 * Lighthouse (mobile preset: Moto G-class CPU, slow 4G, simulated throttling) on the built site, served by a real
 * gateway, driven through Debian's Chromium (run `pnpm build` first):
 *   pnpm --filter @agency/bench lighthouse [-- --runs 3 --paths /,/services --reports /tmp/lh --server-render off]
 * Prints each page's performance score, LCP, TBT, longest main-thread task and longest task in a script file (median
 * of the runs) with the host's benchmarkIndex, against the targets (score >= 98, TBT <= 100 ms, no task over 100 ms,
 * LCP <= 1.8 s), its accessibility, best-practices and SEO scores (target 100 each, with every audit that kept one
 * below it) and the opportunities Lighthouse reports. Figures only: it never fails on speed. `--paths public` audits
 * every public page of the route table. With `--reports`, every run's full Lighthouse JSON is written there, for the
 * per-script detail (bootup-time, main-thread work).
 * Each run also prints its long tasks as Lighthouse reports them (start, simulated duration, the one script it names
 * for each), then the same tasks read from the raw trace (support/trace-tasks.ts): each task's wall time and the
 * renderer main thread's CPU time in it, both at Lighthouse's CPU slowdown, and that CPU time by what ran (each script
 * evaluated or called, microtasks, HTML, style and layout, paint, GC). With the host's CPU during the run from /proc
 * (busy %, Chromium's, the gateway's, this process's and the other processes') and the load average: on a shared
 * host, a task whose CPU time is a small part of its wall time waited for a core, which is the host's load, not the
 * site's work. The `cpu` column is the longest script task's CPU time: the figure the site's code decides.
 * `--server-render off` measures the same pages rendered in the browser only (SERVER_RENDER, decision 0013).
 * `--references` adds, per page, the same HTML with every script removed, and once an empty document (with the site's
 * headers, without them, and with one script): what the browser's own work (a new document's process and context,
 * first style, layout and paint) costs on this host, which no change to our scripts can cut.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { routes } from '@agency/contracts';
import { chromiumArgs, chromiumPath, startGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { cpuBetween, formatShares, snapshot } from './support/host-cpu';
import { formatLongTask, isScriptTask, longTasksOf, scriptTimes, shortUrl } from './support/long-tasks';
import { formatTraceTask, ranScript, traceTasks } from './support/trace-tasks';
import { startReferencePages } from './support/reference-pages';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    runs: { type: 'string', default: '3' },
    paths: { type: 'string', default: '/,/services,/blog,/price-calculator' },
    chromium: { type: 'string', default: chromiumPath },
    reports: { type: 'string' },
    'server-render': { type: 'string', default: 'on' },
    // Also audit, in the same run, an empty document and each page without its scripts: the floor no script cuts.
    references: { type: 'boolean', default: false },
  },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One Lighthouse run; Chromium occasionally loses a trace (NO_NAVSTART), which is retried rather than reported. */
async function audit(url: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      logLevel: 'error',
      output: 'json',
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (!error) return result!;
    if (attempt >= attempts) throw new Error(`${url}: ${error.message}`);
  }
}

/**
 * A deployment supplies the Real Talk audio (docs/development.md, Quoting and lead pages); without it the thank-you page's player
 * logs a 404 that Lighthouse rightly counts. One second of silence as a WAV stands in for the agency's file.
 */
function silentWav(sampleRate = 8000): Buffer {
  const bytes = sampleRate * 2;
  const wav = Buffer.alloc(44 + bytes);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + bytes, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(bytes, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(bytes, 40);
  return wav;
}

const AUDIO_PATH = '/media/real-talk-audio.wav';
const gateway = await startGateway({
  LOG_LEVEL: 'error',
  SERVER_RENDER: values['server-render'],
  REAL_TALK_AUDIO_URL: AUDIO_PATH,
});
await mkdir(path.join(gateway.dataDir, 'media'), { recursive: true });
await writeFile(path.join(gateway.dataDir, AUDIO_PATH.slice(1)), silentWav());
const references = values.references ? await startReferencePages(gateway.url) : undefined;
const chrome = await chromeLauncher.launch({
  chromePath: values.chromium,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
try {
  const rows: {
    path: string;
    score: number;
    lcp: number;
    fcp: number;
    tbt: number;
    cls: number;
    /** The longest main-thread task (Lighthouse's long-tasks audit, on its simulated mobile CPU), ms. */
    longest: number;
    /**
     * The longest of those Lighthouse attributes to a script file: ours to cut. The others are the document's own
     * (its commit in a new process, parsing, style and layout), which the references pay too.
     */
    script: number;
    /**
     * The largest CPU time of a task that ran a script, from the trace, times the slowdown: that task's length with a
     * core to itself. Beside `script`, it tells the site's work from the wait for a core on a busy host.
     */
    scriptCpu: number;
    /** The host's 1-minute load average when the run ended. */
    load: number;
    /** The host's benchmarkIndex in that run: blocking time scales with it. */
    host: number;
    /** The other processes' share of the whole machine's CPU during the run, %: the host's load, not the site's. */
    others: number;
    a11y: number;
    bp: number;
    seo: number;
  }[] = [];
  const opportunities = new Map<string, Set<string>>();
  // Audits that kept accessibility, best practices or SEO below 100, with the pages they failed on.
  const failedAudits = new Map<string, Set<string>>();
  // A content route's pattern (`/blog/:slug`) stands for its first published item, the page a visitor opens from
  // the list; a pattern with nothing published is left out.
  const firstItem = async (route: (typeof routes)[number]) => {
    if (!('content' in route)) return route.path;
    const list = route.content === 'blog-post' ? '/api/blog-posts?page=1&pageSize=1' : '/api/case-studies';
    const body = (await (await fetch(`${gateway.url}${list}`)).json()) as
      { slug?: string }[] | { items?: { slug?: string }[] };
    const slug = (Array.isArray(body) ? body : (body.items ?? []))[0]?.slug;
    return slug ? route.path.replace(':slug', encodeURIComponent(slug)) : null;
  };
  const paths =
    values.paths === 'public'
      ? (await Promise.all(routes.filter((r) => !('roles' in r)).map(firstItem))).filter((p): p is string => p !== null)
      : values.paths.split(',');
  // Lighthouse's own measure of the host CPU: simulated timings scale with it, so figures from different machines
  // compare only beside it (the blocking time especially).
  const benchmarkIndexes: number[] = [];
  if (values.reports) await mkdir(values.reports, { recursive: true });
  const NO_SCRIPTS = ' (no scripts)';
  const EMPTY: Record<string, string> = {
    '(empty document)': '/__blank',
    '(empty document, no headers)': '/__blank-bare',
    '(empty document, one script)': '/__blank-script',
  };
  const audited = references ? [...paths.flatMap((p) => [p, `${p}${NO_SCRIPTS}`]), ...Object.keys(EMPTY)] : paths;
  /** A reference row: figures only, kept out of the targets and the audit lists. */
  const isReference = (page: string) => page.endsWith(NO_SCRIPTS) || page in EMPTY;
  const urlOf = (page: string) => {
    if (references && EMPTY[page]) return references.url + EMPTY[page];
    if (references && page.endsWith(NO_SCRIPTS))
      return `${references.url}/__no-scripts${page.slice(0, -NO_SCRIPTS.length)}`;
    return `${gateway.url}${page}`;
  };
  for (const page of audited) {
    const runs: (typeof rows)[number][] = [];
    for (let i = 0; i < Number(values.runs); i++) {
      const before = await snapshot();
      const result = await audit(urlOf(page));
      const lhr = result.lhr;
      const cpu = cpuBetween(before, await snapshot(), {
        Chromium: chrome.pid,
        gateway: gateway.pid,
        'bench (Lighthouse)': process.pid,
      });
      const load = loadavg()[0]!;
      const tasks = longTasksOf(lhr);
      // The same tasks from the raw trace: wall and CPU time, and what each ran (support/trace-tasks.ts).
      const slowdown = lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1;
      // Every task of 1 ms or more: the totals count them all, the list shows those over 50 ms at the slowdown.
      const allTasks = traceTasks(result.artifacts.Trace?.traceEvents ?? [], urlOf(page), 1, shortUrl);
      const traced = allTasks.filter((t) => t.wall * slowdown >= 50);
      const scriptTasks = allTasks.filter(ranScript);
      const total = (of: 'cpu' | 'wall') => scriptTasks.reduce((sum, t) => sum + t[of], 0) * slowdown;
      // Each run's long tasks with their script and what they were spent on, and who else used the CPU meanwhile.
      console.log(
        `${page} run ${i + 1}: TBT ${(lhr.audits['total-blocking-time']?.numericValue ?? NaN).toFixed(0)} ms, benchmarkIndex ${lhr.environment.benchmarkIndex?.toFixed(0) ?? 'n/a'}, load average ${load.toFixed(1)}, ${formatShares(cpu)}`,
      );
      console.log(`  Lighthouse's long tasks (simulated ms; one script named per task):`);
      for (const task of tasks) console.log(formatLongTask(task));
      console.log(`    script time (eval+compile ms): ${scriptTimes(lhr)}`);
      console.log(
        `  the trace's tasks over 50 ms at ${slowdown}x: wall time, and the main thread's CPU time in it (the rest waited for a core); CPU by what ran:`,
      );
      for (const task of traced) console.log(formatTraceTask(task, slowdown));
      console.log(
        `  tasks that ran script: ${scriptTasks.length}, CPU ${total('cpu').toFixed(0)} ms in all, the longest ${Math.max(0, ...scriptTasks.map((t) => t.cpu * slowdown)).toFixed(0)} ms (wall ${total('wall').toFixed(0)} ms in all), at ${slowdown}x`,
      );
      if (values.reports) {
        const name = `${page.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '') || 'home'}-${i + 1}.json`;
        await writeFile(path.join(values.reports, name), JSON.stringify(lhr, null, 1));
      }
      const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      if (lhr.environment.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      runs.push({
        path: page,
        score: (lhr.categories.performance?.score ?? 0) * 100,
        lcp: num('largest-contentful-paint'),
        fcp: num('first-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        longest: Math.max(0, ...tasks.map((task) => task.duration)),
        scriptCpu: Math.max(0, ...scriptTasks.map((task) => task.cpu * slowdown)),
        load,
        script: Math.max(0, ...tasks.filter(isScriptTask).map((task) => task.duration)),
        others: cpu.others,
        host: lhr.environment.benchmarkIndex ?? NaN,
        a11y: (lhr.categories.accessibility?.score ?? 0) * 100,
        bp: (lhr.categories['best-practices']?.score ?? 0) * 100,
        seo: (lhr.categories.seo?.score ?? 0) * 100,
      });
      if (isReference(page)) continue;
      for (const id of ['accessibility', 'best-practices', 'seo']) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            const set = failedAudits.get(`${id}: ${audit.title}`) ?? new Set<string>();
            set.add(page);
            failedAudits.set(`${id}: ${audit.title}`, set);
          }
        }
      }
      for (const audit of Object.values(lhr.audits)) {
        const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0;
        if (audit.score !== null && audit.score < 0.9 && (savings > 50 || audit.scoreDisplayMode === 'metricSavings')) {
          const set = opportunities.get(audit.title) ?? new Set<string>();
          set.add(page);
          opportunities.set(audit.title, set);
        }
      }
    }
    rows.push({
      path: page,
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      fcp: median(runs.map((r) => r.fcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
      longest: median(runs.map((r) => r.longest)),
      script: median(runs.map((r) => r.script)),
      scriptCpu: median(runs.map((r) => r.scriptCpu)),
      load: median(runs.map((r) => r.load)),
      host: median(runs.map((r) => r.host)),
      others: median(runs.map((r) => r.others)),
      a11y: Math.min(...runs.map((r) => r.a11y)),
      bp: Math.min(...runs.map((r) => r.bp)),
      seo: Math.min(...runs.map((r) => r.seo)),
    });
  }

  console.log(
    `Lighthouse mobile, median of ${values.runs} runs, server rendering ${values['server-render']}, host benchmarkIndex ${benchmarkIndexes.length ? median(benchmarkIndexes).toFixed(0) : 'n/a'}`,
  );
  console.log(
    `${'page'.padEnd(40)}${'score'.padStart(7)}${'LCP s'.padStart(8)}${'FCP s'.padStart(8)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'task ms'.padStart(9)}${'script'.padStart(8)}${'cpu'.padStart(6)}${'host'.padStart(6)}${'load'.padStart(6)}${'others%'.padStart(8)}${'a11y'.padStart(6)}${'BP'.padStart(5)}${'SEO'.padStart(5)}   targets: score >= 98, TBT <= 100 ms, no task > 100 ms, LCP <= 1.8 s; a11y, BP, SEO 100`,
  );
  console.log(
    `  (task: the longest main-thread task; script: the longest attributed to a script file; cpu: the longest CPU time of a task that ran a script, at the same slowdown (its length with a core to itself); load: 1-minute load average; others%: other processes' CPU during the runs, % of the whole ${cpus().length}-core host; ${cpus()[0]?.model ?? 'unknown CPU'})`,
  );
  for (const r of rows) {
    const met =
      r.score >= 98 &&
      r.tbt <= 100 &&
      r.longest <= 100 &&
      r.lcp <= 1800 &&
      r.a11y === 100 &&
      r.bp === 100 &&
      r.seo === 100
        ? 'met'
        : 'NOT met';
    console.log(
      `${r.path.padEnd(40)}${r.score.toFixed(0).padStart(7)}${(r.lcp / 1000).toFixed(2).padStart(8)}${(r.fcp / 1000).toFixed(2).padStart(8)}${r.tbt.toFixed(0).padStart(8)}${r.cls.toFixed(3).padStart(7)}${r.longest.toFixed(0).padStart(9)}${r.script.toFixed(0).padStart(8)}${r.scriptCpu.toFixed(0).padStart(6)}${r.host.toFixed(0).padStart(6)}${r.load.toFixed(1).padStart(6)}${r.others.toFixed(0).padStart(8)}${r.a11y.toFixed(0).padStart(6)}${r.bp.toFixed(0).padStart(5)}${r.seo.toFixed(0).padStart(5)}   ${isReference(r.path) ? '(reference)' : met}`,
    );
  }
  if (failedAudits.size) {
    console.log('Audits below 100 in accessibility, best practices or SEO:');
    for (const [title, pages] of failedAudits) console.log(`  ${title} (${[...pages].join(', ')})`);
  }
  if (opportunities.size) {
    console.log('Opportunities and diagnostics reported:');
    for (const [title, paths] of opportunities) console.log(`  ${title} (${[...paths].join(', ')})`);
  }
} finally {
  chrome.kill();
  await references?.stop();
  await gateway.stop();
}
