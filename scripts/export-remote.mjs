#!/usr/bin/env node
// `pnpm remote:export <remote> <dir> [--registry <url>]` (decision 0079): writes a remote's folder as the team's own
// repository holds it, outside this workspace. Its package.json names real versions instead of `workspace:` and
// `catalog:` (pnpm's own rewriting, as `pnpm pack` does for a published package), its tsconfig no longer extends the
// workspace's, and an .npmrc takes `@agency/*` packages (contracts) from the agency's registry. Then, in <dir>:
//   pnpm install (or npm install)  ->  pnpm run build  ->  DEPLOY_TOKEN=... pnpm run deploy --to <gateway origin>
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const repo = path.resolve(import.meta.dirname, '..');
const usage = 'usage: pnpm remote:export <remote> <dir> [--registry <url of the registry holding @agency/contracts>]';

const fail = (message) => {
  console.error(`remote:export: ${message}`);
  process.exit(1);
};

const { positionals, values } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { registry: { type: 'string' } } });
  } catch (error) {
    return fail(`${error.message}\n${usage}`);
  }
})();
const [remote, dir] = positionals;
if (!remote || !dir || positionals.length > 2) fail(usage);
const source = path.join(repo, `mfe-${remote}`);
const pkg = JSON.parse(await readFile(path.join(source, 'package.json'), 'utf8').catch(() => '{}'));
if (pkg.name !== `@agency/mfe-${remote}`) fail(`there is no remote called ${remote} (no mfe-${remote}/package.json)`);
let registry;
if (values.registry !== undefined) {
  try {
    registry = new URL(values.registry).href;
  } catch {
    fail(`--registry must be a URL, such as https://npm.beloud.co.nz/ (got ${values.registry})`);
  }
}
const target = path.resolve(dir);
if ((await readdir(target).catch(() => [])).length > 0) fail(`${target} is not empty`);

/** The workspace's pnpm, as it was invoked, or pnpm on PATH. */
const pnpm = (args, cwd) => execFileSync('pnpm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

// The files the repository tracks in the remote's folder: never a build, node_modules or a local .env.
const tracked = execFileSync('git', ['ls-files', '-z', '--', `mfe-${remote}`], { cwd: repo, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
for (const file of tracked) {
  const to = path.join(target, path.relative(`mfe-${remote}`, file));
  await mkdir(path.dirname(to), { recursive: true });
  await copyFile(path.join(repo, file), to);
}

// package.json as pnpm publishes it: `workspace:^` becomes `^<contracts version>`, `catalog:` the catalog's range.
const packDir = await mkdtemp(path.join(tmpdir(), 'remote-export-'));
try {
  pnpm(['pack', '--pack-destination', packDir], source);
  const [tarball] = (await readdir(packDir)).filter((f) => f.endsWith('.tgz'));
  if (!tarball) fail('pnpm pack wrote no tarball');
  const packed = JSON.parse(
    execFileSync('tar', ['-xzOf', path.join(packDir, tarball), 'package/package.json'], { encoding: 'utf8' }),
  );
  const left = JSON.stringify(packed).match(/"(workspace|catalog):[^"]*"/);
  if (left) fail(`package.json still names ${left[0]} after packing`);
  await writeFile(path.join(target, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);
} finally {
  await rm(packDir, { recursive: true, force: true });
}

// tsconfig.json without the workspace's base: the base's options, then the remote's own.
const tsconfigFile = path.join(target, 'tsconfig.json');
const tsconfig = JSON.parse(await readFile(tsconfigFile, 'utf8'));
if (typeof tsconfig.extends === 'string' && tsconfig.extends.startsWith('.')) {
  const base = JSON.parse(await readFile(path.resolve(source, tsconfig.extends), 'utf8'));
  const { extends: _, ...own } = tsconfig;
  const merged = { ...base, ...own, compilerOptions: { ...base.compilerOptions, ...own.compilerOptions } };
  await writeFile(tsconfigFile, `${JSON.stringify(merged, null, 2)}\n`);
}

await writeFile(path.join(target, '.gitignore'), 'node_modules/\ndist/\n');
if (registry) await writeFile(path.join(target, '.npmrc'), `@agency:registry=${registry}\n`);

console.log(
  `${pkg.name} written to ${target} (${tracked.length} files).\n` +
    (registry ? '' : 'Add an .npmrc naming the registry that holds @agency/contracts (@agency:registry=<url>).\n') +
    `Then, in that folder: pnpm install (or npm install), pnpm run build, and DEPLOY_TOKEN=... pnpm run deploy --to ` +
    `<gateway origin> (npm run deploy -- --to <gateway origin>).`,
);
