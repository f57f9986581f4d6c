/**
 * Two or more checkouts' gateway apps in one process, for a per-request overhead too small for `compare` on a busy
 * host: each checkout's own test app (gateway/test/helpers.ts: a libSQL file, a stand-in shell) answers `/`,
 * `/services` and lead POSTs (contact enquiries, each from its own visitor address behind a trusted proxy, as the lead
 * bench sends them) through `app.request`, with no sockets and no load generator beside it, rounds alternating between
 * the checkouts (order swapped each round). Each round is read as this process's CPU time per request
 * (process.cpuUsage, so time spent waiting for a core is not counted) and wall time; prints the medians and the
 * median of the per-round ratios to the first checkout. The checkouts need their dependencies installed, no build.
 *   pnpm --filter @agency/bench compare-in-process -- before=/path/to/old after=/path/to/new [--rounds 16]
 */
import { cpus, loadavg } from 'node:os';
import { cliArgs } from './support/cli';
import { enquiryRequest } from './support/lead-load';

type App = { request: (path: string, init: RequestInit, env: unknown) => Response | Promise<Response> };
interface Helpers {
  setupApp: (env: Record<string, string>) => Promise<{ app: App; cleanup: () => Promise<void> }>;
  fromPeer: (address: string) => unknown;
}

const args = cliArgs();
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 16;
const checkouts = args.filter((a) => a.includes('=')).map((a) => a.split('=') as [string, string]);
if (checkouts.length < 2) throw new Error('give two checkouts or more: name=/path/to/checkout ...');
const LEAD = 'lead POST';
const PATHS = ['/', '/services', LEAD];
const PER_ROUND = 1000;
const headers = { 'accept-encoding': 'gzip', 'user-agent': 'bench/compare-in-process' };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`host: ${cpus()[0]?.model ?? 'unknown CPU'} x ${cpus().length}, Node ${process.version}`);
console.log(`load average at start: ${load()}`);
const apps: { name: string; app: App; env: unknown; cleanup: () => Promise<void> }[] = [];
for (const [name, dir] of checkouts) {
  const helpers = (await import(`${dir}/gateway/test/helpers.ts`)) as Helpers;
  const t = await helpers.setupApp({ TRUSTED_PROXIES: '127.0.0.1' });
  apps.push({ name, app: t.app, env: helpers.fromPeer('127.0.0.1'), cleanup: t.cleanup });
}

let visitors = 0;

async function round(side: (typeof apps)[number], path: string, n: number) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < n; i++) {
    const [url, init] = path === LEAD ? enquiryRequest(++visitors) : [path, { headers }];
    const res = await side.app.request(url, init, side.env);
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${side.name}: ${path} answered ${res.status}`);
  }
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / n, wall: ((performance.now() - wall) * 1000) / n };
}

// Warm: caches, the JIT.
for (const side of apps) for (const path of PATHS) await round(side, path, 2000);
const figures = new Map<string, { cpu: number[]; wall: number[] }>();
for (let r = 0; r < rounds; r++) {
  const order = r % 2 ? [...apps].reverse() : apps;
  for (const path of PATHS)
    for (const side of order) {
      const f = await round(side, path, PER_ROUND);
      const key = `${path} ${side.name}`;
      const at = figures.get(key) ?? { cpu: [], wall: [] };
      at.cpu.push(f.cpu);
      at.wall.push(f.wall);
      figures.set(key, at);
    }
}
console.log(`load average at end: ${load()}`);
console.log(`${rounds} rounds of ${PER_ROUND} requests a path and checkout; medians\n`);
for (const path of PATHS) {
  const base = figures.get(`${path} ${apps[0]!.name}`)!;
  for (const side of apps) {
    const f = figures.get(`${path} ${side.name}`)!;
    const ratio = (xs: number[], of: number[]) => median(xs.map((x, i) => x / of[i]!)).toFixed(3);
    console.log(
      `${`${path} ${side.name}`.padEnd(24)} CPU ${median(f.cpu).toFixed(1).padStart(7)} µs/request (ratio ${ratio(f.cpu, base.cpu)})` +
        `   wall ${median(f.wall).toFixed(1).padStart(7)} µs (ratio ${ratio(f.wall, base.wall)})`,
    );
  }
}
console.log(`\nratio = this checkout / ${apps[0]!.name}, the median of the rounds (CPU: below 1 is cheaper)`);
for (const side of apps) await side.cleanup();
process.exit(0);
