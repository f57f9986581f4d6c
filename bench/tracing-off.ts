/**
 * What tracing costs a request while it is off (decision 0088), counted rather than told apart from noise: a cached
 * page and a lead differ by a few per cent from run to run on a shared two-core host, while tracing off adds one
 * boolean test at each point a span could start. So this bench (1) counts, for `/`, `/services` and a lead POST in
 * the gateway's own app, the points each request passes (the request span's test, one per database and bucket call,
 * read from the app's own /metrics), (2) times one such point alone (the `tracingEnabled()` test, and `inSpan` off,
 * each against calling its work directly), and (3) prints their product beside the request's CPU time, as a share.
 * `without-tracing` with `compare` / `compare-in-process` set the whole gateway beside one without tracing code.
 *   pnpm --filter @agency/bench tracing-off [-- --requests 2000]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { fromPeer, inSpan, setupApp, tracingEnabled } from '@agency/gateway/testing-app';
import { cliArgs } from './support/cli';
import { enquiryRequest } from './support/lead-load';

const { values } = parseArgs({ args: cliArgs(), options: { requests: { type: 'string', default: '2000' } } });
const REQUESTS = Number(values.requests);
if (tracingEnabled()) throw new Error('tracing is on in this process: unset OTEL_EXPORTER_OTLP_ENDPOINT');

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`host: ${cpus()[0]?.model ?? 'unknown CPU'} x ${cpus().length}, Node ${process.version}`);
console.log(`load average at start: ${load()}`);

/** Nanoseconds one call of `f` takes, the best of 5 runs of `n` calls (the JIT warm after the first). */
function nsPerCall(f: () => unknown, n = 5_000_000) {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / n);
  }
  return best;
}
const done = Promise.resolve(1);
const work = () => done;
const direct = nsPerCall(() => work());
const viaSpan = nsPerCall(() => inSpan('bench', {}, work));
const test = nsPerCall(() => (tracingEnabled() ? 0 : work()));
console.log(
  `tracing off, one point: inSpan ${viaSpan.toFixed(1)} ns, the test alone ${test.toFixed(1)} ns, ` +
    `the work called directly ${direct.toFixed(1)} ns\n`,
);

const t = await setupApp({ TRUSTED_PROXIES: '127.0.0.1' });
const peer = fromPeer('127.0.0.1');
const headers = { 'accept-encoding': 'gzip', 'user-agent': 'bench/tracing-off' };
let visitors = 0;
const request = (what: string) => {
  if (what !== 'lead POST') return t.app.request(what, { headers }, peer);
  return t.app.request(...enquiryRequest(++visitors), peer);
};
/** Database and bucket calls (a test each while off) and outbox deliveries (an `inSpan` each), from /metrics. */
async function pointsSoFar() {
  const text = await (await t.app.request('/metrics', {}, peer)).text();
  const sum = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((total, m) => total + Number(m[1]), 0);
  return {
    calls: sum(/^(?:db|bucket)_call_duration_seconds_count\{[^}]*\} (\d+)/gm),
    spans: sum(/^outbox_deliveries_total\{[^}]*\} (\d+)/gm),
  };
}
// A read of /metrics makes calls of its own (its gauges count rows): read twice with nothing between to know how many.
const first = await pointsSoFar();
const scrapeCalls = (await pointsSoFar()).calls - first.calls;

console.log(
  'workload        CPU µs/request   tests/request   spans/request   tracing off ns/request   share of the CPU',
);
for (const what of ['/', '/services', 'lead POST']) {
  for (let i = 0; i < 1000; i++) await (await request(what)).arrayBuffer();
  const before = await pointsSoFar();
  const cpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await request(what);
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${what} answered ${res.status}`);
  }
  await t.outbox.idle();
  const used = process.cpuUsage(cpu);
  const cpuUs = (used.user + used.system) / REQUESTS;
  const after = await pointsSoFar();
  // The request span's own test, one a call (the second read's own calls left out), and an inSpan a delivery.
  const tests = 1 + (after.calls - before.calls - scrapeCalls) / REQUESTS;
  const spans = (after.spans - before.spans) / REQUESTS;
  const ns = tests * (test - direct) + spans * (viaSpan - direct);
  console.log(
    `${what.padEnd(15)} ${cpuUs.toFixed(1).padStart(14)} ${tests.toFixed(2).padStart(15)} ${spans.toFixed(2).padStart(15)}` +
      `${ns.toFixed(0).padStart(25)}   ${((ns / 1000 / cpuUs) * 100).toFixed(3).padStart(14)}%`,
  );
}
console.log(`\nload average at end: ${load()}`);
await t.cleanup();
process.exit(0);
