import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRemoteStore } from '../src/releases/remote-store';
import { fakeRemoteBuild } from './helpers';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'remote-store-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('remote store', () => {
  it('publishes under a content version, ignores an unchanged build, and rolls back', async () => {
    const store = createRemoteStore(path.join(root, 'remotes'));
    const first = await store.publish('quoting', await fakeRemoteBuild(root, 'one'));
    expect(first).toEqual({ version: expect.stringMatching(/^1\.2\.3-[0-9a-f]{12}$/), changed: true });
    expect(await store.publish('quoting', await fakeRemoteBuild(root, 'one'))).toEqual({
      version: first.version,
      changed: false,
    });

    const second = await store.publish('quoting', await fakeRemoteBuild(root, 'two'));
    expect(second.version).not.toBe(first.version);
    expect((await store.pointer({})).remotes.quoting?.version).toBe(second.version);

    expect(await store.rollback('quoting')).toEqual({ from: second.version, to: first.version });
    expect((await store.pointer({})).remotes.quoting?.entry).toBe(`/mfe/quoting/${first.version}/mf-manifest.json`);
    await expect(store.rollback('quoting')).rejects.toThrow(/No earlier version/);
  });

  it('gives a rebuild whose tool statistics list entries in another order the same version', async () => {
    const store = createRemoteStore(path.join(root, 'remotes'));
    const build = await fakeRemoteBuild(root, 'one');
    await writeFile(path.join(build, 'mf-stats.json'), JSON.stringify({ exposes: ['a', 'b'] }));
    const first = await store.publish('marketing', build);
    await writeFile(path.join(build, 'mf-stats.json'), JSON.stringify({ exposes: ['b', 'a'] }));
    expect(await store.publish('marketing', build)).toEqual({ version: first.version, changed: false });
  });

  it('refuses a folder that is not a remote build', async () => {
    const store = createRemoteStore(path.join(root, 'remotes'));
    await expect(store.publish('account', root)).rejects.toThrow(/no mf-manifest.json/);
  });

  it('lets configuration point a remote elsewhere', async () => {
    const store = createRemoteStore(path.join(root, 'remotes'));
    await store.publish('account', await fakeRemoteBuild(root, 'one'));
    const pointer = await store.pointer({ account: 'https://cdn.example/account/mf-manifest.json' });
    expect(pointer.remotes.account).toEqual({
      version: 'external',
      entry: 'https://cdn.example/account/mf-manifest.json',
    });
  });

  it('prunes versions that are neither live nor in the history', async () => {
    const store = createRemoteStore(path.join(root, 'remotes'));
    const one = await store.publish('account', await fakeRemoteBuild(root, 'one'));
    const two = await store.publish('account', await fakeRemoteBuild(root, 'two'));
    await store.rollback('account');
    expect(await store.prune()).toEqual([`account/${two.version}`]);
    expect((await store.pointer({})).remotes.account?.version).toBe(one.version);
  });
});
