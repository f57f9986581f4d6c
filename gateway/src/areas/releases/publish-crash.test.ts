import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuild, versionOf } from './content-version';
import { manifestKey } from './version-files';
import { fakeRemoteBuild, remoteStore, setupApp } from '../../../test/helpers';
import { startBucket, type TestBucket } from '../../../testing/shared-services';

/**
 * Decisions 0057 and 0058, the files' side: a publisher killed (SIGKILL) while it uploads a version to the bucket leaves
 * the live version live and the half-uploaded one neither selectable nor served; the next publish completes it.
 */
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');
const FILES = 300;

let bucket: TestBucket;
let t: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  bucket = await startBucket();
  t = await setupApp(bucket.env);
}, 30_000);
afterAll(async () => {
  await t.cleanup();
  await bucket.stop();
}, 30_000);

/** PUTs of the version's own files (not its manifest) the bucket has received. */
const putsOf = (version: string) =>
  bucket.requests.filter((r) => r.method === 'PUT' && r.url.includes(`/site/remotes/marketing/${version}/`));

describe('a publisher killed mid-upload', () => {
  it('leaves the old version live and the new one unserved, and the next publish completes it', async () => {
    const store = remoteStore(t);
    const live = (await store.publish('marketing', await fakeRemoteBuild(t.root, 'live'))).version;

    const dir = await fakeRemoteBuild(t.root, 'big');
    for (let i = 0; i < FILES; i++)
      await writeFile(path.join(dir, `chunk-${i}.0123456789.js`), `/* ${i} */ ${'x'.repeat(40_000)}`);
    const next = versionOf(await readBuild(dir));

    const publisher = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/remotes.ts', 'publish', 'marketing', dir, '--skip-checks'],
      {
        cwd: gatewayRoot,
        env: { ...process.env, DATA_DIR: t.env.dataDir, LOG_LEVEL: 'silent', ...bucket.env },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<number | null>((resolve) =>
      publisher.once('exit', (_code, signal) => resolve(signal ? null : _code)),
    );
    const deadline = Date.now() + 60_000;
    while (putsOf(next).length < 30) {
      if (Date.now() > deadline) throw new Error('the publisher never started uploading');
      if (publisher.exitCode !== null) throw new Error(`the publisher exited (${publisher.exitCode}) before the kill`);
      await new Promise((r) => setTimeout(r, 5));
    }
    publisher.kill('SIGKILL');
    expect(await exited).toBeNull();
    const uploaded = putsOf(next).length;
    expect(uploaded).toBeLessThan(FILES);

    // The bucket holds some of its files, no manifest: not whole, not selected, not served.
    // Uploaded in the order of their paths: the first is there.
    expect(await t.stores.remotes.head(`marketing/${next}/__federation_expose_page.0123456789.css`)).not.toBeNull();
    expect(await t.stores.remotes.head(manifestKey('marketing', next))).toBeNull();
    expect((await store.status()).marketing!.current).toBe(live);
    const pointer = (await (await t.app.request('/mfe/pointer.json')).json()) as {
      remotes: Record<string, { version: string }>;
    };
    expect(pointer.remotes.marketing!.version).toBe(live);
    for (const file of ['__federation_expose_page.0123456789.css', 'remoteEntry.js', 'mf-manifest.json'])
      expect((await t.app.request(`/mfe/marketing/${next}/${file}`)).status, file).toBe(404);

    // The next publish stores what is missing (never what is there), checks it all, and only then makes it live.
    const before = bucket.requests.length;
    expect(await store.publish('marketing', dir)).toEqual({ version: next, changed: true });
    const putAgain = bucket.requests
      .slice(before)
      .filter((r) => r.method === 'PUT' && r.url.includes(`/site/remotes/marketing/${next}/`)).length;
    expect(putAgain).toBeLessThanOrEqual(FILES + 4 - uploaded + 8);
    expect(putAgain).toBeGreaterThan(0);
    expect(await t.stores.remotes.head(manifestKey('marketing', next))).not.toBeNull();
    await expect
      .poll(async () => (await t.app.request(`/mfe/marketing/${next}/chunk-${FILES - 1}.0123456789.js`)).status, {
        timeout: 5000,
      })
      .toBe(200);
    expect((await t.app.request(`/mfe/marketing/${next}/remoteEntry.js`)).status).toBe(200);
  }, 120_000); // Spawns the CLI (tsx) twice and uploads 300 files: slow on a busy two-core host.
});
