/**
 * Page HTML beside a small static file, same gateway, same run (run `pnpm build` first):
 *   pnpm --filter @agency/bench pages [-- --paths /,/services --connections 50 --seconds 5 --cold-runs 3 --cold-only]
 * First the cold renders: each page's first request after the gateway started (the first one also loads the server
 * builds), over `--cold-runs` fresh gateways (median). Then, for a gzip client and a brotli client, autocannon on each
 * page right after a run on `/robots.txt` (the static reference): req/s, p50/p99 and the page / static ratio against
 * decision 0023's targets (>= 0.8x, p99 <= 20 ms). Prints
 * the host's CPU beside the figures, since they only compare within one machine. `--paths all` takes every route of
 * the route table. Figures only: it fails only when a page answers wrongly (not 200, or not in the asked encoding).
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { routes } from '@agency/contracts';
import { startGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { load, printFigures, type LoadFigures } from './support/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    paths: { type: 'string', default: '/,/services,/blog,/price-calculator,/dashboard' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
    'server-render': { type: 'string', default: 'on' },
    'cold-runs': { type: 'string', default: '3' },
    'cold-only': { type: 'boolean', default: false },
  },
});
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };
const paths = values.paths === 'all' ? routes.map((r) => r.path) : values.paths.split(',');
const STATIC = '/robots.txt';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const cpu = cpus();
console.log(`host: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}`);

/** Each page's first request on a gateway that has served nothing yet. */
async function coldRenders() {
  const gateway = await startGateway({ LOG_LEVEL: 'error', SERVER_RENDER: values['server-render'] });
  try {
    const cold: { ms: number; rendered: boolean }[] = [];
    for (const path of paths) {
      const started = performance.now();
      const html = await (await fetch(gateway.url + path)).text();
      cold.push({ ms: performance.now() - started, rendered: !html.includes('<div id="root"></div>') });
    }
    return cold;
  } finally {
    await gateway.stop();
  }
}

const coldRuns: { ms: number; rendered: boolean }[][] = [];
for (let i = 0; i < Number(values['cold-runs']); i++) coldRuns.push(await coldRenders());
if (coldRuns.length > 0) {
  const firsts = coldRuns.map(([first]) => first!.ms);
  const others = coldRuns.flatMap(([, ...rest]) => rest.map((r) => r.ms));
  const rendered = coldRuns[0]!.filter((r) => r.rendered).length;
  console.log(
    `cold first request (${paths[0]}, loads the server builds): median ${median(firsts).toFixed(0)} ms of ${firsts.map((ms) => ms.toFixed(0)).join(', ')}; ` +
      `each other page's first: median ${median(others).toFixed(0)} ms (${rendered} of ${paths.length} pages rendered on the server)`,
  );
}

if (values['cold-only']) process.exit(0);
const gateway = await startGateway({ LOG_LEVEL: 'error', SERVER_RENDER: values['server-render'] });
let failed = false;
try {
  for (const encoding of ['gzip', 'br'] as const) {
    const headers = { 'accept-encoding': encoding };
    for (const path of paths) {
      const res = await fetch(gateway.url + path, { headers });
      const got = res.headers.get('content-encoding');
      if (res.status !== 200 || got !== encoding) {
        console.error(`  ${path} answered ${res.status} in ${got ?? 'no encoding'} to a ${encoding} client`);
        failed = true;
      }
      await res.arrayBuffer();
    }
    await load('warm-up', gateway.url + paths[0], { connections: 10, seconds: 2 }, { headers });
    // Each page right after a run of the static file, so that a change in the machine's load between runs (other
    // work on a shared host) moves both sides of its ratio alike.
    const pairs: { reference: LoadFigures; page: LoadFigures }[] = [];
    for (const path of paths) {
      const reference = await load(STATIC, gateway.url + STATIC, options, { headers });
      pairs.push({ reference, page: await load(`  ${path}`, gateway.url + path, options, { headers }) });
    }

    console.log(`\n${encoding} client, ${options.connections} connections, ${options.seconds} s each`);
    printFigures(pairs.flatMap(({ reference, page }) => [reference, page]));
    for (const { reference, page } of pairs) {
      const ratio = page.rps / reference.rps;
      const met = ratio >= 0.8 && page.p99 <= 20;
      console.log(
        `  ${page.label.trim().padEnd(32)} ${ratio.toFixed(2)}x the static file, p99 ${page.p99} ms   (target >= 0.80x, p99 <= 20 ms: ${met ? 'met' : 'NOT met'})`,
      );
      if (page.non2xx > 0 || page.errors > 0) failed = true;
    }
  }
} finally {
  await gateway.stop();
}
if (failed) process.exitCode = 1;
