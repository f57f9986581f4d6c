import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTPException } from 'hono/http-exception';
import { createLogger } from '../../platform/logger';
import { folderStore } from '../../platform/storage/folder-store';
import type { ObjectStore } from '../../platform/storage/object-store';
import { releaseUploads } from './uploads';
import { manifestKey, objectVersionFiles } from './version-files';

// A version's manifest and an upload's declaration are stored JSON, read by their schema: one that does not parse
// (a hand edit, a disk fault) is logged and treated as missing, never a thrown SyntaxError, and a publish mends it.
let root: string;
let store: ObjectStore;
const logged: { msg: string }[] = [];
const logger = createLogger('warn', (line) => void logged.push(JSON.parse(line) as { msg: string }));
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'manifest-unreadable-'));
  store = folderStore(path.join(root, 'store'));
  await mkdir(path.join(root, 'dist'));
  await writeFile(path.join(root, 'dist', 'remoteEntry.js'), 'export {};');
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Writes `text` where the store keeps `key`, as a hand edit would. */
const overwrite = async (key: string, text: string) => {
  await store.delete(key);
  await store.put(key, Buffer.from(text));
};

describe('a stored version manifest that does not parse', () => {
  it('leaves its version not stored whole, with a warning, until it is published again', async () => {
    const versions = objectVersionFiles(store, logger);
    await versions.put('quoting', '1.0.0-abc', path.join(root, 'dist'));
    expect(await versions.has('quoting', '1.0.0-abc')).toBe(true);
    for (const text of ['{ not JSON', JSON.stringify({ remote: 'quoting', version: '1.0.0-abc', files: 'none' })]) {
      await overwrite(manifestKey('quoting', '1.0.0-abc'), text);
      expect(await versions.manifest('quoting', '1.0.0-abc')).toBeNull();
      expect(await versions.has('quoting', '1.0.0-abc')).toBe(false);
    }
    expect(logged.some((l) => l.msg === 'stored version manifest unreadable: the version is not served')).toBe(true);
    // Published again: its files are checked and its manifest written anew.
    await versions.put('quoting', '1.0.0-abc', path.join(root, 'dist'));
    expect((await versions.manifest('quoting', '1.0.0-abc'))?.files).toHaveProperty('remoteEntry.js');
  });
});

describe('an upload declaration that does not parse', () => {
  it('is removed with a warning: a file sent for it is refused 404, and a new declaration starts again', async () => {
    const versions = objectVersionFiles(store, logger);
    const uploads = releaseUploads(store, versions, logger);
    const quota = { storedBytes: 1024 * 1024, admit: async () => {} };
    const files = [{ path: 'mf-manifest.json', size: 2, sha256: hashOf('{}') }];
    const { version } = await uploads.declare('quoting', { buildVersion: '2.0.0', files }, quota);
    await overwrite(`.uploads/quoting/${version}.json`, '{ not JSON');
    const refused = await uploads.receive('quoting', version, hashOf('{}'), Buffer.from('{}')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HTTPException);
    expect((refused as HTTPException).status).toBe(404);
    expect(logged.some((l) => l.msg === 'upload declaration unreadable: removed, to be declared again')).toBe(true);
    const again = await uploads.declare('quoting', { buildVersion: '2.0.0', files }, quota);
    expect(again).toMatchObject({ version, missing: [hashOf('{}')], complete: false });
  });
});
