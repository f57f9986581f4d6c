import { createClient } from '@libsql/client';
import type { RunningGateway } from '@agency/gateway/testing';
import path from 'node:path';
import { diskProbe } from './disk-probe';
import { percentiles, type Timing } from './timing';

const HOUR_MS = 3600_000;
const RETENTION_MS = 30 * 24 * HOUR_MS;
/** The canary under test: quoting's, started 6 hours ago, with 10% of page loads. */
const CANARY = { remote: 'quoting', version: 'bench-canary', percent: 10, ageMs: 6 * HOUR_MS };
const LIVE_SAMPLES = 40_000;
const CANARY_SAMPLES = 4_000;

/**
 * The window a canary is judged on: its own samples and the live version's since it started (about nine live page
 * loads for each canary one), and the canary itself in the release state, with the action that numbers the state's
 * next revision (so every gateway sees it, decision 0058). The canary's version has no stored files: only its
 * figures are read.
 */
export async function fillCanaryWindow(file: string, now: number) {
  const db = createClient({ url: `file:${file}` });
  const live = (
    await db.execute({ sql: 'select current from release_remotes where remote = ?', args: [CANARY.remote] })
  ).rows[0]?.current;
  if (typeof live !== 'string') throw new Error(`${CANARY.remote} has no live version in ${file}`);
  const started = now - CANARY.ageMs;
  const samples = (version: string, count: number, tag: string) => ({
    sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
      insert into release_samples (createdAt, remote, version, kind, value, pageLoad, source)
      select ? + i * ?, ?, ?, case i % 10 when 0 then 'lcp' when 1 then 'inp' when 2 then 'cls' when 3 then 'error'
        else 'load' end, (i * 7919) % 3000, ? || i, 'src' || (i % 900) from n`,
    args: [count, started, Math.floor(CANARY.ageMs / count), CANARY.remote, version, tag],
  });
  await db.batch(
    [
      samples(live, LIVE_SAMPLES, 'live-window-'),
      samples(CANARY.version, CANARY_SAMPLES, 'canary-window-'),
      {
        sql: `update release_remotes set canaryVersion = ?, canaryPercent = ?, canaryStartedAt = ? where remote = ?`,
        args: [CANARY.version, CANARY.percent, started, CANARY.remote],
      },
      {
        sql: `insert into release_actions (createdAt, revision, actor, host, action, remote, version, details)
          select ?, coalesce(max(revision), 0) + 1, 'bench', 'bench', 'canary', ?, ?, '{}' from release_actions`,
        args: [now, CANARY.remote, CANARY.version],
      },
    ],
    'write',
  );
  db.close();
}

export interface SweepFigures {
  deleted: number;
  ms: number;
  writes: number;
  writeP99: number;
  writeMax: number;
  idleP99: number;
  /** The host's disk meanwhile: a 16 KB write and flush every 50 ms from this process. */
  disk: Timing;
}

/**
 * Starts the grown gateway, which sweeps the samples past their retention as it starts and then runs its jobs
 * (the follow-up backfill, the retention run), and sends writes (a tracked conversion: a rate-limit row, then an
 * event row, each a transaction) one after another until the samples are gone and `done()` says the jobs are, then
 * as many again on the idle database: the longest write is the longest the sweep held the database.
 */
export async function sweepWhileWriting(
  start: () => Promise<RunningGateway>,
  file: string,
  now: number,
  done: () => boolean,
): Promise<{ gateway: RunningGateway; sweep: SweepFigures }> {
  const db = createClient({ url: `file:${file}` });
  const expired = async () =>
    Number(
      (
        await db.execute({
          sql: 'select count(*) as n from release_samples where createdAt <= ?',
          args: [now - RETENTION_MS],
        })
      ).rows[0]!.n,
    );
  const before = await expired();
  const stopProbe = diskProbe(path.dirname(file));
  const started = performance.now();
  const gateway = await start();
  let i = 0;
  const write = async () => {
    i++;
    const t = performance.now();
    const res = await fetch(`${gateway.url}/api/conversions/track-event`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: gateway.url,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({ eventType: 'lead', userData: { email: `sweep${i}@example.nz` } }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`a tracked conversion answered ${res.status}`);
    return performance.now() - t;
  };
  const during: number[] = [];
  let left = before;
  let lastCheck = 0;
  const deadline = Date.now() + 15 * 60_000;
  while (left > 0 || !done()) {
    if (Date.now() > deadline)
      throw new Error(`housekeeping left ${left} expired samples (or did not report) after 15 minutes`);
    during.push(await write());
    if (performance.now() - lastCheck > 500) {
      lastCheck = performance.now();
      left = await expired();
    }
  }
  const ms = performance.now() - started;
  const disk = await stopProbe();
  const idle: number[] = [];
  for (let k = 0; k < Math.max(200, Math.min(during.length, 2000)); k++) idle.push(await write());
  db.close();
  const d = percentiles(during.length ? during : [0]);
  return {
    gateway,
    sweep: {
      deleted: before,
      ms,
      writes: during.length,
      writeP99: d.p99,
      writeMax: d.max,
      idleP99: percentiles(idle).p99,
      disk,
    },
  };
}
