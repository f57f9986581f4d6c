// Loaded into the gateway by a benchmark (NODE_OPTIONS=--import=<this file>, BENCH_PROBE_FILE=<path>): measures the
// gateway's own event-loop delay and resident memory over windows the benchmark opens and closes with SIGUSR2, and
// writes each window's figures to BENCH_PROBE_FILE. Only the gateway's main process measures; the CLIs it shares
// the environment with ignore it. Also the gateway's CPU time in the window: on a shared host the wall-clock figures
// stretch with other work, its CPU time much less.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.BENCH_PROBE_FILE;
/** Timer interval of the delay histogram: every sample is at least this, so the lag is a sample minus it. */
const RESOLUTION_MS = 10;

if (out && /main\.js$/.test(process.argv[1] ?? '')) {
  let window = null;
  process.on('SIGUSR2', () => {
    if (!window) {
      const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      delay.enable();
      const startRss = process.memoryUsage.rss();
      const state = { delay, startRss, peakRss: startRss, peakMemory: process.memoryUsage(), cpu: process.cpuUsage() };
      state.sampler = setInterval(() => {
        const m = process.memoryUsage();
        if (m.rss > state.peakRss) {
          state.peakRss = m.rss;
          state.peakMemory = m;
        }
      }, 20);
      window = state;
      writeFileSync(out, JSON.stringify({ open: true }));
      return;
    }
    const { delay, startRss, peakRss, sampler, cpu, peakMemory } = window;
    const used = process.cpuUsage(cpu);
    window = null;
    clearInterval(sampler);
    delay.disable();
    const lag = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    writeFileSync(
      out,
      JSON.stringify({
        open: false,
        lagP99Ms: lag(delay.percentile(99)),
        lagMaxMs: lag(delay.max),
        samples: delay.count,
        peakMemory: Object.fromEntries(Object.entries(peakMemory).map(([k, v]) => [k, Math.round(v / 1048576)])),
        cpuSeconds: (used.user + used.system) / 1e6,
        startRssBytes: startRss,
        peakRssBytes: Math.max(peakRss, process.memoryUsage.rss()),
      }),
    );
  });
}
