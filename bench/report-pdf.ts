/**
 * Report PDFs (decision 0113): pnpm --filter @agency/bench report-pdf [-- --count 30]
 * Builds `--count` PDFs of a full month's report through the gateway's PDF thread, one after another, and prints the
 * first build (the thread's start and the font's load), p50 and p99 against the 2 s target; meanwhile the main
 * thread's event-loop delay (the site's requests wait that long), beside the same builds run on the main thread, the
 * blocking counterpart, in the same run. Prints the host and its load. Figures only.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildReportPdf, reportPdfThreads, SAMPLE_REPORT } from '@agency/gateway/testing-report-pdf';
import { cliArgs } from './support/cli';

const { values } = parseArgs({ args: cliArgs(), options: { count: { type: 'string', default: '30' } } });
const COUNT = Number(values.count);

const cpu = cpus();
const load = () => loadavg()[0]!.toFixed(1);
console.log(`host: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}, load ${load()}`);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function run(label: string, build: () => Promise<Buffer>) {
  // A 5 ms timer stands in for the site's requests: each gap between its ticks beyond 5 ms is a request's wait.
  const waits: number[] = [];
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    waits.push(Math.max(0, now - last - 5));
    last = now;
  }, 5);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < COUNT; i++) {
    const start = performance.now();
    bytes = (await build()).length;
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  clearInterval(probe);
  // The first build starts the thread and loads the font; the rest are what each later PDF costs.
  const sorted = times.slice(1).sort((a, b) => a - b);
  const sortedWaits = [...waits].sort((a, b) => a - b);
  const figures = {
    first: times[0]!,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    loopMax: sortedWaits.at(-1) ?? 0,
    loopP99: quantile(sortedWaits, 0.99),
  };
  console.log(
    `${label}: ${COUNT} PDFs of ${(bytes / 1024).toFixed(0)} KB; first ${ms(figures.first)}, then p50 ${ms(figures.p50)}, ` +
      `p99 ${ms(figures.p99)} (target < 2000 ms: ${Math.max(figures.first, figures.p99) < 2000 ? 'met' : 'NOT met'}); ` +
      `a 5 ms timer's extra wait p99 ${ms(figures.loopP99)}, max ${ms(figures.loopMax)}; load ${load()}`,
  );
  return figures;
}

const threads = reportPdfThreads('production');
const off = await run('worker thread', () => threads.build(SAMPLE_REPORT));
await threads.close();
const on = await run('main thread (the blocking counterpart)', () => buildReportPdf(SAMPLE_REPORT));
console.log(
  `event loop's longest wait, thread / main: ${(off.loopMax / on.loopMax).toFixed(2)}x; ` +
    `build p50 thread / main: ${(off.p50 / on.p50).toFixed(2)}x`,
);
