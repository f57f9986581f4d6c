/**
 * Two builds of the gateway side by side in one run, for a change whose cost is small (an overhead target such as
 * "within 3%"): both gateways start at once, and short load runs alternate between them, pair after pair, the order
 * swapped each pair, so that other work on a shared host falls on both alike. Each run is read two ways: requests a
 * second (moves with the host's load) and the gateway's own CPU time per 1,000 requests, its process tree's ticks from
 * /proc (moves far less). Prints each figure's median over the pairs and the median of the per-pair ratios after/before.
 * Each checkout must be built (`pnpm build` in it).
 *   pnpm --filter @agency/bench compare -- --before /path/to/old/checkout [--after /path/to/checkout] [--pairs 8]
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { startGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { snapshot, treeTicksBetween } from './support/host-cpu';
import { LEAD_LOAD_ENV, leadLoad } from './support/lead-load';
import { load, type LoadOptions } from './support/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    paths: { type: 'string', default: '/,/services' },
    pairs: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '3' },
    leads: { type: 'boolean', default: true },
  },
});
if (!values.before) throw new Error('--before <checkout> is required: the built checkout to compare against');
const options: LoadOptions = { connections: Number(values.connections), seconds: Number(values.seconds) };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

type Start = typeof startGateway;
/** A checkout's own test starter, so that each side runs its own build (dist, CLI and all). */
async function starterOf(checkout: string): Promise<Start> {
  const module = (await import(path.join(path.resolve(checkout), 'gateway/testing/start-gateway.ts'))) as {
    startGateway: Start;
  };
  return module.startGateway;
}

const cpu = cpus();
console.log(`host: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}`);
console.log(`before: ${values.before}\nafter:  ${values.after}`);
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

const env = { LOG_LEVEL: 'error', ...LEAD_LOAD_ENV };
const [before, after] = await Promise.all([
  (await starterOf(values.before))(env),
  (await starterOf(values.after))(env),
]);
const sides = { before, after } as const;

type Run = { rps: number; cpuMsPerK: number };
const runs: Record<string, Record<keyof typeof sides, Run[]>> = {};
const workloads = [
  ...values.paths.split(',').map((p) => ({
    name: `page ${p} (gzip)`,
    run: (g: typeof before) => load(p, g.url + p, options, { headers: { 'accept-encoding': 'gzip' } }),
  })),
  ...(values.leads ? [{ name: 'lead POST', run: (g: typeof before) => leadLoad(g.url, g.dataDir, options) }] : []),
];

try {
  for (const w of workloads) {
    // Warm both: first renders, caches and the JIT are not what is compared.
    for (const g of [before, after]) await load('warm-up', g.url + '/', { connections: 10, seconds: 2 });
    runs[w.name] = { before: [], after: [] };
    for (let i = 0; i < Number(values.pairs); i++) {
      const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const side of order) {
        const g = sides[side];
        const a = await snapshot();
        const figures = await w.run(g);
        const b = await snapshot();
        const requests = figures.ok + figures.non2xx;
        const cpuMs = treeTicksBetween(a, b, g.pid) * 10;
        runs[w.name]![side].push({ rps: figures.rps, cpuMsPerK: (1000 * cpuMs) / Math.max(1, requests) });
      }
    }
  }
} finally {
  await Promise.all([before.stop(), after.stop()]);
}

console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`${options.connections} connections, ${options.seconds} s a run, ${values.pairs} pairs; medians\n`);
console.log(
  `${'workload'.padEnd(24)}${'req/s before'.padStart(14)}${'after'.padStart(8)}${'ratio'.padStart(8)}` +
    `${'CPU ms/1k before'.padStart(18)}${'after'.padStart(8)}${'ratio'.padStart(8)}`,
);
for (const [name, { before: b, after: a }] of Object.entries(runs)) {
  const rpsRatio = median(a.map((r, i) => r.rps / b[i]!.rps));
  const cpuRatio = median(a.map((r, i) => r.cpuMsPerK / b[i]!.cpuMsPerK));
  console.log(
    `${name.padEnd(24)}${median(b.map((r) => r.rps))
      .toFixed(0)
      .padStart(14)}${median(a.map((r) => r.rps))
      .toFixed(0)
      .padStart(8)}${rpsRatio.toFixed(3).padStart(8)}` +
      `${median(b.map((r) => r.cpuMsPerK))
        .toFixed(0)
        .padStart(18)}${median(a.map((r) => r.cpuMsPerK))
        .toFixed(0)
        .padStart(8)}${cpuRatio.toFixed(3).padStart(8)}`,
  );
}
console.log('\nratio = after / before, the median of the pairs (req/s: above 1 is faster; CPU: below 1 is cheaper)');
