/**
 * Dependencies fail cleanly (decision 0086): a real libSQL server (sqld) and a real S3 stand-in (s3rver, in a process
 * of its own), each frozen with SIGSTOP as a hung server is, then resumed. While one is frozen every answer that
 * needs it is a 503 with Retry-After and a sentence within its deadline (the API, the pointer document, pages, files,
 * a pipeline's deploy), /readyz says which within two seconds; once it resumes, the same gateway (never restarted)
 * answers as before.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_SENTENCE } from '../src/platform/dependencies';
import { startBucketProcess, startSqld, type BucketProcess, type LibsqlServer } from '../testing/shared-services';
import { localFetch, portalOf } from '../testing/start-gateway';
import { fakeRemoteBuild } from './helpers';
import { createDeployToken } from '../src/platform/http/guards/deploy-tokens';
import { createDb } from '../src/platform/db';
import {
  publishRemotes,
  seedSite,
  shellFolder,
  signIn,
  startSite,
  type SeededSite,
  type SiteProcess,
} from './site-process';

const run = promisify(execFile);
const DEPLOY = path.resolve(import.meta.dirname, '../../contracts/bin/deploy-remote.mjs');
/** Each call's deadline here: an outage must be answered within it (plus the machine's own delay), never later. */
const DEADLINE_MS = 1000;

let root = '';
let sqld: LibsqlServer;
let bucket: BucketProcess;
let site: SiteProcess;
let seeded: SeededSite;
let versions: Record<string, string>;
let token = '';
let team = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'outage-'));
  [sqld, bucket] = await Promise.all([startSqld(), startBucketProcess()]);
  const env = {
    DATA_DIR: path.join(root, 'data'),
    SHELL_DIR: await shellFolder(root),
    DATABASE_URL: sqld.url,
    ...bucket.env,
    DATABASE_TIMEOUT_MS: String(DEADLINE_MS),
    OBJECT_STORE_TIMEOUT_MS: String(DEADLINE_MS),
    // Nothing kept in memory: every file read goes to the bucket, as an uncached one does.
    OBJECT_CACHE_MB: '0',
    SHUTDOWN_DRAIN_MS: '0',
  };
  // Setting up is not under test: the publish gets the default deadlines, which a busy machine's first bucket
  // calls can outlast at 1 s.
  versions = await publishRemotes({ ...env, DATABASE_TIMEOUT_MS: '30000', OBJECT_STORE_TIMEOUT_MS: '30000' }, root);
  site = await startSite(env);
  seeded = await seedSite(site.url, sqld.url);
  const database = createDb(sqld.url);
  try {
    ({ token } = await createDeployToken(database.db, {
      remote: 'quoting',
      label: 'pipeline',
      expiresInDays: 1,
      by: 'cli',
    }));
  } finally {
    database.close();
  }
  // A team's folder, as its pipeline checks it out: its package and a build of its own.
  team = path.join(root, 'team');
  await mkdir(team, { recursive: true });
  await writeFile(path.join(team, 'package.json'), JSON.stringify({ name: '@agency/mfe-quoting' }));
  await fakeRemoteBuild(team, 'pipeline');
}, 300_000);

afterAll(async () => {
  await site?.stop('SIGKILL');
  await Promise.all([sqld?.stop(), bucket?.stop()]);
  await rm(root, { recursive: true, force: true });
});

/**
 * A request and how long its answer took: on the public origin, or with a session (`cookie` in `init`) on the portal's,
 * where sessions and clients' files are answered (decision 0077).
 */
async function timed(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) {
  const started = performance.now();
  const res = await localFetch(`${init?.headers?.cookie ? portalOf(site.url) : site.url}${url}`, init);
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, ms: performance.now() - started };
}

/** A pipeline's deploy of a new quoting build to this gateway: its exit code and what it printed. */
async function deploy(): Promise<{ code: number; said: string }> {
  try {
    const out = await run(process.execPath, [DEPLOY, '--to', site.url, '--no-build', '--dist', 'build-pipeline'], {
      cwd: team,
      env: { ...process.env, DEPLOY_TOKEN: token },
    });
    return { code: 0, said: out.stdout + out.stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, said: e.stdout + e.stderr };
  }
}

const lead = (n: number) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${n}` },
  body: JSON.stringify({
    businessName: `Outage ${n}`,
    contactName: 'Rua',
    contactEmail: `rua${n}@example.nz`,
    servicesInterested: ['seo'],
  }),
});

async function untilReady() {
  for (;;) {
    const res = await fetch(`${site.url}/readyz`);
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Answered 503 quickly, told when to try again and why, in a sentence (never a 500, never the old hang). */
function expectOutage(answer: Awaited<ReturnType<typeof timed>>, sentence: string) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.body).toContain(sentence);
  // The deadline plus the machine's own delay; a hung dependency took 20-25 s before.
  expect(answer.ms).toBeLessThan(DEADLINE_MS + 3000);
}

describe('a frozen database', () => {
  it('answers 503 with Retry-After and a sentence, says so at /readyz within 2 s, and recovers', async () => {
    const client = await signIn(site.url, seeded.client);
    expect((await timed('/readyz')).status).toBe(200);
    process.kill(sqld.pid, 'SIGSTOP');
    try {
      const ready = await timed('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(2000);
      expect(JSON.parse(ready.body)).toMatchObject({
        status: 'unavailable',
        checks: { database: expect.stringContaining('The database is not answering'), bucket: 'ok' },
      });
      const sentence = OUTAGE_SENTENCE.database;
      expectOutage(await timed('/api/blog-posts?page=1&pageSize=12'), sentence);
      expectOutage(await timed('/api/auth/user', { headers: { cookie: client } }), sentence);
      expectOutage(await timed('/api/contact-inquiry', lead(1)), sentence);
      expectOutage(await timed('/mfe/pointer.json'), sentence);
      // A page goes out as the shell without the release state (kept by no cache), which then fetches the pointer.
      const page = await timed('/services');
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.ms).toBeLessThan(DEADLINE_MS + 3000);
      const deployed = await deploy();
      expect(deployed.code).toBe(1);
      expect(deployed.said).toContain(sentence);
      expect(deployed.said).not.toContain('Internal server error');
    } finally {
      process.kill(sqld.pid, 'SIGCONT');
    }
    await untilReady();
    expect((await timed('/api/contact-inquiry', lead(2))).status).toBe(201);
    expect((await timed('/api/auth/user', { headers: { cookie: client } })).status).toBe(200);
    expect(JSON.parse((await timed('/mfe/pointer.json')).body).remotes.quoting.version).toBe(versions.quoting);
    expect((await timed('/services')).status).toBe(200);
  }, 240_000);
});

describe('a frozen bucket', () => {
  it('answers 503 for files and deploys, says so at /readyz within 2 s, and recovers', async () => {
    const client = await signIn(site.url, seeded.client);
    const entry = `/mfe/marketing/${versions.marketing}/remoteEntry.js`;
    expect((await timed(entry)).status).toBe(200);
    process.kill(bucket.pid, 'SIGSTOP');
    try {
      const ready = await timed('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(2000);
      expect(JSON.parse(ready.body)).toMatchObject({
        status: 'unavailable',
        checks: { database: 'ok', bucket: expect.stringContaining('is not answering') },
      });
      const sentence = OUTAGE_SENTENCE.bucket;
      expectOutage(await timed(entry), sentence);
      expectOutage(await timed(seeded.imageUrl), sentence);
      expectOutage(await timed(seeded.fileDownload, { headers: { cookie: client } }), sentence);
      const deployed = await deploy();
      expect(deployed.code).toBe(1);
      expect(deployed.said).toContain(sentence);
      expect(deployed.said).not.toContain('Internal server error');
    } finally {
      process.kill(bucket.pid, 'SIGCONT');
    }
    await untilReady();
    expect((await timed(entry)).status).toBe(200);
    expect((await timed(seeded.imageUrl)).status).toBe(200);
    expect((await timed(seeded.fileDownload, { headers: { cookie: client } })).status).toBe(200);
    // Through to the pre-flight checks, which judge the build itself (this small one is no federation build).
    const deployed = await deploy();
    expect(deployed.said).toContain('pre-flight checks:');
    expect(deployed.said).not.toContain(OUTAGE_SENTENCE.bucket);
  }, 240_000);
});
