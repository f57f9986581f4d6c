import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateDb, migrationsFolder, releaseActions } from '../../platform/db';
import { releaseHistory } from './database-state';
import { openRemoteStore } from './release-storage';
import { folderStore } from '../../platform/storage/folder-store';
import { fakeRemoteBuild, uncheckedPublish } from '../../../test/helpers';

let root: string;
let database: ReturnType<typeof createDb>;
let env: { remotesDir: string };
/** The actions that changed the state or recorded a prune, newest first: every version's checks left out. */
const stateActions = async () =>
  (await releaseHistory(database.db, { limit: 100 })).filter((a) => a.action !== 'checks');
/** The store as the CLI opens it: the state in a real libSQL file, the files in a folder. */
const open = (actor: 'cli' | 'gateway' = 'cli') =>
  uncheckedPublish(openRemoteStore(database.db, folderStore(env.remotesDir), actor));

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'remote-store-'));
  env = { remotesDir: path.join(root, 'remotes') };
  database = createDb(`file:${path.join(root, 'agency.db')}`);
  await database.init();
  await migrateDb(database.db, migrationsFolder);
});
afterEach(async () => {
  database.close();
  await rm(root, { recursive: true, force: true });
});

describe('remote store', () => {
  it('publishes under a content version, ignores an unchanged build, and rolls back', async () => {
    const store = open();
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
    const store = open();
    const build = await fakeRemoteBuild(root, 'one');
    await writeFile(path.join(build, 'mf-stats.json'), JSON.stringify({ exposes: ['a', 'b'] }));
    const first = await store.publish('marketing', build);
    await writeFile(path.join(build, 'mf-stats.json'), JSON.stringify({ exposes: ['b', 'a'] }));
    expect(await store.publish('marketing', build)).toEqual({ version: first.version, changed: false });
  });

  it('refuses a folder that is not a remote build', async () => {
    await expect(open().publish('account', root)).rejects.toThrow(/no mf-manifest.json/);
  });

  it('lets configuration point a remote elsewhere', async () => {
    const store = open();
    await store.publish('account', await fakeRemoteBuild(root, 'one'));
    const pointer = await store.pointer({ account: 'https://cdn.example/account/mf-manifest.json' });
    expect(pointer.remotes.account).toEqual({
      version: 'external',
      entry: 'https://cdn.example/account/mf-manifest.json',
    });
  });

  it('prunes versions that are neither live nor in the history', async () => {
    const store = open();
    const one = await store.publish('account', await fakeRemoteBuild(root, 'one'));
    const two = await store.publish('account', await fakeRemoteBuild(root, 'two'));
    await store.rollback('account');
    expect(await store.prune()).toEqual([`account/${two.version}`]);
    expect((await store.pointer({})).remotes.account?.version).toBe(one.version);
  });
});

describe('release state in the database (decision 0058)', () => {
  it('keeps the state in tables, no file beside the versions, and sees a change made through another handle', async () => {
    const cli = open('cli');
    const gateway = open('gateway');
    const before = await gateway.stateSignature();
    const { version } = await cli.publish('quoting', await fakeRemoteBuild(root, 'one'));
    expect(await gateway.stateSignature()).not.toBe(before);
    expect((await gateway.status()).quoting).toEqual({ current: version, previous: [] });
    const rows = await database.db.all<{ remote: string; current: string }>(
      sql`select remote, current from release_remotes`,
    );
    expect(rows).toEqual([{ remote: 'quoting', current: version }]);
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(env.remotesDir)).sort()).toEqual(['.versions', 'quoting']);
  });

  it('records every action: who, where, when, what, with its details', async () => {
    const cli = open('cli');
    const one = await cli.publish('quoting', await fakeRemoteBuild(root, 'one'));
    const two = await cli.publish('quoting', await fakeRemoteBuild(root, 'two'), { canary: 25 });
    await open('gateway').abort('quoting', { version: two.version, reason: 'worse error rate', automatic: true });
    await cli.publish('quoting', await fakeRemoteBuild(root, 'two'), { canary: 10 });
    await cli.promote('quoting');
    await cli.rollback('quoting');
    await cli.prune();
    const history = (await releaseHistory(database.db)).reverse();
    expect(history.map((r) => [r.actor, r.action, r.remote, r.version, r.details, r.revision])).toEqual([
      // Each version's checks (here skipped, as `--skip-checks` does) take a revision: they decide what may be
      // selected. A version whose checks are recorded is not checked again.
      ['cli', 'checks', 'quoting', one.version, { skipped: true }, 1],
      ['cli', 'publish', 'quoting', one.version, {}, 2],
      ['cli', 'checks', 'quoting', two.version, { skipped: true }, 3],
      ['cli', 'canary', 'quoting', two.version, { share: 25, live: one.version }, 4],
      ['gateway', 'abort', 'quoting', two.version, { reason: 'worse error rate', automatic: true, share: 25 }, 5],
      ['cli', 'canary', 'quoting', two.version, { share: 10, live: one.version }, 6],
      ['cli', 'promote', 'quoting', two.version, { replaced: one.version, share: 10 }, 7],
      ['cli', 'rollback', 'quoting', one.version, { replaced: two.version }, 8],
      ['cli', 'prune', 'quoting', null, { removed: [two.version] }, null],
    ]);
    expect(history.every((r) => r.host.length > 0 && Date.now() - r.at.getTime() < 60_000)).toBe(true);
    // Nothing to prune records nothing; an unchanged publish records nothing either.
    await cli.prune();
    await cli.publish('quoting', await fakeRemoteBuild(root, 'one'));
    expect(await releaseHistory(database.db)).toHaveLength(9);
  });

  it('records a prune with what it removed, without changing the state', async () => {
    const cli = open();
    await cli.publish('account', await fakeRemoteBuild(root, 'one'));
    const two = await cli.publish('account', await fakeRemoteBuild(root, 'two'));
    await cli.rollback('account');
    const signature = await cli.stateSignature();
    await cli.prune();
    const [last] = await releaseHistory(database.db, { remote: 'account', limit: 1 });
    expect(last).toMatchObject({ action: 'prune', revision: null, details: { removed: [two.version] } });
    expect(await cli.stateSignature()).toBe(signature);
  });

  it('gives two writers that race one consistent outcome, whichever wins', async () => {
    const setup = open();
    await setup.publish('quoting', await fakeRemoteBuild(root, 'one'));
    for (let round = 0; round < 5; round++) {
      const canary = await setup.publish('quoting', await fakeRemoteBuild(root, `c${round}`), { canary: 20 });
      // Each operator's command with its own handle, as two CLIs on two machines would be.
      const [promoted, aborted] = await Promise.allSettled([open().promote('quoting'), open().abort('quoting')]);
      const outcomes = [promoted.status, aborted.status].sort();
      expect(outcomes, `round ${round}`).toEqual(['fulfilled', 'rejected']);
      const state = (await setup.status()).quoting!;
      expect(state.canary).toBeUndefined();
      if (promoted.status === 'fulfilled') {
        expect(state.current).toBe(canary.version);
        expect(String((aborted as PromiseRejectedResult).reason)).toMatch(/no canary to abort/);
      } else {
        expect(state.lastAbort?.version).toBe(canary.version);
        expect(String(promoted.reason)).toMatch(/no canary to promote/);
        await setup.publish('quoting', await fakeRemoteBuild(root, `c${round}`)); // live, to keep going
      }
    }
    // Every state change took its own revision, none lost, none twice.
    const revisions = (await releaseHistory(database.db, { limit: 100 })).map((r) => r.revision).filter(Boolean);
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(Math.max(...(revisions as number[]))).toBe(revisions.length);
  });

  it('lets ten writers at once each apply their change on the outcome of the others', async () => {
    const store = open();
    const base = await store.publish('account', await fakeRemoteBuild(root, 'base'));
    const builds = await Promise.all(Array.from({ length: 10 }, (_, i) => fakeRemoteBuild(root, `v${i}`)));
    const versions = await Promise.all(builds.map((b) => open().publish('account', b)));
    expect(versions.every((v) => v.changed)).toBe(true);
    const state = (await store.status()).account!;
    // Each became live in turn: the last one written is live, every other is in the history, none lost.
    expect(state.previous[0]).toBe(base.version);
    expect(new Set([state.current, ...state.previous])).toEqual(
      new Set([base.version, ...versions.map((v) => v.version)]),
    );
    const history = await stateActions();
    expect(history).toHaveLength(11);
    expect(history[0]!.version).toBe(state.current);
  });

  it('makes a version live or a canary only while its files are stored whole', async () => {
    const store = open();
    const one = await store.publish('marketing', await fakeRemoteBuild(root, 'one'));
    const two = await store.publish('marketing', await fakeRemoteBuild(root, 'two'));
    // The version a rollback would return to has lost its files (a disk swapped, a prune from an old CLI).
    await rm(path.join(env.remotesDir, 'marketing', one.version), { recursive: true });
    await rm(path.join(env.remotesDir, '.versions', 'marketing', `${one.version}.json`));
    await expect(store.rollback('marketing')).rejects.toThrow(
      `marketing ${one.version} is not stored whole (its files are missing or were never completed), so it was not made live: publish its build again`,
    );
    expect((await store.status()).marketing?.current).toBe(two.version);

    // A canary whose files vanish before it is promoted is not promoted.
    const three = await store.publish('marketing', await fakeRemoteBuild(root, 'three'), { canary: 5 });
    await rm(path.join(env.remotesDir, 'marketing', three.version), { recursive: true });
    await rm(path.join(env.remotesDir, '.versions', 'marketing', `${three.version}.json`));
    await expect(store.promote('marketing')).rejects.toThrow(/is not stored whole/);
    expect((await store.status()).marketing).toMatchObject({
      current: two.version,
      canary: { version: three.version },
    });
    expect(await stateActions()).toHaveLength(3);
  });

  it('publishes the running canary again as a no-op, and refuses another share of it', async () => {
    const store = open();
    await store.publish('quoting', await fakeRemoteBuild(root, 'one'));
    const build = await fakeRemoteBuild(root, 'two');
    const canary = await store.publish('quoting', build, { canary: 30 });
    expect(await store.publish('quoting', build, { canary: 30 })).toEqual({ version: canary.version, changed: false });
    await expect(store.publish('quoting', build, { canary: 40 })).rejects.toThrow(/promote or abort it first/);
    await expect(store.publish('quoting', build)).rejects.toThrow(/promote or abort it first/);
    expect(await stateActions()).toHaveLength(2);
  });

  it('refuses an abort reason longer than 500 characters, changing nothing', async () => {
    const store = open();
    await store.publish('quoting', await fakeRemoteBuild(root, 'one'));
    await store.publish('quoting', await fakeRemoteBuild(root, 'two'), { canary: 30 });
    await expect(store.abort('quoting', { reason: 'x'.repeat(501) })).rejects.toThrow(
      'an abort reason must be at most 500 characters',
    );
    expect((await store.status()).quoting?.canary).toBeDefined();
  });

  it('reads a row edited by hand into something unsafe as unreadable, never as a pointer', async () => {
    const store = open();
    await store.publish('quoting', await fakeRemoteBuild(root, 'one'));
    for (const edit of [
      sql`update release_remotes set current = '../../etc'`,
      sql`update release_remotes set current = '1.2.3-aaaaaaaaaaaa', canaryVersion = 'x', canaryPercent = 100, canaryStartedAt = 0`,
      sql`update release_remotes set canaryVersion = '</script><script>alert(1)</script>', canaryPercent = 5`,
    ]) {
      await database.db.run(edit);
      await expect(store.pointer({}), String(edit.queryChunks[0])).rejects.toThrow(
        /The release state of quoting in the database is not valid/,
      );
      await database.db.run(
        sql`update release_remotes set current = '1.2.3-aaaaaaaaaaaa', canaryVersion = null, canaryPercent = null, canaryStartedAt = null`,
      );
    }
    // A remote this gateway does not know (a newer gateway's, mid-upgrade) is left out, not an error.
    await database.db.run(sql`insert into release_remotes (remote, current) values ('blog', 'v1')`);
    expect(Object.keys((await store.pointer({})).remotes)).toEqual(['quoting']);
  });

  it('takes a state change and its action together or not at all', async () => {
    const store = open();
    await store.publish('quoting', await fakeRemoteBuild(root, 'one'));
    // The action row cannot be written (here: a trigger refuses it): the state must not change either.
    await database.db.run(
      sql`create trigger refuse_actions before insert on release_actions begin select raise(abort, 'refused'); end`,
    );
    await expect(store.publish('quoting', await fakeRemoteBuild(root, 'two'))).rejects.toThrow(/refused/);
    expect((await store.status()).quoting?.previous).toEqual([]);
    // The first version's checks (skipped) and its publish: nothing of the second.
    expect(await database.db.$count(releaseActions)).toBe(2);
  });
});
