import type { PreflightReport, RemoteName } from '@agency/contracts';
import type { Env } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import { createRenderPool } from '../../platform/render/render-pool';
import { readObject, type ObjectStore } from '../../platform/storage/object-store';
import type { AssetUrls } from './asset-urls';
import { gzipSizes } from './gzip-sizes';
import { preflight } from './preflight';
import { fileKey, objectVersionFiles, type VersionManifest } from './version-files';

export interface VersionChecksDeps {
  env: Env;
  logger: Logger;
  remotes: ObjectStore;
  /** A version's server build as a local file for the render (areas/pages/remote-files.ts keeps them). */
  serverBuild: (name: RemoteName, version: string, manifest: VersionManifest) => Promise<string | null>;
  assets: AssetUrls;
}

/**
 * The pre-flight checks (preflight.ts) of a stored version, as the release API's seal and the operator's `remotes
 * publish` both run them: one way to check, whichever path a version comes by. Renders run in a pool of their own,
 * off the pages' pool, so a slow check never holds a visitor's page back and a version not yet checked never shares
 * a process with a live one; its processes start with the first check and go when idle.
 */
export function versionChecks({ env, logger, remotes, serverBuild, assets }: VersionChecksDeps) {
  const versions = objectVersionFiles(remotes, logger);
  const pool = createRenderPool({
    deadlineMs: env.serverRenderDeadlineMs,
    maxHeapMb: env.serverRenderMaxHeapMb,
    nodeEnv: env.nodeEnv,
    sandbox: env.teamCodeSandbox,
    logger,
    onIdleCrash: (remote, version) => logger.warn('pre-flight render process crashed', { remote, version }),
    practice: { url: `${env.publicConfig.publicOrigin}/`, config: env.publicConfig },
  });

  return {
    /** The report of a whole stored version's checks; throws when the version is not stored whole. */
    async run(remote: RemoteName, version: string): Promise<PreflightReport> {
      const manifest = await versions.manifest(remote, version);
      if (!manifest) throw new Error(`${remote} ${version} is not stored whole`);
      const read = async (name: RemoteName, v: string, file: string) =>
        Object.hasOwn(manifest.files, file) ? readObject(remotes, fileKey(name, v, file)) : null;
      return preflight(
        {
          read,
          gzipSizes: (name, v) =>
            gzipSizes((file) => read(name, v, file), { store: remotes, remote: name, version: v }),
          files: async () => Object.keys(manifest.files),
          serverBuild: (name, v) => serverBuild(name, v, manifest),
          publicPath: (name, v) => assets.base(name, v),
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
    },
    close: () => pool.close(),
  };
}

export type VersionChecks = ReturnType<typeof versionChecks>;
