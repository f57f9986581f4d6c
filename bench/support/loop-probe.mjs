// Loaded into the gateway by a benchmark (NODE_OPTIONS=--import=<this file>, BENCH_PROBE_FILE=<path>): measures the
// gateway's own event-loop delay and resident memory over windows the benchmark opens and closes with SIGUSR2, and
// writes each window's figures to BENCH_PROBE_FILE. Only the gateway's main process measures; the CLIs it shares
// the environment with ignore it. Also the gateway's CPU time in the window: on a shared host the wall-clock figures
// stretch with other work, its CPU time much less.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.BENCH_PROBE_FILE;
/** Timer interval of the delay histogram: every sample is at least this, so the lag is a sample minus it. */
const RESOLUTION_MS = 10;

/**
 * BENCH_CPU_PROFILE_DIR=<dir> also records each window's CPU profile there (`window-<n>.cpuprofile`, for Chrome's
 * DevTools or speedscope): `node --cpu-prof` is not allowed in NODE_OPTIONS, and a window leaves out the start-up.
 */
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;

function profiler() {
  const session = new Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let windows = 0;
  return {
    start: () => post('Profiler.enable').then(() => post('Profiler.start')),
    stop: async () => {
      const { profile } = await post('Profiler.stop');
      writeFileSync(path.join(profileDir, `window-${++windows}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

if (out && /main\.js$/.test(process.argv[1] ?? '')) {
  let window = null;
  const profile = profileDir ? profiler() : null;
  process.on('SIGUSR2', () => {
    if (!window) {
      const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      delay.enable();
      const startRss = process.memoryUsage.rss();
      const state = { delay, startRss, peakRss: startRss, peakMemory: process.memoryUsage(), cpu: process.cpuUsage() };
      // The resident size alone each time (the whole of memoryUsage() walks the heap's spaces: ~2% of the
      // gateway's CPU during an export), the rest only at a new peak.
      state.sampler = setInterval(() => {
        const rss = process.memoryUsage.rss();
        if (rss > state.peakRss) {
          state.peakRss = rss;
          state.peakMemory = process.memoryUsage();
        }
      }, 20);
      window = state;
      if (profile) profile.start().then(() => writeFileSync(out, JSON.stringify({ open: true })));
      else writeFileSync(out, JSON.stringify({ open: true }));
      return;
    }
    const { delay, startRss, peakRss, sampler, cpu, peakMemory } = window;
    const used = process.cpuUsage(cpu);
    window = null;
    clearInterval(sampler);
    delay.disable();
    const lag = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    const figures = JSON.stringify({
      open: false,
      lagP99Ms: lag(delay.percentile(99)),
      lagMaxMs: lag(delay.max),
      samples: delay.count,
      peakMemory: Object.fromEntries(Object.entries(peakMemory).map(([k, v]) => [k, Math.round(v / 1048576)])),
      cpuSeconds: (used.user + used.system) / 1e6,
      systemSeconds: used.system / 1e6,
      startRssBytes: startRss,
      peakRssBytes: Math.max(peakRss, process.memoryUsage.rss()),
    });
    if (profile) profile.stop().then(() => writeFileSync(out, figures));
    else writeFileSync(out, figures);
  });
}
