/**
 * The restore drill (decision 0085): a seeded site (three published remotes, a blog post with a cover image, a file
 * sent to a client, the Real Talk audio, a media file) is backed up with the documented command while it runs,
 * restored with the documented command into a new place, started, and every page, remote, file and image of it
 * answers 200 with the same bytes. On one machine (a file database, folders), and for several gateways: a real
 * `sqld` and a real S3 stand-in (s3rver), the database restored once from the backup's copy into a new server and
 * once by sqld's own bottomless replication, the bucket copied to and from a backup bucket.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_NAMES, siteOfRemote, type Site } from '@agency/contracts';
import { loadEnv } from '../../platform/env';
import { openBackupLocation } from './backup-location';
import { restoreSite } from './restore';
import { openObjectStores } from '../../platform/storage/stores';
import { startBucketProcess, startSqld, type BucketProcess, type LibsqlServer } from '../../../testing/shared-services';
import { localFetch, portalOf } from '../../../testing/start-gateway';
import {
  command,
  publishRemotes,
  seedSite,
  SEEDED,
  shellFolder,
  signIn,
  startSite,
  type SeededSite,
  type SiteProcess,
} from '../../../test/site-process';

const MEDIA = Buffer.from('the explainer video, as the agency supplies it');

let root = '';
let shell = '';
const running: SiteProcess[] = [];
const servers: LibsqlServer[] = [];
let bucket: BucketProcess | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'restore-drill-'));
  shell = await shellFolder(root);
});
afterAll(async () => {
  await Promise.all(running.map((site) => site.stop('SIGKILL')));
  await Promise.all(servers.map((s) => s.stop()));
  await bucket?.stop();
  await rm(root, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const site = await startSite({ SHELL_DIR: shell, SHUTDOWN_DRAIN_MS: '0', ...env });
  running.push(site);
  return site;
}

/** A site with all it holds: its remotes published, its content and files put in through its API. */
async function seed(env: Record<string, string>, databaseUrl: string) {
  const versions = await publishRemotes(env, root);
  await mkdir(path.join(env.DATA_DIR!, 'media'), { recursive: true });
  await writeFile(path.join(env.DATA_DIR!, 'media', 'explainer.txt'), MEDIA);
  const site = await start(env);
  const seeded = await seedSite(site.url, databaseUrl);
  return { site, seeded, versions };
}

/** Everything the seeded site served, served again by `url` with the same bytes. */
async function expectWholeSite(url: string, seeded: SeededSite, versions: Record<string, string>) {
  // A client's file and the account remote are the portal's (decision 0077); everything else the public site's.
  const get = async (to: string, cookie?: string, site: Site = cookie ? 'portal' : 'public') => {
    const res = await localFetch(
      `${site === 'portal' ? portalOf(url) : url}${to}`,
      cookie ? { headers: { cookie } } : {},
    );
    return { to, status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  expect((await get('/readyz')).status).toBe(200);
  const pages = await Promise.all(['/', '/services', seeded.postPath].map((to) => get(to)));
  expect(pages.map((p) => [p.to, p.status])).toEqual([
    ['/', 200],
    ['/services', 200],
    [seeded.postPath, 200],
  ]);
  const post = await get(`/api/blog-posts/${path.posix.basename(seeded.postPath)}`);
  expect(JSON.parse(post.bytes.toString())).toMatchObject({ imageUrl: seeded.imageUrl });
  for (const remote of REMOTE_NAMES) {
    const entry = await get(`/mfe/${remote}/${versions[remote]}/remoteEntry.js`, undefined, siteOfRemote(remote));
    expect([remote, entry.status]).toEqual([remote, 200]);
  }
  // Each origin's pointer names the remotes of its site.
  for (const site of ['public', 'portal'] as const) {
    const pointer = JSON.parse((await get('/mfe/pointer.json', undefined, site)).bytes.toString()) as unknown;
    const ofSite = REMOTE_NAMES.filter((r) => siteOfRemote(r) === site);
    expect(pointer).toMatchObject({ remotes: Object.fromEntries(ofSite.map((r) => [r, { version: versions[r] }])) });
  }
  const image = await get(seeded.imageUrl);
  expect([image.status, image.bytes.equals(SEEDED.image)]).toEqual([200, true]);
  const audio = await get(seeded.audioUrl);
  expect([audio.status, audio.bytes.equals(SEEDED.audio)]).toEqual([200, true]);
  const media = await get('/media/explainer.txt');
  expect([media.status, media.bytes.equals(MEDIA)]).toEqual([200, true]);
  // The client's account came back too: they sign in and download their file.
  const file = await get(seeded.fileDownload, await signIn(url, seeded.client));
  expect([file.status, file.bytes.equals(SEEDED.file)]).toEqual([200, true]);
}

describe('on one machine', () => {
  it('backs up a running site with one command and restores it with one into a new data directory', async () => {
    const first = { DATA_DIR: path.join(root, 'one') };
    const { site, seeded, versions } = await seed(first, `file:${path.join(first.DATA_DIR, 'agency.db')}`);
    await expectWholeSite(site.url, seeded, versions);
    const backups = path.join(root, 'backups-one');
    const backedUp = await command(first, 'backup', [backups]);
    expect(backedUp.stdout).toMatch(/Backup \S+ is whole/);
    await site.stop();

    // A new machine: nothing but the backup. One command, no edit.
    const second = { DATA_DIR: path.join(root, 'two') };
    const restored = await command(second, 'restore', [backups]);
    expect(restored.stdout).toContain('is restored');
    const again = await start(second);
    await expectWholeSite(again.url, seeded, versions);
    await again.stop();

    // Over a database that exists, a restore is refused unless asked to replace it (the old one is kept).
    const env = loadEnv(second);
    const stores = openObjectStores(env.objectStore);
    const location = openBackupLocation(backups, env);
    await expect(restoreSite(env, stores, location)).rejects.toThrow(/holds a database already/);
    const replaced = await restoreSite(env, stores, location, { replace: true });
    expect(replaced.database).toMatchObject({ setAside: expect.stringMatching(/agency\.db\.before-restore-/) });
    expect(replaced.objects.files).toMatchObject({ copied: 0, alreadyThere: 1 });
  }, 600_000);
});

describe('several gateways: sqld and a bucket', () => {
  it('restores the database from the backup or from sqld bottomless replication, and the bucket from its copy', async () => {
    bucket = await startBucketProcess('site', ['agency-site', 'agency-backup', 'agency-restored', 'agency-again']);
    // sqld's own continuous backup into the backup bucket, as docs/several-gateways.md starts it.
    const bottomless = {
      SQLD_ENABLE_BOTTOMLESS_REPLICATION: 'true',
      LIBSQL_BOTTOMLESS_ENDPOINT: bucket.endpoint,
      LIBSQL_BOTTOMLESS_BUCKET: 'agency-backup',
      LIBSQL_BOTTOMLESS_DATABASE_ID: 'site',
      LIBSQL_BOTTOMLESS_AWS_ACCESS_KEY_ID: 'S3RVER',
      LIBSQL_BOTTOMLESS_AWS_SECRET_ACCESS_KEY: 'S3RVER',
      LIBSQL_BOTTOMLESS_AWS_DEFAULT_REGION: 'us-east-1',
    };
    const sqld = await startSqld(bottomless);
    servers.push(sqld);
    const shared = (name: string, bucketName: string, databaseUrl: string) => ({
      ...bucket!.env,
      OBJECT_STORE_URL: `s3://${bucketName}/site`,
      DATA_DIR: path.join(root, name),
      DATABASE_URL: databaseUrl,
    });
    const before = shared('machine-a', 'agency-site', sqld.url);
    const { site, seeded, versions } = await seed(before, sqld.url);
    const backedUp = await command(before, 'backup', ['s3://agency-backup/site']);
    expect(backedUp.stdout).toMatch(/Backup \S+ is whole/);
    // The database server and the site's bucket are lost; the backup bucket is what is left.
    await site.stop();
    await sqld.shutdown();

    // The backup's database copy, into a new and empty sqld; the bucket's copy into a new bucket.
    const fresh = await startSqld();
    servers.push(fresh);
    const restoredEnv = shared('machine-b', 'agency-restored', fresh.url);
    const restored = await command(restoredEnv, 'restore', ['s3://agency-backup/site']);
    expect(restored.stdout).toMatch(/database: \d+ rows in \d+ tables copied into/);
    const b = await start(restoredEnv);
    await expectWholeSite(b.url, seeded, versions);
    await b.stop();

    // Or: a new sqld restores itself from its bottomless replication; the files come from the backup.
    const replicated = await startSqld(bottomless);
    servers.push(replicated);
    const replicatedEnv = shared('machine-c', 'agency-again', replicated.url);
    const files = await command(replicatedEnv, 'restore', ['s3://agency-backup/site', '--without-database']);
    expect(files.stdout).toContain('database: left as it is (--without-database)');
    const c = await start(replicatedEnv);
    await expectWholeSite(c.url, seeded, versions);
  }, 900_000);
});
