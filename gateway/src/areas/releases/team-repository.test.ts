import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../../testing/start-gateway';
import { startRegistry, type RunningRegistry } from '../../../testing/start-registry';
import { readBuild, sha256, versionOf } from './content-version';

// A team releases its remote from its own repository (decision 0079): @agency/contracts is published to an npm
// registry (a real Verdaccio), the quoting remote's folder is exported to a folder outside the workspace, installs
// `@agency/contracts` from that registry, builds, and releases to a real gateway with a deploy token. Two checkouts
// of the same commit build the same version. Slow (real installs and builds): a system test with long timeouts.

const execFileAsync = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../../..');

let registry: RunningRegistry;
let gateway: RunningGateway;
let work: string;
let teamA: string;
let token: string;

/**
 * What a team's machine has: Node and pnpm on PATH, nothing of this workspace (no node_modules/.bin of it, none of
 * the npm_* settings pnpm hands the test runner, nor its NODE_ENV: the build picks its mode itself).
 */
function teamEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inRepo = (dir: string) => path.resolve(dir).startsWith(repo + path.sep);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_|pnpm_)/i.test(key) && key !== 'NODE_OPTIONS' && key !== 'NODE_ENV',
    ),
  );
  const pathDirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir && !inRepo(dir));
  return { ...env, PATH: [path.dirname(process.execPath), ...pathDirs].join(path.delimiter), ...extra };
}

async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = teamEnv()) {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

async function mustRun(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv) {
  const result = await run(command, args, cwd, env);
  expect(result.code, `${command} ${args.join(' ')} in ${cwd}:\n${result.out}`).toBe(0);
  return result.out;
}

/** Each file of a build by path, as its SHA-256. */
async function fileHashes(dist: string) {
  return Object.fromEntries((await readBuild(dist)).map((f) => [f.path, sha256(f.bytes)]));
}

beforeAll(async () => {
  work = await realpath(await mkdtemp(path.join(tmpdir(), 'team-repository-')));
  registry = await startRegistry();
  // The agency publishes contracts (compiled to JavaScript by its prepack step) while a gateway starts.
  const published = mustRun(
    'pnpm',
    ['publish', '--registry', registry.url, registry.authArg, '--no-git-checks'],
    path.join(repo, 'contracts'),
    process.env,
  );
  // Its start waits out the publish on a busy machine (two cores), hence the long readiness wait.
  [gateway] = await Promise.all([startGateway({}, { readyTimeoutMs: 180_000 }), published]);
  token = (await gateway.remotes('token', 'create', 'quoting', '--label', 'quoting team')).trim();
  // The quoting team's repository: the remote's folder as `pnpm remote:export` writes it, far from the workspace.
  teamA = path.join(work, 'team-a', 'mfe-quoting');
  await mustRun(
    process.execPath,
    [path.join(repo, 'scripts/export-remote.mjs'), 'quoting', teamA, '--registry', registry.url],
    repo,
    process.env,
  );
}, 300_000);

afterAll(async () => {
  await gateway?.stop();
  await registry?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("a team's own repository", () => {
  it('names real versions and takes @agency packages from the registry', async () => {
    const pkg = JSON.parse(await readFile(path.join(teamA, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const specs = Object.values({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(specs.filter((s) => /^(workspace|catalog):/.test(s))).toEqual([]);
    expect(pkg.dependencies['@agency/contracts']).toBe('^0.1.0');
    expect(await readFile(path.join(teamA, '.npmrc'), 'utf8')).toBe(`@agency:registry=${registry.url}\n`);
    const tsconfig = JSON.parse(await readFile(path.join(teamA, 'tsconfig.json'), 'utf8')) as { extends?: string };
    expect(tsconfig.extends).toBeUndefined();
    expect(await readdir(teamA)).not.toContain('dist');
  });

  it('installs from the registry, builds and releases with `pnpm run deploy --to` and a deploy token', async () => {
    // A first install resolves and writes the team's lockfile; public packages come from the public registry.
    await mustRun('pnpm', ['install', '--no-frozen-lockfile', '--prefer-offline'], teamA);
    // contracts is the published package, not this workspace's sources: compiled JavaScript, from the registry.
    const installed = await realpath(path.join(teamA, 'node_modules/@agency/contracts'));
    expect(installed.startsWith(teamA + path.sep)).toBe(true);
    expect(await readdir(installed)).toEqual(expect.arrayContaining(['dist', 'bin', 'package.json']));
    expect(await readdir(installed)).not.toContain('src');
    const meta = (await (await fetch(`${registry.url}@agency%2fcontracts`)).json()) as {
      versions: Record<string, { dist: { integrity: string } }>;
    };
    const lock = await readFile(path.join(teamA, 'pnpm-lock.yaml'), 'utf8');
    expect(lock).toContain(meta.versions['0.1.0']!.dist.integrity);

    const { code, out } = await run(
      'pnpm',
      ['run', 'deploy', '--to', gateway.url, '--message', 'From our own repo'],
      teamA,
      {
        ...teamEnv({ DEPLOY_TOKEN: token }),
      },
    );
    expect(out).toMatch(/pass {2}render: All 7 public pages rendered/);
    expect(code, out).toBe(0);
    const version = /quoting (\S+): \d+ files/.exec(out)![1]!;
    expect(version).toBe(versionOf(await readBuild(path.join(teamA, 'dist'))));
    expect(out).toContain(`quoting: live ${version}, no canary`);
    const state = await fetch(`${gateway.url}/api/releases/quoting`, { headers: { authorization: `Bearer ${token}` } });
    expect(await state.json()).toEqual({ remote: 'quoting', live: version, canary: null });
    // Visitors get it: the pointer names it, and its remote entry is served.
    const pointer = (await (await fetch(`${gateway.url}/mfe/pointer.json`)).json()) as {
      remotes: Record<string, { version: string; entry: string }>;
    };
    expect(pointer.remotes.quoting!.version).toBe(version);
    expect((await fetch(`${gateway.url}/mfe/quoting/${version}/remoteEntry.js`)).status).toBe(200);
  }, 400_000);

  it('builds the same version, file for file, in a second checkout of the same commit', async () => {
    // Another checkout: the repository's files and lockfile (no node_modules, no dist) at another path.
    const teamB = path.join(work, 'elsewhere', 'checkout', 'mfe-quoting');
    await mkdir(teamB, { recursive: true });
    for (const entry of await readdir(teamA))
      if (entry !== 'node_modules' && entry !== 'dist')
        await cp(path.join(teamA, entry), path.join(teamB, entry), { recursive: true });
    await mustRun('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], teamB);
    await mustRun('pnpm', ['run', 'build'], teamB);
    const [a, b] = await Promise.all([fileHashes(path.join(teamA, 'dist')), fileHashes(path.join(teamB, 'dist'))]);
    expect(Object.keys(b).length).toBeGreaterThan(20);
    expect(b).toEqual(a);
    expect(versionOf(await readBuild(path.join(teamB, 'dist')))).toBe(
      versionOf(await readBuild(path.join(teamA, 'dist'))),
    );
  }, 400_000);
});
