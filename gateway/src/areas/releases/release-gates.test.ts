import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeployToken } from '../../platform/http/guards/deploy-tokens';
import { readBuild, versionOf } from './content-version';
import { checksOf } from './database-state';
import { openRemoteStore, releaseStorage } from './release-storage';
import { createRemoteStore } from './remote-store';
import { signedIn } from '../../../test/auth-client';
import { remoteStore, setupApp } from '../../../test/helpers';
import { call, listen, seal, upload } from '../../../test/release-pipeline';

// A version is selectable only once its checks have passed (decision 0075): `live`, `canary`, `promote` and
// `rollback`, through the release API, the Releases tab and the operator's CLI, refuse a version whose latest checks
// are running, missing or failed, in the same state change that would select it.
//
// The checks are held deterministically: the test's copy of the shell has a named pipe (FIFO) for its
// `mf-manifest.json`, which the checks read once per run after recording that they run. The read waits until the
// test writes the manifest into the pipe, so "while the checks run" is a state the test holds, not a moment it
// hopes to hit.

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');
const gatewayRoot = path.resolve(import.meta.dirname, '../../..');
const quotingDist = path.join(repo, 'mfe-quoting/dist');

let t: Awaited<ReturnType<typeof setupApp>>;
let http: Awaited<ReturnType<typeof listen>>;
let work: string;
let token: string;
let shellManifest: string;
let gate: string;
let shellDir: string;

/** Lets one run of the checks read the shell's manifest: the real one, or `text`. Resolves once it is read. */
const pass = (text = shellManifest) => writeFile(gate, text);
/** The shell's manifest as if it provided React 18: the quoting build's React 19 then fails the `shared` check. */
const reactEighteen = () => shellManifest.replace(/"19\.\d+\.\d+"/g, '"18.3.1"');

const api = (method: string, apiPath: string, body?: unknown) => call(http.origin, token, method, apiPath, body);
const live = (version: string) => api('POST', '/api/releases/quoting/live', { version });
const canary = (version: string) => api('POST', '/api/releases/quoting/canary', { version, percent: 20 });

/** A copy of the quoting build with one file of its own, so it is a version of its own. */
async function variant(label: string): Promise<string> {
  const dir = path.join(work, label);
  await cp(quotingDist, dir, { recursive: true });
  await writeFile(path.join(dir, `variant-${label}.txt`), label);
  return dir;
}

/** Uploads a variant and seals it with the checks let through once (the shell's manifest as given). */
async function released(label: string, manifest?: string) {
  const version = await upload(http.origin, token, 'quoting', await variant(label));
  const [sealed] = await Promise.all([seal(http.origin, token, 'quoting', version), pass(manifest)]);
  expect(sealed.status).toBe(200);
  return { version, report: sealed.json.report as { passed: boolean } };
}

/** Seals `version` (again) and waits until its checks are recorded as running: they stay so until `pass()`. */
async function checksHeld(version: string) {
  const sealing = seal(http.origin, token, 'quoting', version);
  await vi.waitFor(async () => expect((await checksOf(t.db, 'quoting', version)).state).toBe('running'), {
    timeout: 20_000,
    interval: 20,
  });
  // Wrapped: an async function returning the promise itself would wait for it.
  return { sealing };
}

const stillRunning = (version: string) =>
  new RegExp(
    `^Quoting ${version.replace(/\./g, '\\.')}'s pre-flight checks are still running \\(since [^)]+\\), so it cannot be selected yet`,
  );
const refused = (version: string) =>
  `Quoting ${version} was refused by its pre-flight checks, so it can never be live: `;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'release-gates-'));
  shellDir = path.join(work, 'shell');
  await cp(path.join(repo, 'shell/dist'), shellDir, { recursive: true });
  gate = path.join(shellDir, 'mf-manifest.json');
  shellManifest = await readFile(gate, 'utf8');
  await rm(gate);
  await run('mkfifo', [gate]);
  t = await setupApp({ SHELL_DIR: shellDir });
  http = await listen(t.app);
  // Live from the operator's CLI, as `pnpm build` leaves them.
  await remoteStore(t).publish('marketing', path.join(repo, 'mfe-marketing/dist'));
  await remoteStore(t).publish('quoting', quotingDist);
  ({ token } = await createDeployToken(t.db, { remote: 'quoting', label: 'quoting CI', expiresInDays: 1, by: 'test' }));
}, 120_000);

afterAll(async () => {
  await http?.close();
  await t?.cleanup();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a version whose checks are running', () => {
  it('is refused as live and as a canary with 409, however long they take, and goes live once they pass', async () => {
    const version = await upload(http.origin, token, 'quoting', await variant('first'));
    const { sealing } = await checksHeld(version);
    for (const attempt of [live(version), canary(version)]) {
      const answer = await attempt;
      expect(answer.status).toBe(409);
      expect(answer.json.message).toMatch(stillRunning(version));
    }
    expect((await api('GET', '/api/releases/quoting')).json).toMatchObject({ canary: null });
    expect((await api('GET', '/api/releases/quoting')).json.live).not.toBe(version);

    await pass();
    const sealed = await sealing;
    expect(sealed.status).toBe(200);
    expect(sealed.json.report).toMatchObject({ passed: true });
    expect((await live(version)).json).toEqual({ remote: 'quoting', live: version, canary: null });
  }, 120_000);

  it('is not promoted while a canary’s checks run again, through the API or the Releases tab', async () => {
    const { version } = await released('canary');
    expect((await canary(version)).status).toBe(200);
    const { b: master } = await signedIn(t.app, t.db, 'master_admin', 'hine');
    const { sealing } = await checksHeld(version);
    for (const answer of [
      await api('POST', '/api/releases/quoting/promote', {}),
      await master.post('/api/admin/releases/quoting/promote'),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.json.message).toMatch(stillRunning(version));
    }
    await pass();
    expect((await sealing).json.report).toMatchObject({ passed: true });
    expect((await api('POST', '/api/releases/quoting/promote', {})).json).toMatchObject({ live: version });
  }, 120_000);
});

describe('a version whose checks failed', () => {
  it('is never selected: not live, not a canary, nor published by the operator unchecked', async () => {
    const { version, report } = await released('old-react', reactEighteen());
    expect(report.passed).toBe(false);
    for (const attempt of [live(version), canary(version)]) {
      const answer = await attempt;
      expect(answer.status).toBe(409);
      expect(answer.json.message).toContain(refused(version));
      expect(answer.json.message).toContain('does not match the shell’s 18.3.1');
    }
    await expect(remoteStore(t).publish('quoting', path.join(work, 'old-react'), { checks: 'skip' })).rejects.toThrow(
      refused(version).replace(/^Q/, 'q'),
    );
  }, 120_000);

  it('is not returned to by a rollback, through the API, the Releases tab or the CLI', async () => {
    // Two versions that passed, live one after the other: the first is what a rollback returns to ...
    const { version: earlier } = await released('earlier');
    expect((await live(earlier)).status).toBe(200);
    const { version: later } = await released('later');
    expect((await live(later)).status).toBe(200);
    // ... until its checks run again and fail (here: the shell moved on to a React it does not share).
    const { sealing: again } = await checksHeld(earlier);
    await pass(reactEighteen());
    expect((await again).json.report).toMatchObject({ passed: false });

    const { b: master } = await signedIn(t.app, t.db, 'master_admin', 'mere');
    for (const answer of [
      await api('POST', '/api/releases/quoting/rollback', {}),
      await master.post('/api/admin/releases/quoting/rollback'),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.json.message).toContain(refused(earlier));
    }
    const cli = await run(process.execPath, ['--import', 'tsx', 'src/cli/remotes.ts', 'rollback', 'quoting'], {
      cwd: gatewayRoot,
      env: { ...process.env, DATA_DIR: path.join(t.root, 'data'), SHELL_DIR: shellDir, LOG_LEVEL: 'error' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(refused(earlier).replace(/^Q/, 'q'));
    expect((await api('GET', '/api/releases/quoting')).json.live).toBe(later);
  }, 180_000);
});

describe('a version with no checks recorded', () => {
  it('is refused, naming what to do', async () => {
    // Stored as an operator's CLI from before the checks would have stored it: whole, never checked.
    const dir = await variant('unchecked');
    const version = versionOf(await readBuild(dir));
    await releaseStorage(t.db, t.stores.remotes, 'cli').files.put('quoting', version, dir);
    const answer = await live(version);
    expect(answer.status).toBe(409);
    expect(answer.json.message).toBe(
      `Quoting ${version} has no pre-flight checks recorded, so it cannot be selected: seal it through the release API, ` +
        'or publish its build with `remotes publish`, to have it checked.',
    );
  });
});

describe('checks recorded while a transition is being decided', () => {
  it('make the transition decide again on what they say: there is no moment between the look and the change', async () => {
    const { version } = await released('raced');
    const other = openRemoteStore(t.db, t.stores.remotes, 'token');
    let interleaved = false;
    const storage = releaseStorage(t.db, t.stores.remotes, 'cli');
    // The transition's look at the checks answers what they said then (passed); right after, before the change is
    // written, another gateway starts checking the version again.
    const store = createRemoteStore({
      ...storage,
      checks: async (name, v) => {
        const said = await checksOf(t.db, name, v);
        if (!interleaved) {
          interleaved = true;
          await other.record({ action: 'checks', remote: name, version: v, details: { running: true } });
        }
        return said;
      },
    });
    await expect(store.release('quoting', version)).rejects.toThrow(/pre-flight checks are still running/);
    expect(interleaved).toBe(true);
    expect((await store.status()).quoting?.current).not.toBe(version);
  }, 120_000);
});
