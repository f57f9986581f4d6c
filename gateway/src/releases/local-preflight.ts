import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { remoteBaseUrl, SERVER_BUILD_FILE, type PreflightReport, type RemoteName } from '@agency/contracts';
import type { Env } from '../env';
import { createLogger } from '../logger';
import { createRenderPool } from '../render/render-pool';
import { readBuild } from './content-version';
import { preflight } from './preflight';

/**
 * The pre-flight checks of a build on this machine, for the operator's `remotes publish` (decision 0080): the same
 * checks the release API runs on an upload, on the folder the version was just stored from (its name is the hash of
 * those files). Renders run in a render pool of this command's own, closed when the checks end.
 */
export async function preflightLocalBuild(
  env: Env,
  remote: RemoteName,
  version: string,
  distDir: string,
): Promise<PreflightReport> {
  const files = new Set((await readBuild(distDir)).map((f) => f.path));
  const logger = createLogger(env.logLevel, (line) => process.stderr.write(line));
  const pool = createRenderPool({
    deadlineMs: env.serverRenderDeadlineMs,
    maxHeapMb: env.serverRenderMaxHeapMb,
    nodeEnv: env.nodeEnv,
    sandbox: env.teamCodeSandbox,
    logger,
    onIdleCrash: (name, v) => logger.warn('pre-flight render process crashed', { remote: name, version: v }),
    practice: { url: `${env.publicConfig.publicOrigin}/`, config: env.publicConfig },
  });
  try {
    return await preflight(
      {
        read: async (_name, _v, file) => (files.has(file) ? readFile(path.join(distDir, file)) : null),
        files: async () => [...files],
        serverBuild: async () => {
          const file = path.join(distDir, SERVER_BUILD_FILE);
          return existsSync(file) ? file : null;
        },
        publicPath: (name, v) => remoteBaseUrl(name, v),
        shellDir: env.shellDir,
        sandbox: env.teamCodeSandbox,
        render: (task) => pool.run(task),
        warm: (shellFile) => pool.warm(shellFile),
        config: env.publicConfig,
        budgetsKb: env.releaseJsBudgetsKb,
      },
      remote,
      version,
    );
  } finally {
    await pool.close();
  }
}
