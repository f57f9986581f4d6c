import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateDb, migrationsFolder } from '../../platform/db';
import { loadEnv } from '../../platform/env';
import { releaseStorage } from './release-storage';
import { importStateFile } from './state-import';
import { readBuild, sha256, versionOf } from './content-version';
import { objectVersionFiles } from './version-files';
import { readObject } from '../../platform/storage/object-store';
import { openObjectStores } from '../../platform/storage/stores';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';
import { startBucket, type TestBucket } from '../../../testing/shared-services';

/**
 * Decision 0057's copy: `remotes migrate-store --to s3://...` moves a folder store into a bucket (every whole
 * version, including one stored before version manifests, every content image and client file), checks every copy's
 * SHA-256, can run again, and refuses clearly when the bucket holds something else.
 */
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

let root: string;
let bucket: TestBucket;
let legacy: string;
let published: string;
const dataDir = () => path.join(root, 'data');
const target = 's3://agency-test/moved';

async function migrate(...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, ...bucket.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' };
  delete (env as Record<string, string | undefined>).OBJECT_STORE_URL;
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/remotes.ts', 'migrate-store', ...args],
      {
        cwd: gatewayRoot,
        env,
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'migrate-'));
  bucket = await startBucket();
  const folder = openObjectStores(loadEnv({ DATA_DIR: dataDir() }).objectStore);
  // A version copied in by a gateway from before version manifests: a folder, and the state naming it.
  const old = await fakeRemoteBuild(root, 'legacy');
  legacy = versionOf(await readBuild(old));
  await cp(old, path.join(dataDir(), 'remotes', 'marketing', legacy), { recursive: true });
  await writeFile(
    path.join(dataDir(), 'remotes', 'pointer-state.json'),
    JSON.stringify({ marketing: { current: legacy, previous: [] } }),
  );
  // One published since, with its manifest; and what a publish cut short left.
  // The state file imported into the database the CLI opens, as the gateway's start does, then one publish since.
  const env = loadEnv({ DATA_DIR: dataDir() });
  const database = createDb(env.databaseUrl);
  await database.init();
  await migrateDb(database.db, migrationsFolder);
  await importStateFile(database.db, releaseStorage(database.db, folder.remotes, 'cli'), env.remotesDir);
  const db = database.db;
  published = (await remoteStore({ db, stores: folder }).publish('quoting', await fakeRemoteBuild(root, 'new')))
    .version;
  database.close();
  await mkdir(path.join(dataDir(), 'remotes', 'account', '0.0.1-deadbeefdead'), { recursive: true });
  await writeFile(path.join(dataDir(), 'remotes', 'account', '0.0.1-deadbeefdead', 'remoteEntry.js'), 'half');
  // Content images and client files, and a partial upload an older gateway left.
  await folder.contentImages.put('0f8fad5b-d9cb-469f-a165-70867728950e.png', Buffer.from('png one'));
  await folder.contentImages.put('1f8fad5b-d9cb-469f-a165-70867728950e.webp', Buffer.from('webp two'));
  await folder.files.put('7c9e6679-7425-40de-944b-e07fc1f90ae7', Buffer.from('%PDF-1.7 a client file'));
  await writeFile(path.join(dataDir(), 'files', '8c9e6679-7425-40de-944b-e07fc1f90ae7.part'), 'partial');
});
afterAll(async () => {
  await bucket.stop();
  await rm(root, { recursive: true, force: true });
});

describe('a folder store from before version manifests', () => {
  it('is served as it was: the live version at once, any other whole one once adopted', async () => {
    // A store of its own, laid out as gateways before version manifests left it.
    const remotes = path.join(root, 'legacy-gateway', 'remotes');
    const liveBuild = await fakeRemoteBuild(root, 'legacy');
    const orphanBuild = await fakeRemoteBuild(root, 'orphan');
    const orphan = versionOf(await readBuild(orphanBuild));
    await cp(liveBuild, path.join(remotes, 'marketing', legacy), { recursive: true });
    await cp(orphanBuild, path.join(remotes, 'marketing', orphan), { recursive: true });
    await mkdir(path.join(remotes, 'account', '0.0.1-deadbeefdead'), { recursive: true });
    await writeFile(path.join(remotes, 'account', '0.0.1-deadbeefdead', 'remoteEntry.js'), 'half');
    await writeFile(
      path.join(remotes, 'pointer-state.json'),
      JSON.stringify({ marketing: { current: legacy, previous: [] } }),
    );
    const t = await setupApp({ REMOTES_DIR: remotes });
    try {
      const live = await t.app.request(`/mfe/marketing/${legacy}/remoteEntry.js`);
      expect(live.status).toBe(200);
      expect(await live.text()).toBe('/* legacy */');
      await expect
        .poll(async () => (await t.app.request(`/mfe/marketing/${orphan}/remoteEntry.js`)).status, { timeout: 5000 })
        .toBe(200);
      // What a publish cut short left is never served.
      expect((await t.app.request('/mfe/account/0.0.1-deadbeefdead/remoteEntry.js')).status).toBe(404);
    } finally {
      await t.cleanup();
    }
  });
});

describe('remotes migrate-store', () => {
  it('copies every whole version, image and client file into the bucket and checks each copy', async () => {
    const { code, out } = await migrate('--to', target);
    // The version from before manifests was given its own when the old state file was imported (state-import.ts).
    expect(out).toMatch(/remote build files: 10 copied, 0 already there .*, in 2 versions/);
    expect(out).toContain('not copied, incomplete (an interrupted publish): account/0.0.1-deadbeefdead');
    expect(out).toMatch(/content images: 2 copied, 0 already there/);
    expect(out).toMatch(/client files: 1 copied, 0 already there/);
    expect(out).toContain('SHA-256 matches its source');
    expect(code).toBe(0);

    const moved = openObjectStores(loadEnv({ ...bucket.env, OBJECT_STORE_URL: target }).objectStore);
    const versions = objectVersionFiles(moved.remotes);
    expect(await versions.has('marketing', legacy)).toBe(true);
    expect(await versions.has('quoting', published)).toBe(true);
    expect(await versions.has('account', '0.0.1-deadbeefdead')).toBe(false);
    const entry = (await readObject(moved.remotes, `marketing/${legacy}/remoteEntry.js`))!;
    expect(sha256(entry)).toBe(sha256(Buffer.from('/* legacy */')));
    expect((await readObject(moved.contentImages, '1f8fad5b-d9cb-469f-a165-70867728950e.webp'))!.toString()).toBe(
      'webp two',
    );
    expect((await readObject(moved.files, '7c9e6679-7425-40de-944b-e07fc1f90ae7'))!.toString()).toContain('%PDF');
    expect(await moved.files.head('8c9e6679-7425-40de-944b-e07fc1f90ae7.part')).toBeNull();
  });

  it('runs again without copying anything twice', async () => {
    const puts = bucket.requests.filter((r) => r.method === 'PUT').length;
    const { code, out } = await migrate('--to', target);
    expect(code).toBe(0);
    expect(out).toMatch(/remote build files: 0 copied, 10 already there/);
    expect(out).toMatch(/content images: 0 copied, 2 already there/);
    expect(out).toMatch(/client files: 0 copied, 1 already there/);
    expect(bucket.requests.filter((r) => r.method === 'PUT').length).toBe(puts);
  });

  it('a gateway on the bucket serves what was moved, the version from before manifests included', async () => {
    const t = await setupApp({ ...bucket.env, OBJECT_STORE_URL: target, REMOTES_DIR: path.join(dataDir(), 'remotes') });
    try {
      const res = await t.app.request(`/mfe/marketing/${legacy}/remoteEntry.js`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('/* legacy */');
      expect(bucket.gets(`/moved/remotes/marketing/${legacy}/remoteEntry.js`)).toBeGreaterThanOrEqual(1);
    } finally {
      await t.cleanup();
    }
  });

  it('refuses clearly: no target, or a copy in the bucket that differs from its source', async () => {
    const none = await migrate();
    expect(none.code).toBe(1);
    expect(none.out).toContain('migrate-store needs --to s3://<bucket>/<prefix>');

    await rm(path.join(dataDir(), 'content-images', '0f8fad5b-d9cb-469f-a165-70867728950e.png'));
    await writeFile(path.join(dataDir(), 'content-images', '0f8fad5b-d9cb-469f-a165-70867728950e.png'), 'changed');
    const differs = await migrate('--to', target);
    expect(differs.code).toBe(1);
    expect(differs.out).toMatch(
      /0f8fad5b-d9cb-469f-a165-70867728950e\.png differs from .* remove it, or copy to another prefix or folder/,
    );
  });
});
