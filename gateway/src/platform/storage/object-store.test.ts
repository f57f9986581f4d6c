import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { sha256 } from '../../areas/releases/content-version';
import { objectVersionFiles } from '../../areas/releases/version-files';
import { folderStore } from './folder-store';
import { readObject, type ObjectStore } from './object-store';
import { openObjectStores } from './stores';
import { fakeRemoteBuild } from '../../../test/helpers';
import { startBucket, type TestBucket } from '../../../testing/shared-services';

/**
 * The object store's contract (decision 0057), run against both backends: a folder on this machine and a real
 * S3-compatible server (s3rver on loopback). What one answers, the other answers the same.
 */
let root: string;
let bucket: TestBucket;
const backends: Record<string, () => ObjectStore> = {};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'object-store-'));
  bucket = await startBucket();
  const folder = openObjectStores(loadEnv({ DATA_DIR: path.join(root, 'data') }).objectStore);
  const s3 = openObjectStores(loadEnv({ DATA_DIR: path.join(root, 'data'), ...bucket.env }).objectStore);
  backends.folder = () => folder.files;
  backends.s3 = () => s3.files;
  backends['folder remotes'] = () => folder.remotes;
  backends['s3 remotes'] = () => s3.remotes;
});
afterAll(async () => {
  await bucket.stop();
  await rm(root, { recursive: true, force: true });
});

const text = async (store: ObjectStore, key: string) => (await readObject(store, key))?.toString('utf8') ?? null;

describe.each(['folder', 's3'])('the %s object store', (backend) => {
  const store = () => backends[backend]!();

  it('stores, heads and reads back an object; a missing one is null', async () => {
    expect(
      await store().put('a/b/hello world é.txt', Buffer.from('hello'), { sha256: sha256(Buffer.from('hello')) }),
    ).toBe(true);
    const info = await store().head('a/b/hello world é.txt');
    expect(info).toMatchObject({ key: 'a/b/hello world é.txt', size: 5 });
    expect(info!.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await text(store(), 'a/b/hello world é.txt')).toBe('hello');
    expect(await store().head('a/b/missing')).toBeNull();
    expect(await store().get('a/b/missing')).toBeNull();
  });

  it('never overwrites: a second put of the same key stores nothing and says so', async () => {
    expect(await store().put('keep.txt', Buffer.from('first'))).toBe(true);
    expect(await store().put('keep.txt', Buffer.from('second, longer'))).toBe(false);
    expect(await text(store(), 'keep.txt')).toBe('first');
  });

  it('answers a byte range', async () => {
    await store().put('range.bin', Buffer.from('0123456789'));
    const part = (await store().get('range.bin', { start: 2, end: 5 }))!;
    const chunks: Buffer[] = [];
    for await (const chunk of part.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect(part.info.size).toBe(10);
  });

  it('lists every object below a prefix and the folders one level down; deletes one or a whole folder', async () => {
    for (const key of ['l/x/1', 'l/x/2', 'l/y/deep/3', 'l/top']) await store().put(key, Buffer.from(key));
    const keys: string[] = [];
    for await (const info of store().list('l/')) keys.push(info.key);
    expect(keys.sort()).toEqual(['l/top', 'l/x/1', 'l/x/2', 'l/y/deep/3']);
    expect((await store().folders('l/')).sort()).toEqual(['x', 'y']);
    await store().delete('l/top');
    await store().deletePrefix('l/x/');
    const left: string[] = [];
    for await (const info of store().list('l/')) left.push(info.key);
    expect(left).toEqual(['l/y/deep/3']);
  });

  it('stores a large file from disk whole (in parts, for a bucket)', async () => {
    const file = path.join(root, `large-${backend}.bin`);
    const bytes = Buffer.alloc(17 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    await writeFile(file, bytes);
    expect(await store().put('large.bin', { file }, { sha256: sha256(bytes) })).toBe(true);
    expect((await store().head('large.bin'))!.size).toBe(bytes.length);
    expect(sha256((await readObject(store(), 'large.bin'))!)).toBe(sha256(bytes));
  });

  it('refuses keys that are not plain paths', async () => {
    for (const key of ['../x', 'a//b', './a', 'a/../b', '', 'a\\b', 'a\0b'])
      await expect(store().put(key, Buffer.from('x')), key).rejects.toThrow(/not an object key/);
  });
});

describe('a bucket records each object SHA-256; a folder is read in place', () => {
  it('heads a bucket object with the hash given at its put', async () => {
    const bytes = Buffer.from('hashed');
    await backends.s3!().put('hashed.txt', bytes, { sha256: sha256(bytes) });
    expect((await backends.s3!().head('hashed.txt'))!.sha256).toBe(sha256(bytes));
    expect(await backends.s3!().localPath('hashed.txt')).toBeNull();
    await backends.folder!().put('hashed.txt', bytes);
    expect(await backends.folder!().localPath('hashed.txt')).toMatch(/files\/hashed\.txt$/);
  });

  it('a folder store never follows a link out of its folder', async () => {
    const dir = path.join(root, 'linked');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    await symlink(path.join(root, 'secret.txt'), path.join(dir, 'link.txt'));
    const store = folderStore(dir);
    expect(await store.head('link.txt')).toBeNull();
    expect(await store.get('link.txt')).toBeNull();
    const listed: string[] = [];
    for await (const info of store.list('')) listed.push(info.key);
    expect(listed).toEqual([]);
  });
});

describe.each(['folder remotes', 's3 remotes'])('versions in the %s store', (backend) => {
  const store = () => backends[backend]!();

  it('is whole only once its manifest is written, listing each file with its size and hash', async () => {
    const versions = objectVersionFiles(store());
    const build = await fakeRemoteBuild(root, `v-${backend.replace(' ', '-')}`);
    expect(await versions.has('marketing', '1.0.0-aaaaaaaaaaaa')).toBe(false);
    await versions.put('marketing', '1.0.0-aaaaaaaaaaaa', build);
    expect(await versions.has('marketing', '1.0.0-aaaaaaaaaaaa')).toBe(true);
    const manifest = (await versions.manifest('marketing', '1.0.0-aaaaaaaaaaaa'))!;
    expect(Object.keys(manifest.files).sort()).toEqual([
      '__federation_expose_page.0123456789.css',
      '__federation_expose_page.0123456789.js',
      'mf-manifest.json',
      'remoteEntry.js',
    ]);
    expect(manifest.files['remoteEntry.js']).toEqual({
      size: Buffer.byteLength(`/* v-${backend.replace(' ', '-')} */`),
      sha256: sha256(Buffer.from(`/* v-${backend.replace(' ', '-')} */`)),
    });
    expect(await versions.complete('marketing')).toEqual(['1.0.0-aaaaaaaaaaaa']);
  });

  it('an upload cut short is not whole; the next put keeps what is there, adds the rest and seals it', async () => {
    const versions = objectVersionFiles(store());
    const build = await fakeRemoteBuild(root, `cut-${backend.replace(' ', '-')}`);
    // What a publisher killed after two files leaves: files, no manifest.
    await store().put(
      'quoting/2.0.0-bbbbbbbbbbbb/remoteEntry.js',
      Buffer.from(`/* cut-${backend.replace(' ', '-')} */`),
    );
    await store().put('quoting/2.0.0-bbbbbbbbbbbb/mf-manifest.json', Buffer.from('{"label":"older"}'));
    expect(await versions.has('quoting', '2.0.0-bbbbbbbbbbbb')).toBe(false);
    expect(await versions.list('quoting')).toContain('2.0.0-bbbbbbbbbbbb');
    await versions.put('quoting', '2.0.0-bbbbbbbbbbbb', build);
    expect(await versions.has('quoting', '2.0.0-bbbbbbbbbbbb')).toBe(true);
    const manifest = (await versions.manifest('quoting', '2.0.0-bbbbbbbbbbbb'))!;
    // Never overwritten: the manifest lists what is stored.
    expect(manifest.files['mf-manifest.json']!.sha256).toBe(sha256(Buffer.from('{"label":"older"}')));
    expect(Object.keys(manifest.files)).toHaveLength(4);
    await versions.remove('quoting', '2.0.0-bbbbbbbbbbbb');
    expect(await versions.has('quoting', '2.0.0-bbbbbbbbbbbb')).toBe(false);
    expect(await versions.list('quoting')).not.toContain('2.0.0-bbbbbbbbbbbb');
  });
});
