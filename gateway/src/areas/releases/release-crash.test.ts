import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateDb, migrationsFolder } from '../../platform/db';
import { releaseHistory } from './database-state';
import { openRemoteStore } from './release-storage';
import { folderStore } from '../../platform/storage/folder-store';
import { fakeRemoteBuild, uncheckedPublish } from '../../../test/helpers';

/**
 * Decision 0058, the state's side: the `remotes` CLI killed with SIGKILL at any moment of a publish or a promotion,
 * against a real libSQL file, leaves the old or the new version live, never a version with missing files, never a
 * state without its action, and nothing (no lock) in the way of the next command.
 */
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');
const FILES_PER_BUILD = 300;
let root: string;
let database: ReturnType<typeof createDb>;
const env = () => ({ remotesDir: path.join(root, 'remotes') });
const store = () => uncheckedPublish(openRemoteStore(database.db, folderStore(env().remotesDir), 'cli'));

/** A build big enough that copying it takes a while: the kill may land while its files are copied. */
async function bigBuild(label: string): Promise<string> {
  const dir = await fakeRemoteBuild(root, label);
  await Promise.all(
    Array.from({ length: FILES_PER_BUILD }, (_, i) =>
      writeFile(path.join(dir, `chunk-${i}.js`), `/* ${label} ${i} */ ${'x'.repeat(4000)}`),
    ),
  );
  return dir;
}

/** Runs the CLI and, when `killAfterMs` is given, kills it with SIGKILL then; resolves with how it ended. */
function runCli(
  args: string[],
  killAfterMs?: number,
): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/remotes.ts', ...args], {
    cwd: gatewayRoot,
    env: { ...process.env, DATA_DIR: root, LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ms: Date.now() - started });
    }),
  );
}

/** The live version's files are all there: a whole version, as published. */
async function wholeVersion(remote: string, version: string): Promise<boolean> {
  const files = await readdir(path.join(root, 'remotes', remote, version)).catch(() => []);
  return files.length === FILES_PER_BUILD + 4;
}

async function integrity(): Promise<string> {
  const [row] = await database.db.all<{ integrity_check: string }>(sql`pragma integrity_check`);
  return row!.integrity_check;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'release-crash-'));
  database = createDb(`file:${path.join(root, 'agency.db')}`);
  await database.init();
  await migrateDb(database.db, migrationsFolder);
});
afterAll(async () => {
  database.close();
  await rm(root, { recursive: true, force: true });
});

describe('a release command killed at any moment', () => {
  it('leaves the old or the new version live after a publish, whole, and recorded exactly when it is live', async () => {
    let live = (await store().publish('quoting', await bigBuild('base'))).version;
    // How long a whole publish takes here: the kills below spread over its second half and beyond, where the files
    // are copied and the state is written (the first half is Node starting).
    const whole = await runCli(['publish', 'account', await bigBuild('timing'), '--skip-checks']);
    expect(whole.code).toBe(0);
    const kills = 6;
    const outcomes: string[] = [];
    for (let k = 0; k < kills; k++) {
      const build = await bigBuild(`kill-${k}`);
      const killAt = Math.round(whole.ms * (0.4 + 0.25 * k));
      const ended = await runCli(['publish', 'quoting', build, '--skip-checks'], killAt);
      const state = (await store().status()).quoting!;
      const published = (await releaseHistory(database.db, { remote: 'quoting', limit: 100 }))
        .filter((a) => a.action === 'publish')
        .map((a) => a.version);
      expect(await integrity()).toBe('ok');
      expect(await wholeVersion('quoting', state.current), `kill ${k}: ${state.current}`).toBe(true);
      if (state.current === live) {
        outcomes.push(`${killAt} ms: killed, old live`);
        expect(ended.signal ?? 'exited', `kill ${k}: the old version stayed, so the publish was stopped`).toBe(
          'SIGKILL',
        );
      } else {
        outcomes.push(`${killAt} ms: ${ended.signal ? 'killed, new live' : 'finished'}`);
        expect(state.previous.at(-1), `kill ${k}`).toBe(live);
        // The new version is live only with its action recorded, in the same transaction.
        expect(published).toContain(state.current);
        live = state.current;
      }
      expect(published.filter((v) => v === state.current).length).toBeLessThanOrEqual(1);
    }
    // Nothing left in the way: the next command runs at once and makes its version live.
    const next = await runCli(['publish', 'quoting', await bigBuild('after'), '--skip-checks']);
    expect(next.code).toBe(0);
    expect((await store().status()).quoting?.previous.at(-1)).toBe(live);
    console.info(`a whole publish: ${whole.ms} ms; killed at: ${outcomes.join('; ')}`);
    // The kills reached both sides of the commit: some left the old version, some the new one.
    expect(outcomes.some((o) => o.includes('old live'))).toBe(true);
    expect(outcomes.some((o) => !o.includes('old live'))).toBe(true);
  }, 300_000);

  it('leaves the canary running or promoted after a promotion, never half of each', async () => {
    const setup = store();
    await setup.publish('marketing', await bigBuild('m-live'));
    const timing = await setup.publish('marketing', await bigBuild('m-timing'), { canary: 10 });
    const whole = await runCli(['promote', 'marketing']);
    expect(whole.code).toBe(0);
    expect((await setup.status()).marketing?.current).toBe(timing.version);
    const kills = 4;
    for (let k = 0; k < kills; k++) {
      const before = (await setup.status()).marketing!;
      const canary = (await setup.publish('marketing', await bigBuild(`m-${k}`), { canary: 20 })).version;
      await runCli(['promote', 'marketing'], Math.round(whole.ms * (0.4 + 0.35 * k)));
      const after = (await setup.status()).marketing!;
      expect(await integrity()).toBe('ok');
      if (after.canary) {
        expect(after).toEqual({ ...before, canary: { version: canary, percent: 20, startedAt: expect.any(String) } });
        await setup.abort('marketing');
      } else {
        expect(after.current).toBe(canary);
        expect(after.previous.at(-1)).toBe(before.current);
        const [last] = await releaseHistory(database.db, { remote: 'marketing', limit: 1 });
        expect(last).toMatchObject({ action: 'promote', version: canary });
      }
    }
  }, 300_000);
});
