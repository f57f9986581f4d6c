/**
 * Server renders of healthy pages: the sandboxed render processes (decision 0073) against the worker threads they
 * replaced (decision 0022, kept in support/worker-thread-render/ for this comparison), in one run, alternating
 * (run `pnpm build` first: the real shell and remote server builds are rendered):
 *   pnpm --filter @agency/bench render [-- --rounds 4 --seconds 5 --passes 10]
 * Per round and kind: a fresh pool is warmed as its gateway warms it at start and on each release change (the
 * sandbox: a process per remote with the shell and the live version's build loaded, and that remote's pages rendered
 * ten times untimed, as render-pool.ts has it do; threads: one thread with the shell loaded; not timed), then each remote's first page (`first`: the page rendered, and for threads its build evaluated
 * too, as that gateway did on the first page), then every public page rendered `--warmup` times untimed (a gateway
 * renders each page again and again; each process runs one remote, so its JIT warms on that remote's renders only),
 * then every public page of every remote one at a time, `--passes` times (`each`: p50/p99), then as many renders as the pool runs at
 * once for `--seconds` (`throughput`: renders/s). Prints the host, its load before
 * and after, the medians over rounds and the ratio sandbox / threads (target: within 10%). Figures only: it fails
 * only when a page does not render.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routes, SERVER_BUILD_FILE, type RemoteName, type RouteDef } from '@agency/contracts';
import { createLogger, createRenderPool, loadEnv, type WarmRemote } from '@agency/gateway/testing-render';
import { cliArgs } from './support/cli';
import { createRenderPool as createThreadPool } from './support/worker-thread-render/render-pool';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    // A p99 of 81 samples (3 passes of 27 pages) is the second-slowest render: 10 passes give 270 samples.
    passes: { type: 'string', default: '10' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const env = loadEnv({});
const shellFile = path.join(root, 'shell/dist', SERVER_BUILD_FILE);
const REMOTES: RemoteName[] = ['marketing', 'quoting', 'account'];
const pages = (routes as readonly RouteDef[]).filter((r) => !r.roles && !r.content && REMOTES.includes(r.owner));
const DEADLINE_MS = 30_000;

interface Pool {
  run(task: Parameters<ReturnType<typeof createRenderPool>['run']>[0]): Promise<{ ok: boolean }>;
  warm(shellFile: string, remotes?: readonly (string | WarmRemote)[]): Promise<void>;
  close(): Promise<void>;
}
const logger = createLogger('warn');
const kinds: Record<'sandbox' | 'threads', () => Pool> = {
  sandbox: () =>
    createRenderPool({
      deadlineMs: DEADLINE_MS,
      maxHeapMb: env.serverRenderMaxHeapMb,
      nodeEnv: 'production',
      sandbox: 'namespaces',
      logger,
      onIdleCrash: () => undefined,
      practice: { url: `${env.publicConfig.publicOrigin}/`, config: env.publicConfig },
    }),
  threads: () =>
    createThreadPool({
      deadlineMs: DEADLINE_MS,
      maxHeapMb: env.serverRenderMaxHeapMb,
      nodeEnv: 'production',
      logger,
      onIdleCrash: () => undefined,
    }) as Pool,
};

const remoteOf = (name: RemoteName) => ({
  name,
  version: 'bench',
  file: path.join(root, `mfe-${name}/dist`, SERVER_BUILD_FILE),
  publicPath: `/mfe/${name}/bench/`,
});
const task = (route: (typeof pages)[number]) => ({
  shellFile,
  remote: remoteOf(route.owner),
  module: route.module,
  url: env.publicConfig.publicOrigin + route.path,
  config: env.publicConfig,
  maxBytes: 4 * 1024 * 1024,
});

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? NaN;
const median = (xs: number[]) => quantile(xs, 0.5);

async function timed(pool: Pool, route: (typeof pages)[number]): Promise<number> {
  const started = performance.now();
  const result = await pool.run(task(route));
  if (!result.ok) throw new Error(`${route.path} did not render: ${JSON.stringify(result)}`);
  return performance.now() - started;
}

async function round(kind: keyof typeof kinds) {
  const pool = kinds[kind]();
  const keep = setInterval(() => undefined, 1000);
  try {
    // The sandbox's gateway hands in the live versions (server-render.ts); the threads' gateway gave the names only.
    const live = REMOTES.map((name) => ({
      ...remoteOf(name),
      practice: pages
        .filter((p) => p.owner === name)
        .map((p) => ({ module: p.module, url: env.publicConfig.publicOrigin + p.path, config: env.publicConfig })),
    }));
    await pool.warm(shellFile, kind === 'sandbox' ? live : REMOTES);
    const first: number[] = [];
    for (const remote of REMOTES)
      first.push(
        await timed(
          pool,
          pages.find((p) => p.owner === remote)!,
        ),
      );
    for (let i = 0; i < Number(values.warmup); i++) for (const route of pages) await timed(pool, route);
    const each: number[] = [];
    for (let i = 0; i < Number(values.passes); i++) for (const route of pages) each.push(await timed(pool, route));
    const until = performance.now() + Number(values.seconds) * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(2, availableParallelism() - 1)) }, async (_, lane) => {
        for (let i = lane; performance.now() < until; i++) {
          await timed(pool, pages[i % pages.length]!);
          done++;
        }
      }),
    );
    return {
      first: median(first),
      p50: median(each),
      p99: quantile(each, 0.99),
      perSecond: done / Number(values.seconds),
    };
  } finally {
    clearInterval(keep);
    await pool.close();
  }
}

const cpu = cpus();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
console.log(`host: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}, load average ${load()}`);
console.log(
  `${pages.length} public pages of ${REMOTES.join(', ')}; ${values.warmup} untimed passes before 'each', ` +
    `${values.passes} timed; ` +
    'rounds alternate threads and sandbox',
);
const results: Record<keyof typeof kinds, Awaited<ReturnType<typeof round>>[]> = { sandbox: [], threads: [] };
for (let r = 0; r < Number(values.rounds); r++) {
  for (const kind of r % 2 === 0 ? (['threads', 'sandbox'] as const) : (['sandbox', 'threads'] as const)) {
    const figures = await round(kind);
    results[kind].push(figures);
    console.log(
      `  round ${r + 1} ${kind.padEnd(7)} first ${figures.first.toFixed(0)} ms, each p50 ${figures.p50.toFixed(1)} / ` +
        `p99 ${figures.p99.toFixed(1)} ms, ${figures.perSecond.toFixed(1)} renders/s (load ${load()})`,
    );
  }
}
const summary = (kind: keyof typeof kinds) => ({
  first: median(results[kind].map((f) => f.first)),
  p50: median(results[kind].map((f) => f.p50)),
  p99: median(results[kind].map((f) => f.p99)),
  perSecond: median(results[kind].map((f) => f.perSecond)),
});
const sandbox = summary('sandbox');
const threads = summary('threads');
for (const [kind, s] of Object.entries({ threads, sandbox }))
  console.log(
    `${kind.padEnd(7)} median: first ${s.first.toFixed(0)} ms, each p50 ${s.p50.toFixed(1)} / p99 ${s.p99.toFixed(1)} ms, ` +
      `${s.perSecond.toFixed(1)} renders/s`,
  );
console.log(
  `sandbox / threads: first ${(sandbox.first / threads.first).toFixed(2)}x, each p50 ${(sandbox.p50 / threads.p50).toFixed(2)}x, ` +
    `p99 ${(sandbox.p99 / threads.p99).toFixed(2)}x, throughput ${(sandbox.perSecond / threads.perSecond).toFixed(2)}x ` +
    `(target: time <= 1.10x, throughput >= 0.90x); load average at the end ${load()}`,
);
