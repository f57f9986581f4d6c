import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './start-gateway';

export interface RunningRegistry {
  /** The registry's URL, with its trailing slash (as `.npmrc` names one). */
  url: string;
  /** The npm configuration that lets `npm publish` / `pnpm publish` publish to it (any token is accepted). */
  authArg: string;
  stop: () => Promise<void>;
}

/**
 * A real npm registry (Verdaccio) on a free port with its own storage, as the agency's private registry: it holds
 * the `@agency/*` packages published to it and nothing else (no uplink), so whatever installs `@agency/contracts`
 * from it gets exactly what was published there.
 */
export async function startRegistry(): Promise<RunningRegistry> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-registry-'));
  const port = await freePort();
  const config = path.join(dir, 'config.yaml');
  await writeFile(
    config,
    [
      `storage: ${path.join(dir, 'storage')}`,
      'web: { enable: false }',
      `auth: { htpasswd: { file: ${path.join(dir, 'htpasswd')}, max_users: -1 } }`,
      'max_body_size: 50mb',
      'packages:',
      "  '@agency/*': { access: $all, publish: $all, unpublish: $all }",
      "  '**': { access: $all }",
      'log: { type: stdout, format: pretty, level: error }',
    ].join('\n'),
  );
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')),
    'bin/verdaccio',
  );
  const child = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}`);
    const ready = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('verdaccio did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    authArg: `--//127.0.0.1:${port}/:_authToken=test-publisher`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
