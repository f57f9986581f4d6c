import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployToken } from '../../platform/http/guards/deploy-tokens';
import { releaseActions } from '../../platform/db';
import { gatewayRoot } from '../../platform/db/paths';
import { readBuild, sha256 } from './content-version';
import { remoteStore, setupApp } from '../../../test/helpers';

// The pre-flight checks look at the browser build (decision 0080): every file the manifest names, the remote entry
// evaluated as the shell loads it, the singletons taken from the shell. Real quoting builds, over real HTTP and
// through the operator's `remotes publish`.

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');
const quoting = path.join(repo, 'mfe-quoting');
const shellDir = path.join(repo, 'shell/dist');

let t: Awaited<ReturnType<typeof setupApp>>;
let server: ServerType;
let origin: string;
let token: string;
let work: string;

interface Report {
  passed: boolean;
  checks: { name: string; passed: boolean; detail: string }[];
}

/** Uploads a build through the release API, as `deploy --to` does, and seals it: the pre-flight report. */
async function sealed(dir: string): Promise<{ version: string; report: Report }> {
  const call = async (method: string, apiPath: string, body?: unknown, raw?: Buffer) => {
    const res = await fetch(origin + apiPath, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': raw ? 'application/octet-stream' : 'application/json',
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${apiPath}: ${res.status} ${text}`).toBe(true);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const files = (await readBuild(dir)).map((f) => ({ ...f, sha256: sha256(f.bytes) }));
  const plan = (await call('POST', '/api/releases/quoting/uploads', {
    buildVersion: '0.1.0',
    files: files.map(({ path: p, bytes, sha256: h }) => ({ path: p, size: bytes.length, sha256: h })),
  })) as { version: string; missing: string[] };
  for (const hash of plan.missing)
    await call(
      'PUT',
      `/api/releases/quoting/uploads/${plan.version}/files/${hash}`,
      undefined,
      files.find((f) => f.sha256 === hash)!.bytes,
    );
  const answer = (await call('POST', `/api/releases/quoting/uploads/${plan.version}/seal`, {})) as { report: Report };
  return { version: plan.version, report: answer.report };
}

const checkOf = (report: Report, name: string) => report.checks.find((c) => c.name === name)!;

/** A copy of quoting's real build, changed by `edit`. */
async function variant(label: string, edit: (dir: string) => Promise<void>) {
  const dir = path.join(work, label);
  await cp(path.join(quoting, 'dist'), dir, { recursive: true });
  await edit(dir);
  return dir;
}

/**
 * Quoting built for real with `shared` emptied, as a team that dropped it from module-federation.config.ts would:
 * it bundles React, react-dom and the router facade. Its server build is the real one (this is about the browser).
 */
async function unsharedBuild() {
  const out = path.join(work, 'unshared');
  const config = path.join(work, 'unshared.config.ts');
  await writeFile(
    config,
    [
      `import { remoteRspackConfig } from ${JSON.stringify(path.join(repo, 'contracts/build/index.ts'))};`,
      `import federation from ${JSON.stringify(path.join(quoting, 'module-federation.config.ts'))};`,
      `const config = remoteRspackConfig({ context: ${JSON.stringify(quoting)}, remote: 'quoting', federation: { ...federation, shared: {} } });`,
      `export default { ...config, output: { ...config.output, path: ${JSON.stringify(out)} } };`,
    ].join('\n'),
  );
  const rspack = path.join(quoting, 'node_modules/@rspack/cli/bin/rspack.js');
  await run(process.execPath, [rspack, 'build', '--mode', 'production', '-c', config], {
    cwd: quoting,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await cp(path.join(quoting, 'dist/ssr'), path.join(out, 'ssr'), { recursive: true });
  return out;
}

/** The operator's `remotes publish` on this test's database and store: exit code and output. */
async function operatorPublish(dir: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/remotes.ts', 'publish', 'quoting', dir],
      { cwd: gatewayRoot, env: { ...process.env, DATA_DIR: t.env.dataDir, SHELL_DIR: shellDir, LOG_LEVEL: 'silent' } },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

let unshared: Promise<string>;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'browser-checks-'));
  unshared = unsharedBuild();
  unshared.catch(() => undefined);
  t = await setupApp({ SHELL_DIR: shellDir });
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await remoteStore(t).publish('quoting', path.join(quoting, 'dist'));
  ({ token } = await createDeployToken(t.db, { remote: 'quoting', label: 'quoting CI', expiresInDays: 1, by: 'test' }));
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.cleanup();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('pre-flight checks of the browser build', () => {
  it('pass the real quoting build: every named file, its entry loading every page, React from the shell', async () => {
    const { report } = await sealed(await variant('real', async (d) => writeFile(path.join(d, 'note.txt'), 'x')));
    expect(checkOf(report, 'files')).toMatchObject({ passed: true });
    expect(checkOf(report, 'entry')).toEqual({
      name: 'entry',
      passed: true,
      detail:
        'remoteEntry.js defines agency_quoting, and all 7 page modules the route table gives quoting load from it in a browser-like sandbox.',
    });
    expect(checkOf(report, 'shared')).toMatchObject({ passed: true });
    expect(report.passed, JSON.stringify(report)).toBe(true);
    // The first seal also starts the render pool and the shell's server build: generous on a busy machine.
  }, 300_000);

  it('refuse a build that bundles its own React (`shared` left empty), naming what to change', async () => {
    const { report } = await sealed(await unshared);
    expect(report.passed).toBe(false);
    const shared = checkOf(report, 'shared');
    expect(shared.passed).toBe(false);
    expect(shared.detail).toMatch(
      /^The build bundles its own copies of react, react-dom and @agency\/contracts\/router instead of sharing the shell's: add them to `shared` in module-federation.config.ts/,
    );
  }, 180_000);

  it('refuse a manifest that names a missing file: a refusal, not 0 bytes toward the budget', async () => {
    let chunk = '';
    const dir = await variant('missing-file', async (d) => {
      chunk = (await readdir(d)).find((f) => f.startsWith('__federation_expose_custom_quote_page'))!;
      await rm(path.join(d, chunk));
    });
    const { report } = await sealed(dir);
    expect(checkOf(report, 'files')).toEqual({
      name: 'files',
      passed: false,
      detail: `mf-manifest.json names 1 file the build does not have (${chunk}): upload the whole dist/ folder the build wrote, and let nothing rename or remove files after it.`,
    });
    expect(checkOf(report, 'budget')).toEqual({
      name: 'budget',
      passed: false,
      detail: 'Not checked: files the manifest names are missing.',
    });
    expect(checkOf(report, 'entry').detail).toContain('custom-quote-page threw while loading');
  }, 120_000);

  it('refuse a build whose manifest names a remote entry it does not have', async () => {
    const { report } = await sealed(await variant('no-entry', (d) => rm(path.join(d, 'remoteEntry.js'))));
    expect(checkOf(report, 'files').detail).toContain('(remoteEntry.js)');
    expect(checkOf(report, 'entry').detail).toBe(
      'The build has no remoteEntry.js, so the shell could not load any quoting page.',
    );
  }, 120_000);

  it('refuse a remoteEntry.js that throws', async () => {
    const dir = await variant('entry-throws', async (d) => {
      const file = path.join(d, 'remoteEntry.js');
      await writeFile(file, `throw new Error('the entry exploded');\n${await readFile(file, 'utf8')}`);
    });
    const { report } = await sealed(dir);
    expect(checkOf(report, 'entry')).toMatchObject({ passed: false });
    expect(checkOf(report, 'entry').detail).toMatch(/^remoteEntry\.js threw when it ran in a browser-like sandbox/);
    // Never the team code's own words.
    expect(JSON.stringify(report)).not.toContain('the entry exploded');
  }, 120_000);

  it('refuse a remoteEntry.js that defines no container', async () => {
    const dir = await variant('no-container', (d) =>
      writeFile(path.join(d, 'remoteEntry.js'), 'var somethingElse = 1;'),
    );
    const { report } = await sealed(dir);
    expect(checkOf(report, 'entry').detail).toMatch(/^remoteEntry\.js ran but defined no container agency_quoting/);
  }, 120_000);

  it('pass 300 bytes added to the start of remoteEntry.js that still evaluate (the portal origin stops those)', async () => {
    const dir = await variant('prepended', async (d) => {
      const file = path.join(d, 'remoteEntry.js');
      const added = `globalThis.__added = 1;/*${'x'.repeat(300 - 'globalThis.__added = 1;/**/'.length)}*/`;
      expect(added).toHaveLength(300);
      await writeFile(file, added + (await readFile(file, 'utf8')));
    });
    const { report } = await sealed(dir);
    for (const name of ['files', 'entry', 'shared'])
      expect(checkOf(report, name), name).toMatchObject({ passed: true });
  }, 120_000);
});

describe("the operator's `remotes publish`", () => {
  it('runs the same checks and refuses the same build, recording them', async () => {
    const before = (await remoteStore(t).status()).quoting?.current;
    const { code, out } = await operatorPublish(await unshared);
    expect(code, out).toBe(1);
    expect(out).toContain(
      "FAIL  shared: The build bundles its own copies of react, react-dom and @agency/contracts/router instead of sharing the shell's",
    );
    expect(out).toMatch(/quoting \S+ was refused by its pre-flight checks, so it can never be live/);
    expect((await remoteStore(t).status()).quoting?.current).toBe(before);
    const version = /quoting (\S+) was refused/.exec(out)![1]!;
    const [recorded] = await t.db
      .select()
      .from(releaseActions)
      .where(
        and(eq(releaseActions.version, version), eq(releaseActions.action, 'checks'), eq(releaseActions.actor, 'cli')),
      )
      // The latest: checks are recorded as running first (decision 0075), then with their report.
      .orderBy(desc(releaseActions.id));
    // The same build came through the API earlier: the operator's run is recorded again, as its own.
    expect(recorded).toMatchObject({ actor: 'cli', details: { passed: false } });
  }, 240_000);
});
