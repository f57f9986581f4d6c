import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../platform/env';
import { createLogger } from '../../platform/logger';
import { openObjectStores } from '../../platform/storage/stores';
import { fakeRemoteBuild } from '../../../test/helpers';
import { manifestKey, objectVersionFiles } from '../releases';
import { copyLines, migrateStore } from './copy-stores';

/**
 * A copy of the stores (migrate-store, a backup, a restore) leaves out a version whose manifest cannot be read, as
 * it is not served, and says so: a warning naming the version, and a line of the report.
 */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'copy-stores-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const storesIn = (dir: string) => openObjectStores(loadEnv({ DATA_DIR: path.join(root, dir) }).objectStore);

describe('a version whose manifest cannot be read', () => {
  it('is not copied, with a warning naming it, and the other versions are', async () => {
    const from = storesIn('from');
    const to = storesIn('to');
    const versions = objectVersionFiles(from.remotes, createLogger('silent'));
    await versions.put('marketing', '1.0.0-good', await fakeRemoteBuild(root, 'good'));
    await versions.put('marketing', '1.0.1-damaged', await fakeRemoteBuild(root, 'damaged'));
    await from.remotes.delete(manifestKey('marketing', '1.0.1-damaged'));
    await from.remotes.put(manifestKey('marketing', '1.0.1-damaged'), Buffer.from('{"remote": "marketing", "fi'));

    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('warn', (l) => lines.push(JSON.parse(l) as Record<string, unknown>));
    const report = await migrateStore(from, to, 'verify', logger);

    expect(lines.filter((l) => l.msg === 'version not copied: its manifest cannot be read')).toMatchObject([
      { level: 'warn', remote: 'marketing', version: '1.0.1-damaged' },
    ]);
    expect(report.remotes.versions).toBe(1);
    expect(report.remotes.unreadable).toEqual(['marketing/1.0.1-damaged']);
    expect(copyLines(report)).toContain(
      'not copied, its manifest cannot be read (publish it again): marketing/1.0.1-damaged',
    );
    expect(await objectVersionFiles(to.remotes).complete('marketing')).toEqual(['1.0.0-good']);
  });
});
