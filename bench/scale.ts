/**
 * One gateway against two on the same host, both set up as for several machines (decision 0057): a libSQL server (`sqld`)
 * and an S3-compatible bucket (s3rver) on loopback, shared by the gateways and nothing else; each gateway has its own
 * data directory. Run `pnpm build` first, then:
 *   pnpm --filter @agency/bench scale [-- --connections 50 --seconds 10 --path /services]
 * For a public page (HTML, brotli client), a remote's smallest hashed script (from the bucket through the gateway's memory)
 * and an API read (a signed-in GET /api/auth/user: a session lookup at sqld), autocannon runs against one gateway,
 * then with the same connections split between the two (half on each port: what a round-robin balancer does, without
 * a proxy's own cost on the same cores). Prints req/s, p50/p99 (for two gateways: the summed rate and the worse of
 * the two percentiles), the two/one ratios and the host. Figures only: it fails only on wrong answers.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { RemotePointer } from '@agency/contracts';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { startBucket, startSqld } from '@agency/gateway/testing-services';
import { cliArgs } from './support/cli';
import { load, printFigures, type LoadFigures, type LoadOptions } from './support/load';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    path: { type: 'string', default: '/services' },
  },
});
const options = { connections: Number(values.connections), seconds: Number(values.seconds) };

/**
 * The smallest hashed script of the live marketing version, found through the pointer and the remote's manifest:
 * a typical asset, so the run measures per-request cost rather than the loopback's bandwidth.
 */
async function remoteAsset(url: string): Promise<string> {
  const pointer = (await (await fetch(`${url}/mfe/pointer.json`)).json()) as RemotePointer;
  const entry = pointer.remotes.marketing?.entry;
  if (!entry) throw new Error('no marketing version is live: run `pnpm build` first');
  const base = new URL(entry, url);
  const manifest = await (await fetch(base)).text();
  const files = [...new Set([...manifest.matchAll(/"([^"]*\.[0-9a-f]{8,}\.js)"/g)].map((m) => m[1]!))];
  if (files.length === 0) throw new Error(`no hashed script in ${entry}`);
  const sized = await Promise.all(
    files.map(async (file) => {
      const path = new URL(file, base).pathname;
      const res = await fetch(`${url}${path}`);
      return { path, bytes: (await res.arrayBuffer()).byteLength };
    }),
  );
  return sized.sort((a, b) => a.bytes - b.bytes)[0]!.path;
}

/** A client's session cookie, made as a visitor makes one (register signs in). */
async function sessionCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'benchscale', email: 'bench-scale@example.nz', password: 'Kahikatea#2025' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (res.status !== 201 || !cookie) throw new Error(`register answered ${res.status} without a session cookie`);
  return cookie;
}

interface Target {
  label: string;
  path: string;
  headers: Record<string, string>;
}

/** The same load over `gateways`, the connections split evenly, run at once; rates add up, latencies the worse. */
async function over(gateways: RunningGateway[], target: Target, opts: LoadOptions): Promise<LoadFigures> {
  const share = Math.max(1, Math.round(opts.connections / gateways.length));
  const runs = await Promise.all(
    gateways.map((g) =>
      load(target.label, `${g.url}${target.path}`, { ...opts, connections: share }, { headers: target.headers }),
    ),
  );
  return {
    label: `${target.label}, ${gateways.length} gateway${gateways.length > 1 ? 's' : ''}`,
    rps: runs.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    ok: runs.reduce((sum, r) => sum + r.ok, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

const [sqld, bucket] = await Promise.all([startSqld(), startBucket('bench')]);
const bucketGets = () => bucket.requests.filter((r) => r.method === 'GET').length;
const shared = { DATABASE_URL: sqld.url, ...bucket.env, LOG_LEVEL: 'error' };
const gateways: RunningGateway[] = [];
try {
  // The first publishes every built remote into the bucket and makes it live; the second finds it live.
  gateways.push(await startGateway(shared));
  const [first] = gateways as [RunningGateway];
  const targets: Target[] = [
    { label: `page ${values.path}`, path: values.path, headers: { 'accept-encoding': 'br' } },
    { label: 'remote script', path: await remoteAsset(first.url), headers: { 'accept-encoding': 'br' } },
    { label: 'GET /api/auth/user', path: '/api/auth/user', headers: { cookie: await sessionCookie(first.url) } },
  ];
  for (const t of targets) {
    const res = await fetch(`${first.url}${t.path}`, { headers: t.headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    console.log(
      `${t.label}: ${t.path}, ${bytes} bytes${res.headers.get('content-encoding') === 'br' ? ' (brotli)' : ''}`,
    );
  }
  const warm = async () => {
    for (const g of gateways)
      for (const t of targets)
        await load('warm-up', `${g.url}${t.path}`, { connections: 10, seconds: 2 }, { headers: t.headers });
  };

  await warm();
  const one: LoadFigures[] = [];
  for (const t of targets) one.push(await over(gateways, t, options));

  gateways.push(await startGateway(shared));
  if (gateways[0]!.dataDir === gateways[1]!.dataDir) throw new Error('the two gateways share a data directory');
  await warm();
  const two: LoadFigures[] = [];
  for (const t of targets) two.push(await over(gateways, t, options));

  const cpu = cpus();
  console.log(`host: ${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}`);
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min)`,
  );
  console.log(`${options.connections} connections in all, ${options.seconds} s each; sqld and s3rver on this host`);
  printFigures([...one, ...two]);
  console.log(`  the bucket answered ${bucketGets()} GETs in all (the gateways keep hot files in memory)`);
  targets.forEach((t, i) => {
    const [a, b] = [one[i]!, two[i]!];
    console.log(
      `  ${t.label}: two / one = ${(b.rps / a.rps).toFixed(2)}x req/s, p99 ${a.p99} -> ${b.p99} ms, p50 ${a.p50} -> ${b.p50} ms`,
    );
  });
  const wrong = [...one, ...two].filter((r) => r.non2xx > 0 || r.errors > 0);
  for (const r of wrong) console.error(`  ${r.label}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
  if (wrong.length > 0) process.exitCode = 1;
} finally {
  for (const g of gateways) await g.stop();
  await Promise.all([sqld.stop(), bucket.stop()]);
}
