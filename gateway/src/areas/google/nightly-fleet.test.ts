import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from '../../../testing/google-stand-in';
import { startSqld, type LibsqlServer } from '../../../testing/shared-services';
import { SHELL_HTML } from '../../../test/helpers';
import { createDb, googleConnections, migrateDb, migrationsFolder, type Db } from '../../platform/db';
import { addDays, nzDay } from './days';
import { connectClient } from './nightly-test-kit';

/**
 * The nightly fetch on a fleet (decision 0093): two gateway processes on one libSQL server (sqld) and one Google
 * stand-in, started together with clients whose figures are a day behind. Each client is fetched once: the job's lease
 * gives the turn to one gateway, and a client's claim keeps any other run off it.
 */
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');
const CLIENTS = 6;
const PROPERTIES = Array.from({ length: CLIENTS }, (_, i) => ({
  id: `properties/4120000${i}`,
  name: `Fleet client ${i}`,
  account: 'accounts/90002',
}));
const SITES = PROPERTIES.map((_, i) => `sc-domain:fleet${i}.example.nz`);

let root = '';
let sqld: LibsqlServer;
let standIn: GoogleStandIn;
let database: ReturnType<typeof createDb>;
let db: Db;
const children: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function startGateway(index: number): Promise<void> {
  const port = await freePort();
  const shellDir = path.join(root, `shell-${index}`);
  await mkdir(shellDir, { recursive: true });
  await writeFile(path.join(shellDir, 'index.html'), SHELL_HTML);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: 'http://agency.test',
      DATA_DIR: path.join(root, `data-${index}`),
      DATABASE_URL: sqld.url,
      SHELL_DIR: shellDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...standIn.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  // A start compiles the gateway with tsx: minutes on a busy two-core machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway ${index} exited with ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`gateway ${index} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'google-fleet-'));
  sqld = await startSqld();
  standIn = await startGoogleStandIn({ properties: PROPERTIES, sites: SITES });
  // The database is ready and the clients connected before either gateway starts: both take their first turn at once.
  database = createDb(sqld.url);
  db = database.db;
  await migrateDb(db, migrationsFolder);
  const key = Buffer.from(standIn.env.GOOGLE_TOKEN_KEY!, 'base64');
  const dayBefore = addDays(nzDay(new Date()), -2);
  for (let i = 0; i < CLIENTS; i++) {
    await connectClient(db, standIn.issueGrant(), key, {
      property: PROPERTIES[i]!.id,
      site: SITES[i]!,
      lastFetchedDay: dayBefore,
    });
  }
  await Promise.all([startGateway(0), startGateway(1)]);
}, 660_000);

afterAll(async () => {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  database?.close();
  await standIn?.stop();
  await sqld?.stop();
  await rm(root, { recursive: true, force: true });
});

it('fetches each client once a night with two gateways on one database', async () => {
  const yesterday = addDays(nzDay(new Date()), -1);
  const deadline = Date.now() + 120_000;
  let rows = await db.select().from(googleConnections);
  while (rows.some((r) => r.lastFetchedDay !== yesterday) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    rows = await db.select().from(googleConnections);
  }
  expect(rows.map((r) => [r.lastFetchedDay, r.lastError, r.failures])).toEqual(rows.map(() => [yesterday, null, 0]));
  // Both gateways had their turn at start; give a second run, were there one, time to show itself.
  await new Promise((r) => setTimeout(r, 2000));
  for (const [i, property] of PROPERTIES.entries()) {
    expect(standIn.requests.filter((r) => r.path.includes(property.id))).toHaveLength(2);
    expect(standIn.requests.filter((r) => (r.body as { site?: string }).site === SITES[i])).toHaveLength(3);
  }
  expect(standIn.requests.filter((r) => r.api === 'token')).toHaveLength(CLIENTS);
});
