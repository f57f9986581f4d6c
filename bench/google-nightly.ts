/**
 * The nightly Google fetch (decision 0093) against the stand-in, in this process over a throwaway database: 200
 * clients a day behind (each fetches yesterday and the three days before: 2 GA4 reports and 3 Search Console
 * queries), timed as one turn of the job at its own concurrency, against the target of 10 minutes; then one client's
 * 16-month backfill, a chunk per turn, turns back to back.
 *   pnpm --filter @agency/bench google-nightly [-- --clients 200]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  addDays,
  connectClient,
  connectionOf,
  createLogger,
  nightlyFigures,
  nzDay,
  setupApp,
} from '@agency/gateway/testing-app';
import { startGoogleStandIn } from '@agency/gateway/testing-google';
import { cliArgs } from './support/cli';

const { values } = parseArgs({ args: cliArgs(), options: { clients: { type: 'string', default: '200' } } });
const CLIENTS = Number(values.clients);
const TARGET_MS = 10 * 60_000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`host: ${cpus()[0]?.model ?? 'unknown CPU'} x ${cpus().length}, Node ${process.version}`);
console.log(`load average at start: ${load()}`);

const properties = Array.from({ length: CLIENTS + 1 }, (_, i) => ({
  id: `properties/5${String(i).padStart(8, '0')}`,
  name: `Bench client ${i}`,
  account: 'accounts/90003',
}));
const sites = properties.map((_, i) => `sc-domain:bench${i}.example.nz`);
const standIn = await startGoogleStandIn({ properties, sites });
const t = await setupApp({ ...standIn.env, LOG_LEVEL: 'silent' });
const key = Buffer.from(standIn.env.GOOGLE_TOKEN_KEY!, 'base64');
try {
  const now = new Date();
  const dayBefore = addDays(nzDay(now), -2);
  for (let i = 0; i < CLIENTS; i++) {
    await connectClient(t.db, standIn.issueGrant(), key, {
      property: properties[i]!.id,
      site: sites[i]!,
      lastFetchedDay: dayBefore,
    });
  }
  const nightly = nightlyFigures({ db: t.db, google: t.env.google!, logger: createLogger('warn') });
  const started = performance.now();
  const counts = await nightly.run(now);
  const ms = performance.now() - started;
  if (counts.fetched !== CLIENTS) throw new Error(`fetched ${counts.fetched} of ${CLIENTS}: ${JSON.stringify(counts)}`);
  const calls = standIn.requests.length;
  console.log(
    `nightly turn: ${CLIENTS} clients x 4 days, ${calls} calls to the stand-in, ${(ms / 1000).toFixed(1)} s ` +
      `(${(ms / CLIENTS).toFixed(0)} ms a client), ${(ms / TARGET_MS).toFixed(4)} of the 10-minute target`,
  );
  console.log(`load average after the turn: ${load()}`);

  // One client's backfill, turns back to back (the job spaces them 15 minutes apart).
  const clientId = await connectClient(t.db, standIn.issueGrant(), key, {
    property: properties[CLIENTS]!.id,
    site: sites[CLIENTS]!,
  });
  const before = standIn.requests.length;
  const backfillStart = performance.now();
  let turns = 0;
  do await nightly.run(new Date(now.getTime() + 15 * 60_000 * turns++));
  while ((await connectionOf(t.db, clientId)).backfillFrom !== null && turns < 50);
  const backfillMs = performance.now() - backfillStart;
  console.log(
    `backfill of one client: 16 months in ${turns} turns, ${standIn.requests.length - before} calls, ` +
      `${(backfillMs / 1000).toFixed(2)} s of work (${turns} turns of the job: ${((turns - 1) * 15) / 60} h apart at most)`,
  );
  console.log(`load average at the end: ${load()}`);
} finally {
  await t.cleanup();
  await standIn.stop();
}
