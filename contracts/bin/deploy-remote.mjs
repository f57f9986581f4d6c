#!/usr/bin/env node
// `pnpm run deploy` of a remote (decision 0059): what a team's pipeline runs in the remote's own folder. Plain
// JavaScript on Node's own modules, so it runs wherever the remote's folder is, with no gateway, database or
// workspace beside it.
//
//   pnpm run deploy --to <gateway origin> [--canary <percent>] [--message <text>] [--commit <sha>] [--no-build]
//   (with npm: npm run deploy -- --to <gateway origin> ...)
//     builds, uploads the files the gateway does not hold yet, prints the pre-flight checks and makes the version
//     live (or a canary); exits non-zero when anything is refused. The token is read from DEPLOY_TOKEN.
//   pnpm run deploy [--canary <percent>]
//     without --to, as before: builds and publishes into the gateway of this workspace (`remotes publish`).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Files sent at once. */
const PARALLEL = 4;

const fail = (message) => {
  console.error(`deploy: ${message}`);
  process.exit(1);
};

function options() {
  try {
    return parseArgs({
      allowPositionals: false,
      options: {
        to: { type: 'string' },
        canary: { type: 'string' },
        message: { type: 'string' },
        commit: { type: 'string' },
        'no-build': { type: 'boolean' },
        dist: { type: 'string', default: 'dist' },
      },
    }).values;
  } catch (error) {
    return fail(error.message);
  }
}

/** The remote this folder builds: `@agency/mfe-<name>` in its package.json. */
async function remoteName() {
  const pkg = JSON.parse(await readFile('package.json', 'utf8'));
  const name = /^@agency\/mfe-([a-z]+)$/.exec(pkg.name ?? '')?.[1];
  if (!name)
    fail(`run it in a remote's folder (package.json names ${pkg.name ?? 'nothing'}, not @agency/mfe-<remote>)`);
  return name;
}

/** The package manager that runs this script (`npm run deploy` or `pnpm run deploy`), to build with the same one. */
const packageManager = () => /^(npm|pnpm|yarn|bun)\//.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? 'pnpm';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Output of a git command, or undefined outside a repository. */
const git = (...args) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
};

/** The build's regular files, by `/`-separated path (links are no part of a build, as the gateway reads one). */
async function buildFiles(dir) {
  const found = [];
  async function walk(folder) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const bytes = await readFile(full);
        found.push({
          path: path.relative(dir, full).split(path.sep).join('/'),
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          bytes,
        });
      }
    }
  }
  await walk(dir);
  return found;
}

function client(origin, token) {
  return async function call(method, apiPath, body, raw) {
    const url = new URL(apiPath, origin);
    let res;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(raw
            ? { 'content-type': 'application/octet-stream' }
            : body
              ? { 'content-type': 'application/json' }
              : {}),
        },
        body: raw ?? (body ? JSON.stringify(body) : undefined),
      });
    } catch (error) {
      return fail(`could not reach ${url.origin}: ${error.cause?.message ?? error.message}`);
    }
    if (res.status === 204) return null;
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const said = json?.message ?? text.slice(0, 200);
    // The gateway's database or file store is down for now (decision 0086): its sentence, and when to try again.
    if (res.status === 503) {
      const after = res.headers.get('retry-after');
      fail(
        `${method} ${url.pathname} could not be done now: ${said}` +
          `${after ? ` (the gateway asks to try again after ${after} s)` : ''}; nothing was released by this step`,
      );
    }
    if (!res.ok) fail(`${method} ${url.pathname} was refused: ${said}`);
    return json;
  };
}

/** This machine: `localhost` and its subdomains, 127.0.0.0/8, ::1. */
const isLoopback = (host) =>
  host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';

/**
 * The gateway's origin from --to. Over https only: the deploy token travels in every request, and over plain http
 * anyone on the way reads it. http is accepted for this machine alone (a gateway under test, `pnpm dev`).
 */
function targetOrigin(to) {
  let url;
  try {
    url = new URL(to);
  } catch {
    return fail(`--to must be the gateway's origin, such as https://beloud.co.nz (got ${to})`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return url.origin;
  return fail(
    `--to must be an https:// origin, such as https://beloud.co.nz (got ${to}): over anything else the deploy ` +
      'token can be read on its way. http:// is accepted only for this machine (localhost, 127.0.0.1, [::1]).',
  );
}

const describe = (state) =>
  `live ${state.live ?? 'none'}` +
  (state.canary ? `, canary ${state.canary.version} for ${state.canary.percent}% of visitors` : ', no canary');

async function main() {
  const opts = options();
  const remote = await remoteName();
  const percent = opts.canary === undefined ? undefined : Number(opts.canary);
  if (percent !== undefined && !(Number.isInteger(percent) && percent >= 1 && percent <= 99))
    fail('--canary must be a whole percentage from 1 to 99');

  // Before building: a target the token must not be sent to is refused at once.
  const origin = opts.to === undefined ? undefined : targetOrigin(opts.to);
  if (!opts['no-build']) run(packageManager(), ['run', 'build']);
  const dist = path.resolve(opts.dist);

  if (!origin) {
    // As before: into the gateway of this workspace, on this machine.
    run('pnpm', [
      '--filter',
      '@agency/gateway',
      'run',
      'remotes',
      'publish',
      remote,
      dist,
      ...(percent ? ['--canary', String(percent)] : []),
    ]);
    return;
  }

  const token = process.env.DEPLOY_TOKEN;
  if (!token) fail('set DEPLOY_TOKEN to a deploy token for this remote (a master admin makes one)');
  const commit = opts.commit ?? process.env.GITHUB_SHA ?? process.env.CI_COMMIT_SHA ?? git('rev-parse', 'HEAD');
  const message = opts.message ?? process.env.CI_COMMIT_TITLE ?? git('log', '-1', '--pretty=%s');
  const provenance = {
    ...(commit ? { commit: commit.slice(0, 80) } : {}),
    ...(message ? { message: message.slice(0, 500) } : {}),
  };
  const call = client(origin, token);

  const files = await buildFiles(dist).catch(() => fail(`${dist} is not a build: run the build first`));
  const manifest = files.find((f) => f.path === 'mf-manifest.json');
  if (!manifest) fail(`${dist} has no mf-manifest.json: build the remote first`);
  const buildVersion = JSON.parse(manifest.bytes.toString('utf8')).metaData?.buildInfo?.buildVersion ?? '0.0.0';

  const base = `/api/releases/${remote}`;
  const plan = await call('POST', `${base}/uploads`, {
    buildVersion,
    files: files.map(({ path: p, size, sha256 }) => ({ path: p, size, sha256 })),
    ...provenance,
  });
  console.log(`${remote} ${plan.version}: ${files.length} files, ${plan.missing.length} to send`);
  const queue = [...plan.missing];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let hash = queue.shift(); hash; hash = queue.shift()) {
        const file = files.find((f) => f.sha256 === hash);
        await call('PUT', `${base}/uploads/${plan.version}/files/${hash}`, undefined, file.bytes);
      }
    }),
  );
  const sealed = await call('POST', `${base}/uploads/${plan.version}/seal`, provenance);
  console.log('pre-flight checks:');
  for (const check of sealed.report.checks)
    console.log(`  ${check.passed ? 'pass' : 'FAIL'}  ${check.name}: ${check.detail}`);
  if (!sealed.report.passed)
    fail(`${remote} ${plan.version} was refused by its pre-flight checks; nothing was released`);

  const state =
    percent === undefined
      ? await call('POST', `${base}/live`, { version: plan.version, ...provenance })
      : await call('POST', `${base}/canary`, { version: plan.version, percent, ...provenance });
  console.log(`${remote}: ${describe(state)}`);
}

await main();
