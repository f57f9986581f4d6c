/**
 * Costs as data grows (decision 0067): a throwaway database filled to five years of an agency (1.2 million leads,
 * 2 million outbox e-mails, 10 million real-user samples, ...; `--scale 0.1` for a tenth), then the same requests
 * against it and against an empty database, alternating, one at a time: p50/p99 of each, its ratio to the empty
 * database, and the target. Run `pnpm build` first.
 *   pnpm --filter @agency/bench growth [-- --scale 1 --rounds 10 --per-round 20]
 * Housekeeping is measured where it matters: the grown gateway sweeps the expired samples at start, and writes sent
 * meanwhile (a tracked conversion: a rate-limit row and an event row) show how long the database is held at a time.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { startGateway, type RunningGateway } from '@agency/gateway/testing';
import { cliArgs } from './support/cli';
import { fillSteps, growthSizes, runFill } from './support/growth-fill';
import { fillCanaryWindow, sweepWhileWriting } from './support/growth-releases';
import { LEAD_LOAD_ENV } from './support/lead-load';
import { signInOwner } from './support/sign-in';
import { alternate, type Timing } from './support/timing';

const { values } = parseArgs({
  args: cliArgs(),
  options: {
    scale: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '10' },
    'per-round': { type: 'string', default: '20' },
  },
});
const SCALE = Number(values.scale);
if (!(SCALE > 0 && SCALE <= 2)) throw new Error('--scale is a share of the five-year size, above 0 and at most 2');
const cpu = cpus();
const host = `${cpu[0]?.model ?? 'unknown CPU'} x ${cpu.length}, Node ${process.version}`;
console.log(
  `host: ${host}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// The grown database is made by a gateway (migrations, the remotes published), then filled with the gateway stopped.
const grownDir = await mkdtemp(path.join(tmpdir(), 'growth-bench-'));
const dbFile = (dir: string) => path.join(dir, 'agency.db');
const first = await startGateway({ DATA_DIR: grownDir, LOG_LEVEL: 'error' });
await first.stop();

const sizes = growthSizes(SCALE);
const now = Date.now();
const filler = createClient({ url: `file:${dbFile(grownDir)}` });
await filler.execute('pragma synchronous = off');
const fillStarted = performance.now();
await runFill(filler, fillSteps(sizes, now), (step, ms) =>
  console.log(
    `  filled ${step.label.padEnd(36)} ${step.rows.toLocaleString('en-NZ').padStart(12)} rows in ${(ms / 1000).toFixed(1)} s`,
  ),
);
// The gateway that made the database took the daily retention lease on it while empty: the grown one runs it.
await filler.execute('delete from job_leases');
filler.close();
console.log(`database filled in ${((performance.now() - fillStarted) / 1000).toFixed(0)} s (scale ${SCALE})`);
// The fill skipped the disk flush each commit makes; flushed now, or the gateway's first flush (its first commit's
// checkpoint) would pay for gigabytes of fill: a 0.5-1.5 s statement that years of real commits never make.
const flushStarted = performance.now();
for (const file of [dbFile(grownDir), `${dbFile(grownDir)}-wal`]) {
  const handle = await open(file, 'r+').catch(() => null);
  await handle?.sync();
  await handle?.close();
}
console.log(`the fill flushed to disk in ${((performance.now() - flushStarted) / 1000).toFixed(1)} s`);

// The grown gateway sweeps what housekeeping must delete as it starts: writes are timed meanwhile.
// Both log at info (the same cost per request), into this process: the grown one's sweep reports its own batches.
const sweepReports: Record<string, unknown>[] = [];
const readLog = (line: string) => {
  if (!line.includes('"msg":"housekeeping') && !line.includes('"msg":"retention')) return;
  try {
    sweepReports.push(JSON.parse(line) as Record<string, unknown>);
  } catch {
    // Not a log line of the gateway's.
  }
};
const isSweepReport = (r: Record<string, unknown>) =>
  String(r.msg).startsWith('housekeeping') && typeof r.longestBatchMs === 'number';
const empty = await startGateway({ LOG_LEVEL: 'info', ...LEAD_LOAD_ENV }, { onLog: () => undefined });
// A grown database starts slower (its 2,000 posts are rendered at start), the more so on a busy host.
const grownStart = sweepWhileWriting(
  () =>
    startGateway(
      { DATA_DIR: grownDir, LOG_LEVEL: 'info', ...LEAD_LOAD_ENV },
      { readyTimeoutMs: 10 * 60_000, onLog: readLog },
    ),
  dbFile(grownDir),
  now,
  () => sweepReports.some(isSweepReport),
).catch(async (error: unknown) => {
  await empty.stop();
  throw error;
});
const { gateway: grown, sweep } = await grownStart;
const gateways: RunningGateway[] = [empty, grown];

try {
  const emptyCookie = await signInOwner(empty);
  const grownCookie = await signInOwner(grown);
  const cookie = new Map([
    [empty.url, emptyCookie],
    [grown.url, grownCookie],
  ]);
  // The canary's window (its own and the live version's samples since it started) in both: only the grown one also
  // has the older releases' millions, so the ratio is the cost of those.
  for (const g of gateways) await fillCanaryWindow(dbFile(g === grown ? grownDir : g.dataDir), now);

  const rows: { label: string; target: string; limit: number; kind: 'ms' | 'ratio'; t: Map<string, Timing> }[] = [];
  const measure = async (label: string, pathOf: (base: string) => string, target: { ms?: number; ratio?: number }) => {
    const t = await alternate(
      gateways.map((g) => g.url),
      async (base) => {
        const res = await fetch(`${base}${pathOf(base)}`, {
          headers: { cookie: cookie.get(base)!, 'accept-encoding': 'br' },
        });
        if (!res.ok) throw new Error(`${label}: ${pathOf(base)} answered ${res.status}`);
        await res.arrayBuffer();
      },
      { rounds: Number(values.rounds), perRound: Number(values['per-round']) },
    );
    rows.push(
      target.ms
        ? { label, target: `p99 <= ${target.ms} ms`, limit: target.ms, kind: 'ms', t }
        : { label, target: `ratio >= ${target.ratio}`, limit: target.ratio!, kind: 'ratio', t },
    );
  };

  // The host's floor: a request that reads no table, so a reader can tell the host's noise from the data's cost.
  await measure('floor: GET /healthz', () => '/healthz', { ratio: 0.9 });
  const totals = new Map<string, number>();
  for (const type of ['enquiry', 'consultation', 'optin', 'quote'] as const) {
    const res = await fetch(`${grown.url}/api/admin/leads?type=${type}&pageSize=20`, {
      headers: { cookie: grownCookie },
    });
    totals.set(type, ((await res.json()) as { total: number }).total);
  }
  const lastPage = (base: string, type: string) =>
    base === grown.url ? Math.max(1, Math.ceil(totals.get(type)! / 20)) : 1;
  const leads = { ms: 50 };
  for (const type of ['enquiry', 'consultation', 'optin', 'quote'])
    await measure(`lead list ${type}, first page`, () => `/api/admin/leads?type=${type}`, leads);
  await measure(
    'lead list enquiry, last page',
    (b) => `/api/admin/leads?type=enquiry&page=${lastPage(b, 'enquiry')}`,
    leads,
  );
  await measure('lead list optin, last page', (b) => `/api/admin/leads?type=optin&page=${lastPage(b, 'optin')}`, leads);
  await measure(
    'lead list enquiry, middle page',
    (b) => `/api/admin/leads?type=enquiry&page=${Math.ceil(lastPage(b, 'enquiry') / 2)}`,
    leads,
  );
  await measure('enquiries with status new', () => `/api/admin/leads?type=enquiry&status=new`, leads);
  await measure('quotes accepted, page 50', () => `/api/admin/leads?type=quote&status=accepted&page=50`, leads);
  await measure('search enquiries by e-mail', () => `/api/admin/leads?type=enquiry&q=.e123457%40`, leads);
  await measure('search quotes by name', () => `/api/admin/leads?type=quote&q=Ngata`, leads);
  await measure('search enquiries by town, new', () => `/api/admin/leads?type=enquiry&status=new&q=Raglan`, leads);

  // The newest client: in the empty database one made now, with no reports or files.
  const clientId = async (g: RunningGateway) => {
    const db = createClient({ url: `file:${dbFile(g === grown ? grownDir : g.dataDir)}` });
    await db.execute(`insert into users (username, email, password, role)
      select 'bench-client', 'bench-client@example.nz', 'not-a-password-hash', 'client'
      where not exists (select 1 from users where role = 'client')`);
    const id = (await db.execute("select max(id) as id from users where role = 'client'")).rows[0]!.id;
    db.close();
    return Number(id);
  };
  const clients = new Map([
    [empty.url, await clientId(empty)],
    [grown.url, await clientId(grown)],
  ]);
  await measure("a client's reports", (b) => `/api/reports?clientId=${clients.get(b)}`, { ms: 20 });
  await measure("a client's files", (b) => `/api/files?clientId=${clients.get(b)}`, { ms: 20 });
  await measure('release figures (live and canary)', () => `/api/admin/releases`, { ms: 100 });

  for (const page of ['/', '/blog', '/services', '/auth']) await measure(`page ${page}`, () => page, { ratio: 0.9 });
  await measure('GET /api/blog-posts', () => `/api/blog-posts`, { ratio: 0.9 });

  console.log(
    `\n${'request'.padEnd(38)}${'empty p50/p99'.padStart(16)}${'grown p50/p99'.padStart(16)}${'ratio'.padStart(8)}  target`,
  );
  for (const r of rows) {
    const e = r.t.get(empty.url)!;
    const g = r.t.get(grown.url)!;
    // The ratio of request rates one at a time: empty p50 / grown p50 (1 = no slower; < 1 = slower grown).
    const ratio = e.p50 / g.p50;
    const met = r.kind === 'ms' ? g.p99 <= r.limit : ratio >= r.limit;
    console.log(
      `${r.label.padEnd(38)}${`${e.p50.toFixed(1)} / ${e.p99.toFixed(1)}`.padStart(16)}${`${g.p50.toFixed(1)} / ${g.p99.toFixed(1)}`.padStart(16)}${ratio.toFixed(2).padStart(8)}  ${r.target}: ${met ? 'met' : 'NOT met'}`,
    );
  }
  console.log(
    `\nhousekeeping at start: ${sweep.deleted.toLocaleString('en-NZ')} expired samples deleted and the jobs run in ${(sweep.ms / 1000).toFixed(1)} s; ` +
      `${sweep.writes} writes meanwhile, p99 ${sweep.writeP99.toFixed(1)} ms, longest ${sweep.writeMax.toFixed(1)} ms ` +
      `(those wait for the gateway's start-up work too); idle writes p99 ${sweep.idleP99.toFixed(1)} ms`,
  );
  // A slow batch at a moment when a bare flush of the disk was slow too is the host's stall, not the batch's work.
  console.log(
    `the host's disk meanwhile (a 16 KB write and flush every 50 ms from the bench): p50 ${sweep.disk.p50.toFixed(1)}, ` +
      `p99 ${sweep.disk.p99.toFixed(1)}, longest ${sweep.disk.max.toFixed(1)} ms` +
      (sweep.disk.max > 50
        ? ' (the disk stalled: files of a previous run still being discarded, or another process)'
        : ''),
  );
  // The sweep's own report: each batch timed inside the gateway, the longest of them how long it held the database.
  for (const r of sweepReports) console.log(`  gateway log: ${JSON.stringify(r)}`);
  const report = sweepReports.find(isSweepReport);
  console.log(
    report
      ? `the gateway's sweep with its backfill and retention run: ${String(report.batches)} batches, the longest held ` +
          `the database ${String(report.longestBatchMs)} ms (${String(report.longestBatchIn)}) ` +
          `(target <= 100 ms: ${Number(report.longestBatchMs) <= 100 ? 'met' : 'NOT met'})`
      : "the gateway's sweep: no report in its log",
  );
  console.log(
    `host: ${host}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await Promise.all(gateways.map((g) => g.stop()));
  await rm(grownDir, { recursive: true, force: true });
}
