import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSizes, gzipSizesKey } from './gzip-sizes';
import { readObject } from '../../platform/storage/object-store';
import { signedIn } from '../../../test/auth-client';
import { remoteStore, setupApp } from '../../../test/helpers';
import { call, listen, seal, upload } from '../../../test/release-pipeline';

// What one deploy token can make the gateway spend (decision 0076): the budget's compression off the main thread and
// once per version, new versions a day, stored bytes, uploads never sealed, the declared file list's size, guessed
// tokens from the same address, and where the deploy client sends its token.

const repo = path.resolve(import.meta.dirname, '../../../..');
const quotingDist = path.join(repo, 'mfe-quoting/dist');
const client = path.join(repo, 'contracts/bin/deploy-remote.mjs');
const run = promisify(execFile);

let t: Awaited<ReturnType<typeof setupApp>>;
let server: Awaited<ReturnType<typeof listen>>;
let work: string;
let admin: Awaited<ReturnType<typeof signedIn>>['b'];

const VERSIONS_PER_DAY = 4;
const STORED_MB = 100;
const MB = 1024 * 1024;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

async function newToken(label: string): Promise<string> {
  const made = await admin.post('/api/admin/deploy-tokens', { remote: 'quoting', label });
  expect(made.status).toBe(201);
  return made.json.token as string;
}

/** A declaration of files never sent: what a pipeline (or someone holding its token) can ask the gateway to keep. */
const declare = (token: string, tag: string, sizes: number[]) =>
  call(server.origin, token, 'POST', '/api/releases/quoting/uploads', {
    buildVersion: '9.9.9',
    files: [
      { path: 'mf-manifest.json', size: 10, sha256: hashOf(`${tag} manifest`) },
      ...sizes.map((size, i) => ({ path: `assets/${tag}-${i}.js`, size, sha256: hashOf(`${tag} ${i}`) })),
    ],
  });

/** Makes a declaration look a day and a minute old, as a pipeline run cancelled yesterday leaves it. */
async function age(version: string) {
  const file = await t.stores.remotes.localPath(`.uploads/quoting/${version}.json`);
  const then = new Date(Date.now() - 24 * 3600_000 - 60_000);
  await utimes(file!, then, then);
}

beforeAll(async () => {
  t = await setupApp({
    SHELL_DIR: path.join(repo, 'shell/dist'),
    DEPLOY_VERSIONS_PER_DAY: String(VERSIONS_PER_DAY),
    DEPLOY_STORED_MB: String(STORED_MB),
  });
  server = await listen(t.app);
  await remoteStore(t).publish('quoting', quotingDist);
  ({ b: admin } = await signedIn(t.app, t.db, 'master_admin', 'aroha'));
  work = await mkdtemp(path.join(tmpdir(), 'deploy-costs-'));
  await writeFile(path.join(work, 'package.json'), JSON.stringify({ name: '@agency/mfe-quoting' }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await t?.cleanup();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the declared file list', () => {
  it('accepts the documented 2,000 files, with paths as long as allowed, in one request', async () => {
    const token = await newToken('many files');
    const files = Array.from({ length: 1999 }, (_, i) => ({
      path: `assets/${'chunk-'.repeat(47)}${String(i).padStart(4, '0')}.js`,
      size: 1,
      sha256: hashOf(`file ${i}`),
    }));
    const plan = await call(server.origin, token, 'POST', '/api/releases/quoting/uploads', {
      buildVersion: '1.0.0',
      files: [{ path: 'mf-manifest.json', size: 10, sha256: hashOf('manifest') }, ...files],
      commit: 'c'.repeat(80),
      message: 'm'.repeat(500),
    });
    expect(plan.status, plan.json.message).toBe(200);
    expect(plan.json.missing).toHaveLength(2000);
  }, 60_000);
});

describe('a deploy token', () => {
  it('declares at most DEPLOY_VERSIONS_PER_DAY new versions a day; declaring one again costs nothing', async () => {
    const token = await newToken('busy pipeline');
    const statuses: number[] = [];
    for (let i = 0; i < VERSIONS_PER_DAY; i++) statuses.push((await declare(token, `day-${i}`, [100])).status);
    expect(statuses).toEqual(Array(VERSIONS_PER_DAY).fill(200));
    // The same build again (a retried pipeline step) is no new version.
    expect((await declare(token, 'day-0', [100])).status).toBe(200);
    const refused = await declare(token, 'one-too-many', [100]);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toContain(
      `The deploy token "busy pipeline" has uploaded ${VERSIONS_PER_DAY} new versions in the last day`,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    // Another token of the same remote has its own day.
    expect((await declare(await newToken('other pipeline'), 'other', [100])).status).toBe(200);
  });

  it("stores at most DEPLOY_STORED_MB of its remote's versions and open uploads", async () => {
    const token = await newToken('large builds');
    const first = await declare(token, 'large-a', [20 * MB, 20 * MB, 20 * MB]);
    expect(first.status, first.json.message).toBe(200);
    // 60 MB open, the live version's 1.7 MB stored: 50 MB more would pass the 100.
    const second = await declare(token, 'large-b', [20 * MB, 20 * MB, 10 * MB]);
    expect(second.status).toBe(413);
    expect(second.json.message).toMatch(
      /^quoting's stored versions and open uploads take 6\d\.\d MB; this build's 50\.0 MB would pass the 100\.0 MB its deploy tokens may store \(DEPLOY_STORED_MB\)/,
    );
    // Once the first upload has expired, its bytes are free again.
    await age(first.json.version as string);
    expect((await declare(token, 'large-b', [20 * MB, 20 * MB, 10 * MB])).status).toBe(200);
  });

  it('is never locked out by failed tokens from its own address; a guesser is', async () => {
    const token = await newToken('behind the office NAT');
    const guesses: number[] = [];
    for (let i = 0; i < 25; i++)
      guesses.push((await call(server.origin, `agd_quoting_${'x'.repeat(43)}`, 'GET', '/api/releases/quoting')).status);
    expect(guesses.at(-1)).toBe(429);
    const mine = await call(server.origin, token, 'GET', '/api/releases/quoting');
    expect(mine.status, mine.json.message).toBe(200);
    expect((await call(server.origin, `agd_quoting_${'y'.repeat(43)}`, 'GET', '/api/releases/quoting')).status).toBe(
      429,
    );
  });
});

describe('an upload never sealed', () => {
  it('expires after a day: its files can no longer be sent nor sealed, and the next declaration removes them', async () => {
    const token = await newToken('cancelled run');
    const content = 'console.log("sent before the run was cancelled")';
    const plan = await call(server.origin, token, 'POST', '/api/releases/quoting/uploads', {
      buildVersion: '9.9.9',
      files: [
        { path: 'mf-manifest.json', size: 10, sha256: hashOf('abandoned manifest') },
        { path: 'sent.js', size: content.length, sha256: hashOf(content) },
      ],
    });
    const version = plan.json.version as string;
    const put = (hash: string, body: string) =>
      fetch(`${server.origin}/api/releases/quoting/uploads/${version}/files/${hash}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body,
      });
    expect((await put(hashOf(content), content)).status).toBe(204);
    expect(await t.stores.remotes.head(`quoting/${version}/sent.js`)).not.toBeNull();

    await age(version);
    const late = await put(hashOf('abandoned manifest'), 'x'.repeat(10));
    expect(late.status).toBe(404);
    expect(((await late.json()) as { message: string }).message).toContain('its upload expired');
    const sealed = await seal(server.origin, token, 'quoting', version);
    expect(sealed.status).toBe(404);

    // Any declaration of the remote clears what expired: the declaration and the file sent for it.
    expect((await declare(token, 'next-run', [100])).status).toBe(200);
    expect(await t.stores.remotes.head(`.uploads/quoting/${version}.json`)).toBeNull();
    expect(await t.stores.remotes.head(`quoting/${version}/sent.js`)).toBeNull();
  });
});

describe('the budget check’s compression', () => {
  it('runs off the main thread: other work goes on while a large chunk is compressed', async () => {
    const chunk = Buffer.from(randomBytes(8 * MB).toString('base64'));
    const sizes = await gzipSizes(async (file) => (file === 'chunk.js' ? chunk : null));
    const order: string[] = [];
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(order.push('timer') as unknown as void), 0));
    const size = sizes.size('chunk.js').then((n) => order.push('compressed') && n);
    await Promise.all([timer, size]);
    // On the main thread (gzipSync), nothing else would run until the compression was done.
    expect(order).toEqual(['timer', 'compressed']);
    expect(await size).toBeGreaterThan(8 * MB);
    expect(await sizes.size('missing.js')).toBeNull();
  });

  it('runs once per version: the sizes are kept with it, and a re-seal reads them', async () => {
    const token = await newToken('heavy build');
    // A chunk of 1.3 MB that gzip cannot shrink much, loaded up front by the calculator page (a comment, so it
    // evaluates).
    const heavy = `/*${randomBytes(MB).toString('base64')}*/`;

    const dir = path.join(work, 'heavy');
    await cp(quotingDist, dir, { recursive: true });
    await writeFile(path.join(dir, 'heavy.js'), heavy);
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    manifest.exposes.find((e) => e.name === 'website-calculator-page')!.assets.js.sync.push('heavy.js');
    await writeFile(manifestFile, JSON.stringify(manifest));
    const version = await upload(server.origin, token, 'quoting', dir);

    const first = await seal(server.origin, token, 'quoting', version);
    const budget = (first.json.report as { checks: { name: string; detail: string }[] }).checks.find(
      (c) => c.name === 'budget',
    )!;
    expect(budget.detail).toMatch(/over the 70\.0 KiB budget: website-calculator-page \d+\.\d KiB/);

    // The sizes are kept with the version; a re-seal reads them and compresses nothing (so writes nothing).
    const key = gzipSizesKey('quoting', version);
    const kept = JSON.parse((await readObject(t.stores.remotes, key))!.toString('utf8')) as Record<string, number>;
    expect(kept['heavy.js']).toBeGreaterThan(MB);
    // Told a size of 100 MiB for the chunk, the re-seal reports it: it used what was kept.
    await t.stores.remotes.delete(key);
    await t.stores.remotes.put(key, Buffer.from(JSON.stringify({ ...kept, 'heavy.js': 100 * MB })));
    const before = (await t.stores.remotes.head(key))!.modified.getTime();
    const again = await seal(server.origin, token, 'quoting', version);
    const detail = (again.json.report as { checks: { name: string; detail: string }[] }).checks.find(
      (c) => c.name === 'budget',
    )!.detail;
    expect(Number(/website-calculator-page (\d+)\.\d KiB/.exec(detail)![1])).toBeGreaterThanOrEqual(100 * 1024);
    expect((await t.stores.remotes.head(key))!.modified.getTime()).toBe(before);
    // Removed with the version.
    await remoteStore(t).prune();
    expect(await t.stores.remotes.head(key)).toBeNull();
  }, 180_000);
});

describe('the deploy client', () => {
  const deploy = async (to: string) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [client, '--to', to, '--no-build'], {
        cwd: work,
        env: { ...process.env, DEPLOY_TOKEN: `agd_quoting_${'z'.repeat(43)}` },
      });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  it('refuses to send its token over plain http to anywhere but this machine', async () => {
    for (const to of ['http://beloud.co.nz', 'http://10.0.0.5:8787', 'ftp://beloud.co.nz']) {
      const { code, out } = await deploy(to);
      expect(code, to).toBe(1);
      expect(out).toContain(`--to must be an https:// origin, such as https://beloud.co.nz (got ${to})`);
    }
    // Loopback is this machine: accepted, and refused later for what it is (a token the gateway does not know).
    const local = await deploy(server.origin);
    expect(local.out).not.toContain('--to must be');
  });
});
