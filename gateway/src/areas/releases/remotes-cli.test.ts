/**
 * `remotes publish <name> <dir>` resolves the folder from where a person runs it, also through `pnpm --filter` and
 * `pnpm remotes` (which run the script in the gateway's folder; pnpm passes the first folder as INIT_CWD), and a
 * folder that is not a build is named as such, with the command that makes one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildFolder } from '../../cli/build-folder';
import { fakeRemoteBuild } from '../../../test/helpers';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');
let root = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'remotes-cli-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The command as a person types it at the repository's root. */
async function pnpm(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'error' };
  // As in a fresh shell: pnpm sets it to the folder it is run from (this test itself runs under pnpm).
  delete env.INIT_CWD;
  try {
    const { stdout, stderr } = await run('pnpm', args, { cwd: repo, env });
    return { code: 0, said: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, said: e.stdout + e.stderr };
  }
}

it('publishes a build named relative to where it is run, through pnpm --filter', async () => {
  const build = path.relative(repo, await fakeRemoteBuild(root, 'relative'));
  // The build is a stand-in (its files make no remote): this is about where the folder is looked for; the checks
  // themselves are browser-checks.test.ts's.
  const filtered = await pnpm(
    '--filter',
    '@agency/gateway',
    'run',
    'remotes',
    'publish',
    'quoting',
    build,
    '--skip-checks',
  );
  expect(filtered.said).toMatch(/quoting: live version is now \S+/);
  expect(filtered.code).toBe(0);
}, 120_000);

it('names a folder that holds no build through pnpm remotes, where it looked, and how to make one', async () => {
  const missing = await pnpm('remotes', 'publish', 'quoting', 'mfe-quoting/nowhere');
  expect(missing.code).not.toBe(0);
  expect(missing.said).toContain(
    `No build folder at ${path.join(repo, 'mfe-quoting/nowhere')} ('mfe-quoting/nowhere' from ${repo}).`,
  );
  expect(missing.said).toContain("'pnpm --filter @agency/mfe-quoting build'");
}, 120_000);

it('takes only a folder holding a remote build', async () => {
  await expect(buildFolder('quoting', 'docs', repo)).rejects.toThrow(
    `${path.join(repo, 'docs')} ('docs' from ${repo}) holds no mf-manifest.json`,
  );
  const build = await fakeRemoteBuild(root, 'absolute');
  expect(await buildFolder('quoting', build, '/elsewhere')).toBe(build);
});
