import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateDb, migrationsFolder } from '../../platform/db';
import { readBuild, versionOf } from './content-version';
import { releaseHistory } from './database-state';
import { openRemoteStore, releaseStorage } from './release-storage';
import { folderStore } from '../../platform/storage/folder-store';
import { describeImport, importStateFile } from './state-import';
import { fakeRemoteBuild, uncheckedPublish } from '../../../test/helpers';

/** Decision 0058: a store from before decision 0058 keeps its releases on the first start after the upgrade. */
let root: string;
let env: { remotesDir: string };
const handles: ReturnType<typeof createDb>[] = [];

/** A gateway's or CLI's own connection to the one database file. */
async function connect() {
  const database = createDb(`file:${path.join(root, 'agency.db')}`);
  await database.init();
  await migrateDb(database.db, migrationsFolder);
  handles.push(database);
  return database.db;
}

/** The versions of the old store: content versions of real builds, as the old publish named them. */
const v = { a: '', b: '', c: '', e: '' };
/** What the old folder backend left: pointer-state.json beside the versions' folders. */
const oldState = () => ({
  quoting: {
    current: v.b,
    previous: [v.a],
    canary: { version: v.c, percent: 15, startedAt: '2026-11-20T09:00:00.000Z' },
    lastAbort: {
      version: '1.0.0-dddddddddddd',
      at: '2026-11-19T09:00:00.000Z',
      reason: 'error rate 30.0% over 240 page loads',
      automatic: true,
    },
  },
  marketing: { current: v.e, previous: [] },
});
let OLD_STATE: ReturnType<typeof oldState>;
const stateFile = () => path.join(env.remotesDir, 'pointer-state.json');

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'state-import-'));
  env = { remotesDir: path.join(root, 'remotes') };
  // Version folders as the old backend copied them: no manifests.
  for (const [name, label] of [
    ['quoting', 'a'],
    ['quoting', 'b'],
    ['quoting', 'c'],
    ['marketing', 'e'],
  ] as const) {
    const build = await fakeRemoteBuild(root, label);
    v[label] = versionOf(await readBuild(build));
    await cp(build, path.join(env.remotesDir, name, v[label]), { recursive: true });
  }
  OLD_STATE = oldState();
  await writeFile(stateFile(), JSON.stringify(OLD_STATE, null, 2));
});
afterEach(async () => {
  for (const h of handles.splice(0)) h.close();
  await rm(root, { recursive: true, force: true });
});

describe('upgrade in place: the old state file', () => {
  it('is imported once into the empty database, recorded, and renamed so an operator sees it happened', async () => {
    const db = await connect();
    const outcome = await importStateFile(
      db,
      releaseStorage(db, folderStore(env.remotesDir), 'gateway'),
      env.remotesDir,
    );
    expect(outcome).toEqual({
      kind: 'imported',
      file: stateFile(),
      renamedTo: `${stateFile()}.imported`,
      remotes: ['marketing', 'quoting'],
      missing: [],
    });
    expect(describeImport(outcome)).toEqual({
      level: 'info',
      message: `Imported the release state of marketing, quoting from ${stateFile()} into the database; the file is now ${stateFile()}.imported`,
    });
    const store = openRemoteStore(db, folderStore(env.remotesDir), 'cli');
    expect(await store.status()).toEqual(OLD_STATE);
    expect(JSON.parse(await readFile(`${stateFile()}.imported`, 'utf8'))).toEqual(OLD_STATE);
    expect((await readdir(env.remotesDir)).sort()).toEqual([
      '.versions',
      'marketing',
      'pointer-state.json.imported',
      'quoting',
    ]);
    const [action] = await releaseHistory(db);
    expect(action).toMatchObject({
      actor: 'gateway',
      action: 'import',
      revision: 1,
      details: { file: stateFile(), remotes: ['marketing', 'quoting'] },
    });

    // The next start finds nothing to import; the imported canary is promoted as any other.
    expect(await importStateFile(db, releaseStorage(db, folderStore(env.remotesDir), 'cli'), env.remotesDir)).toEqual({
      kind: 'none',
    });
    // Versions from before pre-flight checks have none recorded: one is promoted once its checks are (here the
    // operator's skip; `remotes check` runs them).
    await expect(store.promote('quoting')).rejects.toThrow(`quoting ${v.c} has no pre-flight checks recorded`);
    await store.skipChecks('quoting', v.c);
    expect(await store.promote('quoting')).toEqual({ from: v.b, to: v.c });
  });

  it('is imported by exactly one of several instances starting at once', async () => {
    const dbs = [await connect(), await connect(), await connect()];
    const outcomes = await Promise.all(
      dbs.map((db) => importStateFile(db, releaseStorage(db, folderStore(env.remotesDir), 'gateway'), env.remotesDir)),
    );
    expect(outcomes.filter((o) => o.kind === 'imported')).toHaveLength(1);
    expect(outcomes.every((o) => o.kind === 'imported' || o.kind === 'imported-elsewhere' || o.kind === 'none')).toBe(
      true,
    );
    expect((await releaseHistory(dbs[0]!)).map((a) => a.action)).toEqual(['import']);
    expect(await openRemoteStore(dbs[1]!, folderStore(env.remotesDir), 'cli').status()).toEqual(OLD_STATE);
    expect((await readdir(env.remotesDir)).filter((f) => f.startsWith('pointer-state'))).toEqual([
      'pointer-state.json.imported',
    ]);
  });

  it('is left alone, with a warning, when the database already holds release state of its own', async () => {
    const db = await connect();
    // Released through the database since the upgrade; then an old state file turns up (copied from a backup).
    const store = uncheckedPublish(openRemoteStore(db, folderStore(env.remotesDir), 'cli'));
    const { version } = await store.publish('account', await fakeRemoteBuild(root, 'account'));
    const outcome = await importStateFile(db, releaseStorage(db, folderStore(env.remotesDir), 'cli'), env.remotesDir);
    expect(outcome).toEqual({ kind: 'ignored', file: stateFile() });
    expect(describeImport(outcome)?.level).toBe('warn');
    expect(await store.status()).toEqual({ account: { current: version, previous: [] } });
    expect(JSON.parse(await readFile(stateFile(), 'utf8'))).toEqual(OLD_STATE);
  });

  it('sets an empty file aside and imports nothing', async () => {
    const db = await connect();
    await writeFile(stateFile(), '{}');
    const outcome = await importStateFile(db, releaseStorage(db, folderStore(env.remotesDir), 'cli'), env.remotesDir);
    expect(outcome).toMatchObject({ kind: 'imported', remotes: [], renamedTo: `${stateFile()}.imported` });
    expect(await releaseHistory(db)).toEqual([]);
  });

  it('names the live and canary versions whose files the store lacks', async () => {
    await rm(path.join(env.remotesDir, 'quoting', v.c), { recursive: true });
    const db = await connect();
    const outcome = await importStateFile(
      db,
      releaseStorage(db, folderStore(env.remotesDir), 'gateway'),
      env.remotesDir,
    );
    expect(outcome).toMatchObject({ kind: 'imported', missing: [`quoting/${v.c}`] });
    expect(describeImport(outcome)).toMatchObject({
      level: 'warn',
      message: expect.stringContaining(`have no files in the store: quoting/${v.c}`),
    });
  });

  it('refuses a file it cannot trust, naming it and what is wrong, and imports nothing', async () => {
    const db = await connect();
    for (const [content, why] of [
      ['{ not json', 'it is not JSON'],
      ['[]', 'it is not an object'],
      [JSON.stringify({ quoting: { current: '../../etc', previous: [] } }), 'quoting.current is not a version name'],
      [
        JSON.stringify({ quoting: { ...OLD_STATE.quoting, canary: { ...OLD_STATE.quoting.canary, percent: 100 } } }),
        'quoting.canary.percent',
      ],
    ]) {
      await writeFile(stateFile(), content!);
      await expect(
        importStateFile(db, releaseStorage(db, folderStore(env.remotesDir), 'gateway'), env.remotesDir),
      ).rejects.toThrow(`The old release state file ${stateFile()} cannot be imported into the database: ${why}`);
    }
    expect(await releaseHistory(db)).toEqual([]);
    expect(await readFile(stateFile(), 'utf8')).toContain('"percent":100');
  });
});
